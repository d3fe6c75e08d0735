// The Fiat–Shamir state (docs/protocol.md §3.1): a Merkle–Damgård chain whose chaining value
// cv (four K words = 8 u32) advances only by C(cv, (d0, d1, d2, tag)), the one-block
// BLAKE2s of cv ‖ block. It absorbs and squeezes; what is transmitted is the channels'
// business (prover-state.ts, verifier-state.ts).
import type { E } from '../field/e';
import { compressBlockInto } from '../hash/blake2s';
import { powOk, smallestNonce } from './pow';
import {
  TAG_BYTE, TAG_LEN, TAG_POW_BASE, TAG_POW_NONCE, TAG_SCALAR, TAG_SQUEEZE, TRANSCRIPT_DOMAIN,
} from './tags';

const TWO_32 = 0x100000000;
const textEncoder = new TextEncoder();

/** One compression of the chain, as a tap sees it: the tag, the three data K words (zeros for a
 * draw), the chaining value it started from and what it made (the new cv, or a grinding base). */
export interface TranscriptStep {
  readonly tag: number;
  readonly data: Uint32Array;
  readonly cv: Uint32Array;
  readonly out: Uint32Array;
}

export class FiatShamir {
  /** The chaining value: four K words as 8 u32 (LE, the digest's own byte order). */
  readonly cv = new Uint32Array(8);
  // cv ‖ (d0, d1, d2, tag) laid out as the 16-word message of one compression.
  private readonly block = new Uint32Array(16);
  private readonly chunk = new Uint32Array(6);
  /** Rounds so far: draws (a squeeze, a grinding base) that follow something bound. */
  rounds = 0;
  private drawing = false;
  /** Set to watch every compression (copies; the chain is unchanged): the recursion guest's hints
   * replay a verification's transcript step by step. */
  tap: ((step: TranscriptStep) => void) | undefined;

  /** A transcript seeded with the protocol domain, `label`, then each statement scalar. */
  static init(label: string | Uint8Array, statement: readonly E[] = []): FiatShamir {
    const fs = new FiatShamir();
    fs.absorbBytes(textEncoder.encode(TRANSCRIPT_DOMAIN));
    fs.absorbBytes(typeof label === 'string' ? textEncoder.encode(label) : label);
    for (const e of statement) fs.observe(e);
    return fs;
  }

  /** An independent copy (same cv). */
  clone(): FiatShamir {
    const fs = new FiatShamir();
    fs.cv.set(this.cv);
    return fs;
  }

  // out = C(cv, (data[offset..offset+6] or zeros, tag)); out may be cv itself.
  private step(data: Uint32Array | null, offset: number, tag: number, out: Uint32Array): void {
    const draws = tag === TAG_SQUEEZE || tag === TAG_POW_BASE;
    if (draws && !this.drawing) this.rounds++;
    this.drawing = draws;
    const b = this.block;
    b.set(this.cv, 0);
    if (data === null) b.fill(0, 8, 14);
    else for (let i = 0; i < 6; i++) b[8 + i] = data[offset + i];
    b[14] = tag;
    b[15] = 0;
    compressBlockInto(out, 0, b, 0);
    if (this.tap !== undefined) this.tap({ tag, data: b.slice(8, 14), cv: b.slice(0, 8), out: out.slice(0, 8) });
  }

  /** Length frame (len, 0, 0, LEN), then each 24-byte chunk, zero-padded, as (w0, w1, w2, BYTE). */
  absorbBytes(bytes: Uint8Array): void {
    const w = this.chunk;
    w.fill(0);
    w[0] = bytes.length % TWO_32;
    w[1] = Math.floor(bytes.length / TWO_32);
    this.step(w, 0, TAG_LEN, this.cv);
    for (let start = 0; start < bytes.length; start += 24) {
      w.fill(0);
      const end = Math.min(start + 24, bytes.length);
      for (let i = start; i < end; i++) w[(i - start) >>> 2] |= bytes[i] << (8 * (i & 3));
      this.step(w, 0, TAG_BYTE, this.cv);
    }
  }

  /** Bind the E scalar at e[offset..offset+6): cv = C(cv, (c0, c1, c2, SCALAR)). */
  observe(e: Uint32Array, offset = 0): void {
    this.step(e, offset, TAG_SCALAR, this.cv);
  }

  /** Bind n scalars packed as 6n words, in order. */
  observeAll(es: Uint32Array): void {
    for (let o = 0; o < es.length; o += 6) this.observe(es, o);
  }

  /** Squeeze: cv = C(cv, (0, 0, 0, SQUEEZE)); the challenge is its first three K words,
   * written to out[offset..offset+6). */
  sampleInto(out: Uint32Array, offset = 0): void {
    this.step(null, 0, TAG_SQUEEZE, this.cv);
    for (let i = 0; i < 6; i++) out[offset + i] = this.cv[i];
  }

  sample(): E {
    const e = new Uint32Array(6);
    this.sampleInto(e);
    return e;
  }

  /** n sequential challenges, packed as 6n words. */
  sampleVec(n: number): Uint32Array {
    const out = new Uint32Array(6 * n);
    for (let i = 0; i < n; i++) this.sampleInto(out, 6 * i);
    return out;
  }

  /**
   * `count` indices in [0, 2^logBlockLen), §3.4: each squeeze, read as the 192-bit
   * integer c0 + 2^64·c1 + 2^128·c2, yields ⌊192/d⌋ consecutive d-bit chunks, low bits
   * first; the last squeeze may be used only in part. Order and duplicates are kept.
   */
  sampleQueries(logBlockLen: number, count: number): number[] {
    const d = logBlockLen;
    if (!Number.isInteger(d) || d < 1 || d > 32) {
      throw new RangeError(`query sampling needs log2(block length) in [1, 32], got ${d}`);
    }
    const perSqueeze = Math.floor(192 / d);
    const mask = d === 32 ? 0xffffffff : 2 ** d - 1;
    const v = new Uint32Array(6);
    const out: number[] = [];
    while (out.length < count) {
      this.sampleInto(v);
      const take = Math.min(perSqueeze, count - out.length);
      for (let j = 0; j < take; j++) {
        const bit = j * d;
        const word = bit >>> 5, shift = bit & 31;
        // A chunk straddles two words when it runs past bit 32 of the first; d ≤ 32 means
        // never more than two, and j·d + d ≤ 192 keeps word + 1 inside the six.
        let chunk = v[word] >>> shift;
        if (shift + d > 32) chunk |= v[word + 1] << (32 - shift);
        out.push((chunk & mask) >>> 0);
      }
    }
    return out;
  }

  /** The grinding base C(cv, (0, 0, 0, POW_BASE)); cv is unchanged. */
  powBase(): Uint32Array {
    const base = new Uint32Array(8);
    this.step(null, 0, TAG_POW_BASE, base);
    return base;
  }

  /** cv = C(cv, (n.c0, n.c1, n.c2, POW_NONCE)): from cv, not from the base. */
  bindNonce(nonce: Uint32Array, offset = 0): void {
    this.step(nonce, offset, TAG_POW_NONCE, this.cv);
  }

  /** Prover: find the smallest u64 nonce clearing `bits` (0 for bits = 0), bind it, and
   * return it as E(n, 0, 0). */
  grind(bits: number): E {
    return this.acceptNonce(smallestNonce(this.powBase(), bits));
  }

  /** Prover: binds the u64 nonce [lo, hi] found against the current base and returns it as
   * E(n, 0, 0); grind's, or another search's that finds the same smallest one. */
  acceptNonce([lo, hi]: readonly [number, number]): E {
    const nonce = Uint32Array.of(lo, hi, 0, 0, 0, 0);
    this.bindNonce(nonce);
    return nonce;
  }

  /**
   * Verifier: whether `nonce` (any E value) clears `bits` against the current base; with
   * bits = 0 only the canonical nonce 0 is accepted, so proofs stay non-malleable there.
   * The nonce is bound whatever the answer, keeping the state in lockstep with the prover;
   * the caller rejects on false.
   */
  verifyPow(nonce: Uint32Array, bits: number, offset = 0): boolean {
    const ok = bits === 0
      ? (nonce[offset] | nonce[offset + 1] | nonce[offset + 2] | nonce[offset + 3] | nonce[offset + 4] | nonce[offset + 5]) === 0
      : powOk(this.powBase(), nonce, bits, offset);
    this.bindNonce(nonce, offset);
    return ok;
  }
}
