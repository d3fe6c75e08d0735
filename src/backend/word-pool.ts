// Large word arrays, recycled by the cpu and native backends. A fresh array's pages fault in
// on first touch (0.4–0.6 ms a MiB on a VM, often as much as the kernel that writes it, and
// several times more while the host backs the memory for the first time); a recycled one is
// mapped already. A backend takes its large arrays here and gives back what it frees.
//
// A request takes the smallest spare that holds it, up to FIT times its size, as a view of the
// spare's start: the halving tables of folds and sumcheck rounds live in what the larger ones
// before them freed. A buffer is handed out once until it comes back, so a view never shares
// memory with another live array.

/** Below this many bytes a fresh array is cheap: not kept. */
const MIN_BYTES = 1 << 16;
/** A spare serves requests down to 1/FIT of its size. */
const FIT = 4;

type Buffer = ArrayBuffer | SharedArrayBuffer;

export interface WordPoolOptions {
  /** SharedArrayBuffers (which workers can see) rather than ArrayBuffers. */
  shared?: boolean;
  /** Spares kept at most, in bytes (default 2 GiB); the oldest go first. A 2^15 hash proof's
   * arrays, witness columns included, come to ≈ 1.3 GiB: under a 1 GiB cap, proofs run after
   * smaller ones evicted their own spares (≈ 74k page faults a proof against ≈ 1k). */
  capBytes?: number;
  /** Where fresh non-shared buffers come from (default: new ArrayBuffer); zeroed. */
  allocate?: (bytes: number) => ArrayBuffer;
}

export class WordPool {
  /** Buffers handed out and not yet back: only these are taken back. */
  private readonly live = new WeakSet<Buffer>();
  /** Oldest first. */
  private spares: Buffer[] = [];
  private bytes = 0;
  private readonly capBytes: number;
  private readonly allocate: (bytes: number) => Buffer;

  constructor(options: WordPoolOptions = {}) {
    this.capBytes = options.capBytes ?? 2 ** 31;
    this.allocate = options.shared ? (bytes) => new SharedArrayBuffer(bytes) : (options.allocate ?? ((bytes) => new ArrayBuffer(bytes)));
  }

  /** `length` words with arbitrary contents (a fresh array is zero). */
  take(length: number): Uint32Array {
    const spare = this.reuse(4 * length);
    if (spare !== undefined) return new Uint32Array(spare, 0, length);
    const buffer = this.allocate(4 * length);
    if (buffer.byteLength >= MIN_BYTES) this.live.add(buffer);
    return new Uint32Array(buffer, 0, length);
  }

  /** `length` zeroed words. A fresh array is zero already, and pages left unwritten stay
   * unmapped until a kernel touches them (a sparse accumulator never maps most). */
  takeZeroed(length: number): Uint32Array {
    const spare = this.reuse(4 * length);
    return spare !== undefined ? new Uint32Array(spare, 0, length).fill(0) : this.take(length);
  }

  /** Takes back words from take() that nothing reads any more; others are ignored. */
  give(words: Uint32Array): void {
    const buffer = words.buffer;
    if (words.byteOffset !== 0 || !this.live.has(buffer)) return;
    this.live.delete(buffer);
    if (buffer.byteLength > this.capBytes) return;
    this.spares.push(buffer);
    this.bytes += buffer.byteLength;
    while (this.bytes > this.capBytes) this.bytes -= this.spares.shift()!.byteLength;
  }

  /** Drops the spares (the backend is being disposed). */
  clear(): void {
    this.spares = [];
    this.bytes = 0;
  }

  /** The smallest spare of at least `bytes` (and at most FIT times that), now live again. */
  private reuse(bytes: number): Buffer | undefined {
    let best = -1;
    this.spares.forEach((b, i) => {
      if (b.byteLength >= bytes && b.byteLength <= FIT * bytes && (best < 0 || b.byteLength < this.spares[best].byteLength)) best = i;
    });
    if (best < 0) return undefined;
    const [buffer] = this.spares.splice(best, 1);
    this.bytes -= buffer.byteLength;
    this.live.add(buffer);
    return buffer;
  }
}
