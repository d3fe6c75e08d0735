// What each function returns, cell by cell: a scalar (one cell, a HeapBuf pointer included) or a
// StackBuf run of known size, read off the body's top-level statements. A wrapper may return
// what a later function returns, so the scan repeats until nothing changes.
import { SCALAR, shapeEq, type Expr, type Func, type ReturnShape, type Stmt } from './ast';
import { SourceError } from './errors';
import { U32_MAX } from './u128';

type Known = ReadonlyMap<string, readonly ReturnShape[]>;

export function inferReturnShapes(funcs: Func[]): void {
  let known: Known = new Map(funcs.map((f) => [f.name, Array<ReturnShape>(f.nRet).fill(SCALAR)]));
  for (let round = 0; round <= funcs.length; round++) {
    const next: Known = new Map(funcs.map((f) => [f.name, scan(f, known)]));
    const same = [...next].every(([n, s]) => {
      const o = known.get(n)!;
      return o.length === s.length && o.every((x, i) => shapeEq(x, s[i]));
    });
    known = next;
    if (same) break;
  }
  for (const f of funcs) f.returnShapes = known.get(f.name) ?? Array<ReturnShape>(f.nRet).fill(SCALAR);
}

function exprShape(e: Expr, locals: ReadonlyMap<string, ReturnShape>, known: Known): ReturnShape {
  const fits = (n: bigint): ReturnShape => {
    if (n > U32_MAX) throw new SourceError(e.at, `StackBuf size ${n} does not fit in u32`);
    return { k: 'stack', n: Number(n) };
  };
  switch (e.k) {
    case 'var':
      return locals.get(e.name) ?? SCALAR;
    case 'stackbuf':
      return fits(e.n);
    case 'list':
      return fits(BigInt(e.items.length));
    case 'call': {
      const r = known.get(e.name);
      return r !== undefined && r.length === 1 ? r[0] : SCALAR;
    }
    default:
      return SCALAR;
  }
}

function scan(f: Func, known: Known): ReturnShape[] {
  const locals = new Map<string, ReturnShape>(f.params.map((p) => [p, SCALAR]));
  let returns: ReturnShape[] = Array<ReturnShape>(f.nRet).fill(SCALAR);
  const bind = (s: Stmt) => {
    if (s.k === 'let') locals.set(s.name, exprShape(s.e, locals, known));
  };
  for (const s of f.body) {
    switch (s.k) {
      case 'let':
        bind(s);
        break;
      case 'lettuple': {
        const shapes = known.get(s.f);
        s.names.forEach((n, i) => locals.set(n, shapes?.[i] ?? SCALAR));
        break;
      }
      case 'unroll':
        // Straight-line copies: a binding of the last copy is visible after the loop, and one
        // symbolic pass over the body gives the shapes.
        locals.set(s.v, SCALAR);
        for (const inner of s.body) bind(inner);
        break;
      case 'return':
        returns = s.es.map((e) => exprShape(e, locals, known));
        break;
    }
  }
  return returns;
}
