// A bounds-checked reader of bincode 1 (fixint, little-endian) bytes. Every length is
// checked against the bytes that remain BEFORE anything is allocated, so a forged
// length fails at once instead of asking for gigabytes. A dry-run reader checks and
// skips without copying, so a parser can validate the whole layout before it builds.
import { ProofFormatError } from './errors';

const TWO_32 = 0x100000000;
// A u64 length is accepted only below 2^53, i.e. with a high word below 2^21.
const MAX_HIGH_WORD = 0x200000;
const NO_WORDS = new Uint32Array(0);
const NO_BYTES = new Uint8Array(0);

/** What is being read, for error messages; a function when it costs formatting to say. */
export type Describe = string | (() => string);
const say = (what: Describe): string => (typeof what === 'string' ? what : what());

export class ByteReader {
  private readonly view: DataView;
  offset = 0;

  /** dryRun: words() and raw() check bounds and skip, returning empty arrays. */
  constructor(private readonly bytes: Uint8Array, private readonly dryRun = false) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  private need(n: number, what: Describe): void {
    if (this.remaining < n) {
      throw new ProofFormatError(this.offset, `${say(what)} (${n} bytes), but only ${this.remaining} remain`);
    }
  }

  /** A u64 vector length whose elements take at least `minElementBytes` each. */
  length(what: Describe, minElementBytes: number): number {
    this.need(8, () => `the u64 length of ${say(what)}`);
    const at = this.offset;
    const lo = this.view.getUint32(at, true);
    const hi = this.view.getUint32(at + 4, true);
    if (hi >= MAX_HIGH_WORD) {
      throw new ProofFormatError(at, `a length of ${say(what)} below 2^53, got high word 0x${hi.toString(16)}`);
    }
    const n = hi * TWO_32 + lo;
    this.offset += 8;
    if (n * minElementBytes > this.remaining) {
      throw new ProofFormatError(
        at, `a length of ${say(what)} that fits the ${this.remaining} bytes left, got ${n} (≥ ${n * minElementBytes} bytes)`,
      );
    }
    return n;
  }

  /** n little-endian u32 words. */
  words(n: number, what: Describe): Uint32Array {
    this.need(4 * n, what);
    if (this.dryRun) {
      this.offset += 4 * n;
      return NO_WORDS;
    }
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.view.getUint32(this.offset + 4 * i, true);
    this.offset += 4 * n;
    return out;
  }

  /** n raw bytes (a copy). */
  raw(n: number, what: Describe): Uint8Array {
    this.need(n, what);
    if (this.dryRun) {
      this.offset += n;
      return NO_BYTES;
    }
    const out = this.bytes.slice(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  /** Reject trailing bytes. */
  end(): void {
    if (this.remaining !== 0) {
      throw new ProofFormatError(this.offset, `the end of the proof, but ${this.remaining} bytes follow`);
    }
  }
}

/** The matching writer: a fixed-size buffer filled front to back. */
export class ByteWriter {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private offset = 0;

  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }

  u64(n: number): void {
    this.view.setUint32(this.offset, n % TWO_32, true);
    this.view.setUint32(this.offset + 4, Math.floor(n / TWO_32), true);
    this.offset += 8;
  }

  words(w: Uint32Array): void {
    for (let i = 0; i < w.length; i++) this.view.setUint32(this.offset + 4 * i, w[i], true);
    this.offset += 4 * w.length;
  }

  raw(b: Uint8Array): void {
    this.bytes.set(b, this.offset);
    this.offset += b.length;
  }

  /** The bytes, once exactly the announced size has been written. */
  finish(): Uint8Array {
    if (this.offset !== this.bytes.length) {
      throw new Error(`writer sized for ${this.bytes.length} bytes got ${this.offset}`);
    }
    return this.bytes;
  }
}
