// Large word arrays, recycled by the cpu and native backends. A fresh array's pages fault in
// on first touch (0.4–0.6 ms a MiB on a VM, often as much as the kernel that writes it, and
// several times more while the host backs the memory for the first time); a recycled one is
// mapped already. A backend takes its large arrays here and gives back what it frees.
//
// A request takes the smallest spare that holds it, up to FIT times its size, as a view of the
// spare's start: the halving tables of folds and sumcheck rounds live in what the larger ones
// before them freed. A buffer is handed out once until it comes back, so a view never shares
// memory with another live array.
//
// Spares never raise a peak: a request no spare within FIT serves takes a larger spare where a
// fresh array would pass what the pool has held (its pages are mapped already); one no spare
// holds first drops the oldest spares until
// what the pool then holds (its live arrays, the spares left and the new array) is no more than
// it has held before, so memory peaks (which happen at fresh allocations) come from live arrays
// alone, and a job's memory is what its live arrays add up to. The spares kept within that
// serve later requests (the opening's first fold takes a zerocheck table's pages), and a warm
// prover, which repeats its requests, finds them all again.
//
// Where the pool must drop spares to make room (it is at what it has held before), a `resize`
// it is given moves the largest spare's pages into the new array instead (the native module's
// maps, by mremap): those pages stay mapped, only the rest fault in, and the memory held is the
// same as dropping the spare and mapping anew.
//
// Dropped buffers go to `release` where one is given (the native module returns its own at
// once). V8 frees the others only when it collects them, which a long synchronous proof gives
// it no reason to do: with `collect`, the pool calls it before a fresh allocation once
// COLLECT_BYTES of them (and of arrays its backend reports with forget()) have been let go.
import { AllocationError, isArrayBufferFailure } from '../util/allocation';
import type { HeldMemory } from './backend';

/** Below this many bytes a fresh array is cheap: not kept. */
export const MIN_BYTES = 1 << 16;
/** A spare serves requests down to 1/FIT of its size. */
const FIT = 4;
/** Bytes let go between two collections (one takes some 10 ms). */
const COLLECT_BYTES = 2 ** 26;

type Buffer = ArrayBuffer | SharedArrayBuffer;

export interface WordPoolOptions {
  /** SharedArrayBuffers (which workers can see) rather than ArrayBuffers. */
  shared?: boolean;
  /** Spares kept at most, in bytes (default 2 GiB); the oldest go first. A 2^15 hash proof's
   * arrays, witness columns included, come to ≈ 1.3 GiB: under a 1 GiB cap, proofs run after
   * smaller ones evicted their own spares (≈ 74k page faults a proof against ≈ 1k). */
  capBytes?: number;
  /** Where fresh non-shared buffers come from (default: new ArrayBuffer); zeroed where `zeroed`
   * (takeZeroed(); take()'s may hold anything). `dense`: the taker will touch every page
   * (take(), and takeZeroed() where told), so they may be faulted in at once. It may throw
   * AllocationError; V8's RangeError for a buffer it cannot allocate becomes one. */
  allocate?: (bytes: number, dense: boolean, zeroed: boolean) => ArrayBuffer;
  /** Frees a buffer the pool drops, now, where it can (true); else V8 collects it. */
  release?: (buffer: ArrayBuffer | SharedArrayBuffer) => boolean;
  /** Moves the pages of buffers whose sizes `fits` into a new buffer of another such size
   * (detaching the old; the contents kept up to the smaller size, zero past it); an
   * AllocationError leaves the old buffer as it was. */
  resize?: { fits(bytes: number): boolean; move(buffer: ArrayBuffer, bytes: number, dense: boolean): ArrayBuffer };
  /** Collects unreachable arrays now (a Node host passes V8's gc). */
  collect?: () => void;
}

/** Node 20 posts no SharedArrayBuffer of 2^32 bytes or more to a worker (the message never
 * arrives), so shared arrays stay below this; a larger one is the calling thread's alone. */
export const MAX_SHARED_BYTES = 2 ** 32 - 4;

const sharedOrOwn = (bytes: number): ArrayBuffer | SharedArrayBuffer => (bytes <= MAX_SHARED_BYTES ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));

export class WordPool {
  /** Buffers handed out and not yet back: only these are taken back. */
  private readonly live = new WeakSet<Buffer>();
  /** Oldest first. */
  private spares: Buffer[] = [];
  /** Bytes of the spares, of the live buffers, and the most the two have come to. */
  private bytes = 0;
  private liveBytes = 0;
  private liveArrays = 0;
  private peakBytes = 0;
  private readonly capBytes: number;
  private readonly allocate: (bytes: number, dense: boolean, zeroed: boolean) => Buffer;
  private readonly release: (buffer: Buffer) => boolean;
  private readonly resize?: WordPoolOptions['resize'];
  private readonly collect?: () => void;
  /** Bytes let go to V8 since the last collection. */
  private garbage = 0;

  constructor(options: WordPoolOptions = {}) {
    this.capBytes = options.capBytes ?? 2 ** 31;
    this.allocate = options.shared ? sharedOrOwn : (options.allocate ?? ((bytes) => new ArrayBuffer(bytes)));
    this.release = options.release ?? (() => false);
    this.resize = options.shared ? undefined : options.resize;
    this.collect = options.collect;
  }

  /** Counts `bytes` of arrays outside the pool that nothing refers to any more. */
  forget(bytes: number): void {
    this.garbage += bytes;
  }

  /** `length` words with arbitrary contents; AllocationError naming `what` if they cannot be
   * had. */
  take(length: number, what = 'a pooled array'): Uint32Array {
    return this.obtain(length, what, true, false).words;
  }

  /** `length` zeroed words. A fresh array is zero already, and pages left unwritten stay
   * unmapped until a kernel touches them (a sparse accumulator never maps most), unless
   * `dense`: the taker reads or writes them all. */
  takeZeroed(length: number, what = 'a pooled array', dense = false): Uint32Array {
    const { words, dirty } = this.obtain(length, what, dense, true);
    return words.fill(0, 0, dirty);
  }

  /** take() or takeZeroed() (`dense`: the taker touches every page; `zeroed`: a fresh array
   * must be zero), with how many of the words (from the first) may not be zero. */
  private obtain(length: number, what: string, dense: boolean, zeroed: boolean): { words: Uint32Array; dirty: number } {
    const spare = this.spareFor(4 * length);
    if (spare !== undefined) return { words: new Uint32Array(spare, 0, length), dirty: length };
    const bytes = 4 * length;
    if (bytes < MIN_BYTES) return { words: new Uint32Array(this.fresh(bytes, what, dense, zeroed), 0, length), dirty: zeroed ? 0 : length };
    const grown = this.regrow(bytes, dense);
    let buffer: Buffer;
    if (grown !== null) buffer = grown.buffer;
    else {
      this.makeRoom(bytes);
      if (this.collect !== undefined && this.garbage >= COLLECT_BYTES) {
        this.garbage = 0;
        this.collect();
      }
      buffer = this.fresh(bytes, what, dense, zeroed);
    }
    this.live.add(buffer);
    this.liveArrays++;
    this.liveBytes += buffer.byteLength;
    this.peakBytes = Math.max(this.peakBytes, this.liveBytes + this.bytes);
    const dirty = grown !== null ? Math.min(length, grown.kept / 4) : zeroed ? 0 : length;
    return { words: new Uint32Array(buffer, 0, length), dirty };
  }

  /**
   * Where a fresh array of `bytes` would first drop spares, the largest spare `resize` moves,
   * grown to `bytes` (the others dropped as for a fresh array), and the bytes it kept; null
   * where there is none, or the move is refused (that spare then dropped).
   */
  private regrow(bytes: number, dense: boolean): { buffer: Buffer; kept: number } | null {
    const resize = this.resize;
    if (resize === undefined || !resize.fits(bytes) || this.liveBytes + this.bytes + bytes <= this.peakBytes) return null;
    let best = -1;
    this.spares.forEach((b, i) => {
      if (resize.fits(b.byteLength) && (best < 0 || b.byteLength > this.spares[best].byteLength)) best = i;
    });
    if (best < 0) return null;
    const [spare] = this.spares.splice(best, 1) as [ArrayBuffer];
    const kept = spare.byteLength;
    this.bytes -= kept;
    this.makeRoom(bytes);
    try {
      return { buffer: resize.move(spare, bytes, dense), kept };
    } catch (e) {
      if (!(e instanceof AllocationError)) throw e;
      this.letGo(spare);
      return null;
    }
  }

  /** Drops the oldest spares until what the pool holds and a new array of `bytes` come to no
   * more than it has held before (or no spare is left). */
  private makeRoom(bytes: number): void {
    while (this.spares.length > 0 && this.liveBytes + this.bytes + bytes > this.peakBytes) this.dropOldest();
  }

  /** Takes back words from take() that nothing reads any more; others are ignored (false). */
  give(words: Uint32Array): boolean {
    const buffer = words.buffer;
    if (words.byteOffset !== 0 || !this.live.has(buffer)) return false;
    this.live.delete(buffer);
    this.liveArrays--;
    this.liveBytes -= buffer.byteLength;
    if (buffer.byteLength > this.capBytes) {
      this.letGo(buffer);
      return true;
    }
    this.spares.push(buffer);
    this.bytes += buffer.byteLength;
    while (this.bytes > this.capBytes) this.dropOldest();
    return true;
  }

  /** The arrays handed out and not given back (a proof that frees all it took leaves these as
   * it found them). */
  held(): HeldMemory {
    return { buffers: this.liveArrays, bytes: this.liveBytes };
  }

  /** Drops the spares (the backend is being disposed). */
  clear(): void {
    while (this.spares.length > 0) this.dropOldest();
  }

  private dropOldest(): void {
    const buffer = this.spares.shift()!;
    this.bytes -= buffer.byteLength;
    this.letGo(buffer);
  }

  private letGo(buffer: Buffer): void {
    if (!this.release(buffer)) this.forget(buffer.byteLength);
  }

  private fresh(bytes: number, what: string, dense: boolean, zeroed: boolean): Buffer {
    try {
      return this.allocate(bytes, dense, zeroed);
    } catch (e) {
      if (e instanceof AllocationError) throw new AllocationError(e.memory, what, e.bytes || bytes, e.reason);
      if (isArrayBufferFailure(e)) throw new AllocationError('js', what, bytes, (e as Error).message);
      throw e;
    }
  }

  /** The spare a request of `bytes` takes: the smallest within FIT times its size, or, where a
   * fresh array would first cost spares (the pool at what it has held before), the smallest
   * larger one: memory held already, where a fresh array's pages would fault in anew. */
  private spareFor(bytes: number): Buffer | undefined {
    const fits = this.reuse(bytes);
    if (fits !== undefined || bytes < MIN_BYTES || this.liveBytes + this.bytes + bytes <= this.peakBytes) return fits;
    return this.reuse(bytes, Infinity);
  }

  /** The smallest spare of at least `bytes` (and at most `fit` times that), now live again. */
  private reuse(bytes: number, fit = FIT): Buffer | undefined {
    let best = -1;
    this.spares.forEach((b, i) => {
      if (b.byteLength >= bytes && b.byteLength <= fit * bytes && (best < 0 || b.byteLength < this.spares[best].byteLength)) best = i;
    });
    if (best < 0) return undefined;
    const [buffer] = this.spares.splice(best, 1);
    this.bytes -= buffer.byteLength;
    this.live.add(buffer);
    this.liveArrays++;
    this.liveBytes += buffer.byteLength;
    return buffer;
  }
}
