// Replacing a name by a compile-time value through a statement list: how a Const parameter
// specialises a function, an unroll counter becomes each copy's literal, and a match_range
// lambda parameter each arm's. A statement that rebinds the name ends the substitution for the
// statements after it; nested blocks are substituted on their own, their bindings being local.
import { isBinary, type Bound, type Expr, type Stmt } from './ast';

/** `e` with every `name` replaced by `to` (expressions bind nothing, so no shadowing). */
export function substExpr(e: Expr, name: string, to: Expr): Expr {
  const s = (x: Expr) => substExpr(x, name, to);
  if (isBinary(e)) return { ...e, a: s(e.a), b: s(e.b) };
  switch (e.k) {
    case 'var':
      return e.name === name ? { ...to, at: e.at } : e;
    case 'index':
      return { ...e, a: s(e.a), i: s(e.i) };
    case 'slice':
      return { ...e, a: s(e.a), lo: s(e.lo), hi: s(e.hi) };
    case 'genpow':
      return { ...e, e: s(e.e) };
    case 'heapbufdyn':
      return { ...e, size: s(e.size) };
    case 'list':
      return { ...e, items: e.items.map(s) };
    case 'call':
      return { ...e, args: e.args.map(s) };
    case 'kw':
      return { ...e, value: s(e.value) };
    default:
      return e;
  }
}

export function substStmts(stmts: readonly Stmt[], name: string, to: Expr): Stmt[] {
  const out: Stmt[] = [];
  let active = true;
  for (const st of stmts) {
    if (!active) {
      out.push(st);
      continue;
    }
    const [next, rebinds] = substStmt(st, name, to);
    out.push(next);
    active = !rebinds;
  }
  return out;
}

function substBound(b: Bound, name: string, to: Expr): Bound {
  return b.k === 'runtime' ? { k: 'runtime', e: substExpr(b.e, name, to) } : b;
}

/** One statement, and whether it rebinds `name`. */
function substStmt(st: Stmt, name: string, to: Expr): [Stmt, boolean] {
  const e = (x: Expr) => substExpr(x, name, to);
  const block = (b: readonly Stmt[]) => substStmts(b, name, to);
  switch (st.k) {
    case 'let':
      return [{ ...st, e: e(st.e) }, st.name === name];
    case 'lettuple':
      return [{ ...st, args: st.args.map(e) }, st.names.includes(name)];
    case 'asserteq':
    case 'assertne':
      return [{ ...st, a: e(st.a), b: e(st.b) }, false];
    case 'assertlt':
      return [{ ...st, x: e(st.x), bound: substBound(st.bound, name, to) }, false];
    case 'call':
      return [{ ...st, args: st.args.map(e) }, false];
    case 'print':
      return [{ ...st, value: e(st.value) }, false];
    case 'hintwitness':
      return [{ ...st, dest: e(st.dest) }, false];
    case 'store':
      return [{ ...st, a: e(st.a), i: e(st.i), v: e(st.v) }, false];
    case 'return':
      return [{ ...st, es: st.es.map(e) }, false];
    case 'callifne':
      return [{ ...st, lhs: e(st.lhs), rhs: e(st.rhs), args: st.args.map(e) }, false];
    case 'for':
      // The counter shadows `name` inside the body only.
      return [{ ...st, hi: substBound(st.hi, name, to), body: st.v === name ? st.body : block(st.body) }, false];
    case 'unroll':
      return [{ ...st, lo: e(st.lo), hi: e(st.hi), body: st.v === name ? st.body : block(st.body) }, false];
    case 'if':
      return [{ ...st, lhs: e(st.lhs), rhs: e(st.rhs), then: block(st.then), els: block(st.els) }, false];
    case 'match':
      return [{ ...st, x: e(st.x), cases: st.cases.map(block) }, false];
    case 'matchrange':
      return [{ ...st, x: e(st.x), arms: st.arms.map(e) }, st.names.includes(name)];
  }
}
