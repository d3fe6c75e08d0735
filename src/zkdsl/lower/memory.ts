// Heap addressing and cell runs. A heap cell is m[p·g^β]: constant g-power offsets (a shifted
// view, a compile-time index) fold into the DEREF's β immediate, so only a runtime index costs
// a pointer MUL. A run of cells is a StackBuf (or a slice of one), used in place, or a heap
// slice, named by its pointer cell and first exponent.
import { describe, exprEq, type Expr } from '../ast';
import type { Off } from '../ir';
import { gPow } from '../words';
import { FOLD_MAX } from './consteval';
import type { CellRun, FnLower } from './lowerer';
import type { GAddr } from './scope';

/** A g-address in a cell: a constant is one SET; a shifted base a SET and a MUL. */
export function materialize(fl: FnLower, ga: GAddr): Off {
  if (ga.base !== null && ga.exp === 0n) return ga.base;
  const k = fl.fresh();
  fl.setConst(k, gPow(ga.exp));
  if (ga.base === null) return k;
  const o = fl.fresh();
  fl.arith('MUL', ga.base, k, o);
  return o;
}

/** Rejects a compile-time index past a declared HeapBuf's end (through shifted views too). */
export function checkHeapBound(fl: FnLower, arr: Expr, extra: bigint, span: bigint): void {
  const ga = fl.c.gaddr(arr);
  if (ga === undefined || ga.base === null) return;
  const exp = ga.exp + extra;
  const size = fl.heapSizes.get(ga.base);
  if (size === undefined || exp >= 1n << 128n) return;
  if (exp + span > size) {
    const name = [...fl.scope.vars].find(([, c]) => c === ga.base)?.[0] ?? describe(arr);
    if (span === 1n) fl.fail(`heap index ${exp} out of bounds for \`${name}\` (HeapBuf size ${size})`);
    fl.fail(`heap slice ${exp}:${exp + span} out of bounds for \`${name}\` (HeapBuf size ${size})`);
  }
}

/** arr·g^extra as (pointer cell, β): arr's shift and extra fold into β when it has a runtime
 * base and the total stays within the β range, else the pointer is materialised. */
export function heapBase(fl: FnLower, arr: Expr, extra: bigint): [Off, number] {
  checkHeapBound(fl, arr, extra, 1n);
  const ga = fl.c.gaddr(arr);
  if (ga !== undefined && ga.base !== null && ga.exp + extra <= FOLD_MAX) return [ga.base, Number(ga.exp + extra)];
  const a = fl.expr(arr);
  if (extra === 0n) return [a, 0];
  const k = fl.fresh();
  fl.setConst(k, gPow(extra));
  const ptr = fl.fresh();
  fl.arith('MUL', a, k, ptr);
  return [ptr, 0];
}

/** arr[idx] as (pointer cell, β). */
export function heapAddr(fl: FnLower, arr: Expr, idx: Expr): [Off, number] {
  const gi = fl.c.gaddr(idx);
  if (gi === undefined && fl.c.word(idx) !== undefined) {
    fl.fail(`heap index \`${describe(idx)}\` is a compile-time constant that is not a power of GEN: heap cell k is \`buf[GEN ** k]\` (StackBuf cells are indexed by integers, HeapBuf cells by g-powers)`, idx.at);
  }
  if (gi !== undefined && gi.base === null) return heapBase(fl, arr, gi.exp);
  if (gi !== undefined && gi.base !== null) {
    const ga = fl.c.gaddr(arr);
    if (ga !== undefined && ga.base !== null && ga.exp + gi.exp <= FOLD_MAX) {
      const ptr = fl.fresh();
      fl.arith('MUL', ga.base, gi.base, ptr);
      return [ptr, Number(ga.exp + gi.exp)];
    }
  }
  return arrayPtr(fl, arr, idx);
}

/** A runtime index: one pointer MUL, a constant g-power factor of the index riding in β. */
function arrayPtr(fl: FnLower, arr: Expr, idx: Expr): [Off, number] {
  if (arr.k === 'var' && fl.ctx.arrays.has(arr.name)) {
    fl.fail(`constant array \`${arr.name}\` needs a compile-time index, got the runtime \`${describe(idx)}\``, idx.at);
  }
  if (idx.k === 'mul') {
    for (const [c, r] of [[idx.a, idx.b], [idx.b, idx.a]]) {
      const k = fl.c.gpowIndex(c);
      if (k !== undefined) {
        const la = fl.expr(arr);
        const lr = fl.expr(r);
        const ptr = fl.fresh();
        fl.arith('MUL', la, lr, ptr);
        return [ptr, k];
      }
    }
  }
  const la = fl.expr(arr);
  const li = fl.expr(idx);
  const ptr = fl.fresh();
  fl.arith('MUL', la, li, ptr);
  return [ptr, 0];
}

/** A run of consecutive cells: a StackBuf, a slice of one, or a heap slice (compile-time
 * bounds, or a runtime start `buf[i:i + k]`). */
export function cellRun(fl: FnLower, e: Expr): CellRun {
  if (e.k === 'var') {
    const st = fl.stackOf(e);
    if (st === undefined) fl.fail(`\`${e.name}\` is not a StackBuf: only a StackBuf names a run of cells unsliced; slice a HeapBuf: \`buf[lo:lo + k]\``, e.at);
    return { k: 'stack', base: st.base, len: st.size };
  }
  if (e.k !== 'slice') return fl.fail(`expected a StackBuf, a StackBuf slice or a HeapBuf slice, got \`${describe(e)}\``, e.at);
  const lo = fl.c.index(e.lo);
  const hi = fl.c.index(e.hi);
  const st = fl.stackOf(e.a);
  if (lo !== undefined && hi !== undefined) {
    if (lo >= hi) fl.fail(`empty slice ${lo}:${hi}`, e.at);
    const len = hi - lo;
    if (st !== undefined) {
      if (hi > st.size) fl.fail(`slice ${lo}:${hi} out of bounds for \`${describe(e.a)}\` (StackBuf size ${st.size})`, e.at);
      return { k: 'stack', base: st.base + lo, len };
    }
    checkHeapBound(fl, e.a, BigInt(lo), BigInt(len));
    const [ptr, l] = heapBase(fl, e.a, BigInt(lo));
    return { k: 'heap', ptr, lo: l, len };
  }
  if (st !== undefined) fl.fail('a StackBuf slice needs compile-time bounds (frame offsets are baked into the bytecode)', e.at);
  const k = plusK(e.lo, e.hi);
  if (k === undefined) fl.fail(`a runtime slice must be \`buf[i:i + k]\` with a literal length k, got \`${describe(e.lo)}:${describe(e.hi)}\``, e.at);
  if (k === 0n || k > 0xffffffffn) fl.fail(`slice length ${k} is empty or too long`, e.at);
  const [ptr, l] = heapAddr(fl, e.a, e.lo);
  return { k: 'heap', ptr, lo: l, len: Number(k) };
}


/** k when hi is written `lo + k` (either order), the shape of a runtime slice. */
function plusK(lo: Expr, hi: Expr): bigint | undefined {
if (hi.k !== 'add') return undefined;
if (hi.a.k === 'lit' && exprEq(hi.b, lo)) return hi.a.v;
if (hi.b.k === 'lit' && exprEq(hi.a, lo)) return hi.b.v;
return undefined;
}
