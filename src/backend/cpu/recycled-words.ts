// The cpu backend's large arrays, recycled. A fresh 64 MiB array costs 30–50 ms of page
// faults on first touch, a reused one a 3 ms fill; and V8 counts a SharedArrayBuffer in no
// isolate's external memory, so shared codewords the prover dropped would pile up (past a
// GiB in a loop of commits) until some unrelated collection. The backend hands back what
// it frees and takes from here, so memory stays at what is live plus a few spares.

/** Freed buffers kept for reuse; older ones are left to the collector. */
const MAX_SPARES = 4;

type Buffer = ArrayBuffer | SharedArrayBuffer;

export class RecycledWords {
  /** Buffers handed out and not yet back: only these are taken back. */
  private readonly live = new WeakSet<Buffer>();
  private readonly spares: Buffer[] = [];

  /** shared: SharedArrayBuffers, which workers can see, rather than ArrayBuffers. */
  constructor(private readonly shared: boolean) {}

  /** `length` zeroed words, in a spare of that size if there is one. */
  take(length: number): Uint32Array {
    const i = this.spares.findIndex((b) => b.byteLength === 4 * length);
    const buffer = i >= 0 ? this.spares.splice(i, 1)[0] : this.shared ? new SharedArrayBuffer(4 * length) : new ArrayBuffer(4 * length);
    this.live.add(buffer);
    const words = new Uint32Array(buffer);
    if (i >= 0) words.fill(0);
    return words;
  }

  /** Takes back words from take() that nothing will read again (others are ignored). */
  give(words: Uint32Array): void {
    const buffer = words.buffer;
    if (!this.live.has(buffer)) return;
    this.live.delete(buffer);
    this.spares.push(buffer);
    if (this.spares.length > MAX_SPARES) this.spares.shift();
  }

  /** Drops the spares (the backend is being disposed). */
  clear(): void {
    this.spares.length = 0;
  }
}
