// Powers of the generator g = x of K as (lo, hi) word pairs: multiplying by g is a shift and, when
// x^63 spills, a fold of x^64 = x^4 + x^3 + x + 1. The VM's addresses and counters are such powers.

/** g·(lo, hi) in K: a shift and, when x^63 spills, a fold of x^64 = x^4 + x^3 + x + 1. */
function mulByGLo(lo: number, hi: number): number {
  return ((lo << 1) ^ ((hi >> 31) & 0x1b)) >>> 0;
}
function mulByGHi(lo: number, hi: number): number {
  return ((hi << 1) | (lo >>> 31)) >>> 0;
}

/** p[k] = g·p[k − 1] for k in [from, upto]. A loop of its own: the interpreter grows the table
 * in small steps, and an optimised loop inside its caller deoptimised on every exit. */
export function powersFrom(p: Uint32Array, from: number, upto: number): void {
  for (let k = from; k <= upto; k++) {
    const lo = p[2 * k - 2], hi = p[2 * k - 1];
    p[2 * k] = mulByGLo(lo, hi);
    p[2 * k + 1] = mulByGHi(lo, hi);
  }
}

/** g^0 .. g^(n−1) as (lo, hi) word pairs. */
export function gPowerTable(n: number): Uint32Array {
  const p = new Uint32Array(2 * Math.max(n, 1));
  p[0] = 1;
  powersFrom(p, 1, n - 1);
  return p;
}
