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
    const reused = this.kept.get(length)?.pop();
    if (reused !== undefined) {
      this.bytes -= reused.byteLength;
      return reused;
    }
    const fresh = new Uint32Array(length);
    this.made.add(fresh);
    return fresh;
  }

  /** A zeroed array of `length` words. */
  takeZeroed(length: number): Uint32Array {
    return this.take(length).fill(0);
  }

  /** Takes back an array from take() that nothing uses any more. */
  give(a: Uint32Array): void {
    if (!this.made.has(a) || a.byteLength < MIN_BYTES || this.bytes + a.byteLength > this.capBytes) return;
    let list = this.kept.get(a.length);
    if (list === undefined) this.kept.set(a.length, (list = []));
    list.push(a);
    this.bytes += a.byteLength;
  }

  clear(): void {
    this.kept.clear();
    this.bytes = 0;
  }
}
