// Freed arrays kept for reuse, by length. A fresh large typed array is zero pages that every
// kernel run faults in again (at 2^20 words that costs as much as the NTT itself); a reused
// one is already mapped. Only arrays the pool made are kept: each belongs to one buffer, so
// nothing else can still be reading one that is handed out again.

/** Below this many bytes a fresh array is cheap. */
const MIN_BYTES = 1 << 16;

export class ArrayPool {
  private readonly kept = new Map<number, Uint32Array[]>();
  private readonly made = new WeakSet<Uint32Array>();
  private bytes = 0;

  constructor(private readonly capBytes: number) {}

  /** An array of `length` words with arbitrary contents (fresh ones are zero). */
  take(length: number): Uint32Array {
    return this.reuse(length) ?? this.fresh(length);
  }

  /** A zeroed array of `length` words: a fresh one is zero already, and left unwritten its
   * pages stay unmapped until a kernel touches them (a sparse accumulator never maps most). */
  takeZeroed(length: number): Uint32Array {
    return this.reuse(length)?.fill(0) ?? this.fresh(length);
  }

  /** Takes back an array from take() that nothing uses any more. */
  give(a: Uint32Array): void {
    if (!this.made.has(a) || a.byteLength < MIN_BYTES || this.bytes + a.byteLength > this.capBytes) return;
    let list = this.kept.get(a.length);
    if (list === undefined) this.kept.set(a.length, (list = []));
    list.push(a);
    this.bytes += a.byteLength;
  }

  private reuse(length: number): Uint32Array | undefined {
    const kept = this.kept.get(length)?.pop();
    if (kept !== undefined) this.bytes -= kept.byteLength;
    return kept;
  }

  private fresh(length: number): Uint32Array {
    const a = new Uint32Array(length);
    this.made.add(a);
    return a;
  }

  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }
}
