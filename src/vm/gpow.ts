// Powers of the generator g = x in K and their discrete logs, as the interpreter needs both:
// a cell index k becomes the address g^k, and a pointer read back out of memory must be turned
// into the index it names. The forward table grows on demand (recursion depth, and so the
// address range, is unbounded). The reverse index holds only the exponents the interpreter
// announces (`note`, when it stores an address in memory: frame and buffer bases, return
// targets, fill frames) plus every exponent below the bytecode size and 2^16; a lookup that
// misses indexes everything covered and retries, so an address that arrives by another route
// (pointer arithmetic by MUL) is slow once, never wrong. Lookups answer exactly "k with
// g^k = x and k < covered", as leanVM-b's interpreter does.

import { powersFrom } from '../field/g-powers';

/** The reference's bound on the address space: indices below 2^28. */
export const MAX_G_INDEX = 1 << 28;

/** The smallest memory, 2^16 cells: range checks compare against powers below it. */
export const MIN_LOG_MEM = 16;

/** Slot of a K key in a table of 2^bits slots: a multiplicative mix of both words. */
function slotOf(lo: number, hi: number, shift: number): number {
  return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> shift;
}

export class GPow {
  // The powers, the index, its shift and its count are read (and the index and count written,
  // by lookups and notes only) by a plain-steps runner too (plain-steps.ts).
  /** g^k as words (lo, hi) at 2k, 2k + 1, for k < covered. */
  pow: Uint32Array;
  private len = 0;
  /** k + 1 at the slot g^k mixes to, 0 for empty; at most half full. */
  index = new Int32Array(0);
  shift = 32;
  /** Exponents the index holds. */
  noted = 0;
  private dense = false;

  /** Covers and indexes every exponent up to max(upto, 2^16). */
  constructor(upto: number) {
    const n = Math.max(upto, 1 << MIN_LOG_MEM);
    this.pow = new Uint32Array(2 * (n + 1));
    this.pow[0] = 1;
    this.len = 1;
    this.growTo(n);
    this.reindex(n + 1);
    for (let k = 0; k <= n; k++) this.insert(k);
  }

  /** One past the largest exponent covered. */
  get covered(): number {
    return this.len;
  }

  lo(k: number): number {
    return this.pow[2 * k];
  }

  hi(k: number): number {
    return this.pow[2 * k + 1];
  }

  /** Extends the forward table to cover exponent `upto` (false past MAX_G_INDEX). */
  growTo(upto: number): boolean {
    if (upto < this.len) return true;
    if (upto >= MAX_G_INDEX) return false;
    if (2 * (upto + 1) > this.pow.length) {
      const next = new Uint32Array(2 * Math.min(MAX_G_INDEX, Math.max(upto + 1, 2 * this.len)));
      next.set(this.pow.subarray(0, 2 * this.len));
      this.pow = next;
    }
    powersFrom(this.pow, this.len, upto);
    const from = this.len;
    this.len = upto + 1;
    if (this.dense) for (let k = from; k <= upto; k++) this.note(k);
    return true;
  }

  /** Announces that g^k (covered) may come back for inversion. Idempotent. */
  note(k: number): void {
    if (2 * (this.noted + 1) > this.index.length) {
      const old = this.index;
      this.reindex(this.noted + 1);
      for (let i = 0; i < old.length; i++) if (old[i] !== 0) this.insert(old[i] - 1);
    }
    this.insert(k);
  }

  /** The exponent k < covered with g^k = (lo, hi), or -1. */
  log(lo: number, hi: number): number {
    const k = this.lookup(lo, hi);
    if (k >= 0 || this.dense || this.noted === this.len) return k;
    // An address nobody announced: index the whole covered range and retry.
    this.dense = true;
    this.reindex(this.len);
    for (let j = 0; j < this.len; j++) this.insert(j);
    return this.lookup(lo, hi);
  }

  private lookup(lo: number, hi: number): number {
    const idx = this.index, p = this.pow, mask = idx.length - 1;
    for (let i = slotOf(lo, hi, this.shift); ; i = (i + 1) & mask) {
      const e = idx[i];
      if (e === 0) return -1;
      if (p[2 * (e - 1)] === lo && p[2 * e - 1] === hi) return e - 1;
    }
  }

  private insert(k: number): void {
    const idx = this.index, p = this.pow, mask = idx.length - 1;
    const lo = p[2 * k], hi = p[2 * k + 1];
    for (let i = slotOf(lo, hi, this.shift); ; i = (i + 1) & mask) {
      const e = idx[i];
      if (e === 0) {
        idx[i] = k + 1;
        this.noted++;
        return;
      }
      // Exponents below 2^28 have distinct powers (g has order 2^64 - 1).
      if (e - 1 === k) return;
    }
  }

  /** A fresh, empty index sized for `count` entries at most half full. */
  private reindex(count: number): void {
    let bits = 13;
    while (1 << bits < 2 * count) bits++;
    this.index = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    this.noted = 0;
  }
}
