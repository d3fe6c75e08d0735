// Replacing a name by a compile-time value through a statement list: how a Const parameter
// specialises a function, an unroll counter becomes each copy's literal, and a match_range
// lambda parameter each arm's. A statement that rebinds the name ends the substitution for the
// statements after it; nested blocks are substituted on their own, their bindings being local.
// A node without the name comes back as itself, so an unroll of a large body copies only the
// paths to the counter's uses.
import { isBinary, type Bound, type Expr, type Stmt } from './ast';

const same = <T>(a: readonly T[], b: readonly T[]) => a.every((x, i) => x === b[i]);

/** `e` with every `name` replaced by `to` (expressions bind nothing, so no shadowing). */
export function substExpr(e: Expr, name: string, to: Expr): Expr {
  const s = (x: Expr) => substExpr(x, name, to);
  const list = (xs: readonly Expr[]) => {
    const ys = xs.map(s);
    return same(xs, ys) ? xs : ys;
  };
  if (isBinary(e)) {
    const a = s(e.a);
    const b = s(e.b);
    return a === e.a && b === e.b ? e : { ...e, a, b };
  }
  switch (e.k) {
    case 'var':
      return e.name === name ? { ...to, at: e.at } : e;
    case 'index': {
      const a = s(e.a);
      const i = s(e.i);
      return a === e.a && i === e.i ? e : { ...e, a, i };
    }
    case 'slice': {
      const a = s(e.a);
      const lo = s(e.lo);
      const hi = s(e.hi);
      return a === e.a && lo === e.lo && hi === e.hi ? e : { ...e, a, lo, hi };
    }
    case 'genpow': {
      const x = s(e.e);
      return x === e.e ? e : { ...e, e: x };
    }
    case 'heapbufdyn': {
      const size = s(e.size);
      return size === e.size ? e : { ...e, size };
    }
    case 'list': {
      const items = list(e.items);
      return items === e.items ? e : { ...e, items };
    }
    case 'call': {
      const args = list(e.args);
      return args === e.args ? e : { ...e, args };
    }
    case 'kw': {
      const value = s(e.value);
      return value === e.value ? e : { ...e, value };
    }
    default:
      return e;
  }
}

export function substStmts(stmts: readonly Stmt[], name: string, to: Expr): readonly Stmt[] {
  let out: Stmt[] | null = null;
  for (let i = 0; i < stmts.length; i++) {
    const [next, rebinds] = substStmt(stmts[i], name, to);
    if (next !== stmts[i]) {
      out ??= stmts.slice(0, i);
    }
    out?.push(next);
    if (rebinds) {
      if (out === null) return stmts;
      out.push(...stmts.slice(i + 1));
      return out;
    }
  }
  return out ?? stmts;
}

function substBound(b: Bound, name: string, to: Expr): Bound {
  if (b.k !== 'runtime') return b;
  const e = substExpr(b.e, name, to);
  return e === b.e ? b : { k: 'runtime', e };
}

/** One statement (itself when unchanged), and whether it rebinds `name`. */
function substStmt(st: Stmt, name: string, to: Expr): [Stmt, boolean] {
  const e = (x: Expr) => substExpr(x, name, to);
  const list = (xs: readonly Expr[]) => {
    const ys = xs.map(e);
    return same(xs, ys) ? xs : ys;
  };
  const block = (b: readonly Stmt[]) => substStmts(b, name, to);
  /** st with the given fields, or st itself when each is what it was. */
  const w = <S extends Stmt>(s: S, fields: Partial<S>): S => {
    for (const k of Object.keys(fields) as (keyof S)[]) if (fields[k] !== s[k]) return { ...s, ...fields };
    return s;
  };
  switch (st.k) {
    case 'let':
      return [w(st, { e: e(st.e) }), st.name === name];
    case 'lettuple':
      return [w(st, { args: list(st.args) }), st.names.includes(name)];
    case 'asserteq':
    case 'assertne':
      return [w(st, { a: e(st.a), b: e(st.b) }), false];
    case 'assertlt':
      return [w(st, { x: e(st.x), bound: substBound(st.bound, name, to) }), false];
    case 'call':
      return [w(st, { args: list(st.args) }), false];
    case 'print':
      return [w(st, { value: e(st.value) }), false];
    case 'hintwitness':
      return [w(st, { dest: e(st.dest) }), false];
    case 'store':
      return [w(st, { a: e(st.a), i: e(st.i), v: e(st.v) }), false];
    case 'return':
      return [w(st, { es: list(st.es) }), false];
    case 'callifne':
      return [w(st, { lhs: e(st.lhs), rhs: e(st.rhs), args: list(st.args) }), false];
    case 'for':
      // The counter shadows `name` inside the body only.
      return [w(st, { hi: substBound(st.hi, name, to), body: st.v === name ? st.body : block(st.body) }), false];
    case 'unroll':
      return [w(st, { lo: e(st.lo), hi: e(st.hi), body: st.v === name ? st.body : block(st.body) }), false];
    case 'if':
      return [w(st, { lhs: e(st.lhs), rhs: e(st.rhs), then: block(st.then), els: block(st.els) }), false];
    case 'match': {
      const cases = st.cases.map(block);
      return [w(st, { x: e(st.x), cases: same(st.cases, cases) ? st.cases : cases }), false];
    }
    case 'matchrange':
      return [w(st, { x: e(st.x), arms: list(st.arms) }), st.names.includes(name)];
  }
}
