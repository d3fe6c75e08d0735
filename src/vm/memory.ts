// The VM's write-once data memory, dense: six u32 words (an E word) per cell, a written flag,
// and each cell's access count as a plain integer A (the committed count is g^A). The arrays grow
// by doubling as the run touches higher cells; `length` is one past the highest cell touched,
// which is the reference's "memory used".
import { Fault, wordText } from './fault';
import { MAX_G_INDEX } from './gpow';

/** Cells this implementation addresses at most (the reference's address-space bound). */
export const MAX_CELLS = MAX_G_INDEX;

export class WriteOnceMemory {
  cells: Uint32Array;
  written: Uint8Array;
  count: Uint32Array;
  /** One past the highest cell touched. */
  length: number;

  constructor(initial: number) {
    // Room for the smallest memory and the fill frames above it without a copy.
    const cap = Math.max(1 << 17, initial);
    this.cells = new Uint32Array(6 * cap);
    this.written = new Uint8Array(cap);
    this.count = new Uint32Array(cap);
    this.length = initial;
  }

  /** Makes every cell up to `c` part of the touched range (the range only ever extends). */
  ensure(c: number): void {
    if (c < this.length) return;
    if (c >= this.written.length) this.grow(c);
    this.length = c + 1;
  }

  private grow(c: number): void {
    if (c >= MAX_CELLS) throw new Fault('memory', `cell ${c} is past the VM's 2^28 addressable cells`);
    let cap = this.written.length;
    while (cap <= c) cap *= 2;
    cap = Math.min(cap, MAX_CELLS);
    const cells = new Uint32Array(6 * cap);
    cells.set(this.cells);
    const written = new Uint8Array(cap);
    written.set(this.written);
    const count = new Uint32Array(cap);
    count.set(this.count);
    this.cells = cells;
    this.written = written;
    this.count = count;
  }

  isWritten(c: number): boolean {
    return c < this.length && this.written[c] === 1;
  }

  /** Writes src[at..at+6) to cell c, or checks it against what c already holds. */
  put(c: number, src: Uint32Array, at: number): void {
    this.ensure(c);
    const m = this.cells, o = 6 * c;
    if (this.written[c] === 1) {
      if (m[o] !== src[at] || m[o + 1] !== src[at + 1] || m[o + 2] !== src[at + 2] || m[o + 3] !== src[at + 3] || m[o + 4] !== src[at + 4] || m[o + 5] !== src[at + 5]) {
        throw new Fault('write-conflict', `write-once conflict at cell ${c} (a failed assert): it holds ${wordText(m, o)}, the step writes ${wordText(src, at)}`);
      }
      return;
    }
    m[o] = src[at];
    m[o + 1] = src[at + 1];
    m[o + 2] = src[at + 2];
    m[o + 3] = src[at + 3];
    m[o + 4] = src[at + 4];
    m[o + 5] = src[at + 5];
    this.written[c] = 1;
  }

  /** Writes the K word (lo, hi, 0, 0, 0, 0) to cell c, or checks it. */
  putK(c: number, lo: number, hi: number): void {
    K_WORD[0] = lo;
    K_WORD[1] = hi;
    this.put(c, K_WORD, 0);
  }

  /** Copies cell c's word to dst[at..at+6): zero if it was never written. */
  get(c: number, dst: Uint32Array, at: number): void {
    if (this.isWritten(c)) dst.set(this.cells.subarray(6 * c, 6 * c + 6), at);
    else dst.fill(0, at, at + 6);
  }

  /** The access count before this access, advancing it. */
  bump(c: number): number {
    this.ensure(c);
    return this.count[c]++;
  }
}

const K_WORD = new Uint32Array(6);
