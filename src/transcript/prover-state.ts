// The prover's channel: every transmitted scalar is appended to the stream AND bound;
// grinding nonces are appended but bound only by their POW_NONCE step; Merkle phases
// ride beside the stream and are never bound (docs/protocol.md §3.2).
import type { E } from '../field/e';
import { Channel } from './channel';
import type { MerklePhase, Proof } from './proof';
import { NonceSearchError } from './errors';
import { powOk } from './pow';
import { rootToScalars } from './root';

/** A search for grinding's smallest nonce against a base, as [lo, hi]. */
export type NonceSearch = (base: Uint32Array, bits: number) => Promise<[number, number]>;

export class ProverState extends Channel {
  private stream = new Uint32Array(6 * 256);
  private words = 0;
  private readonly merkle: MerklePhase[] = [];

  /** Scalars transmitted so far. */
  get streamLength(): number {
    return this.words / 6;
  }

  private append(e: Uint32Array, offset: number): void {
    if (this.words + 6 > this.stream.length) {
      const grown = new Uint32Array(2 * this.stream.length);
      grown.set(this.stream);
      this.stream = grown;
    }
    for (let i = 0; i < 6; i++) this.stream[this.words + i] = e[offset + i];
    this.words += 6;
  }

  /** Transmit and bind the scalar at e[offset..offset+6). */
  addScalar(e: Uint32Array, offset = 0): void {
    this.fs.observe(e, offset);
    this.append(e, offset);
  }

  /** addScalar for n scalars packed as 6n words, in order. */
  addScalars(es: Uint32Array): void {
    for (let o = 0; o < es.length; o += 6) this.addScalar(es, o);
  }

  /** Transmit a digest as its two scalars (w0, w1, 0), (w2, w3, 0). */
  addRoot(digest: Uint8Array | Uint32Array): void {
    this.addScalars(rootToScalars(digest));
  }

  /**
   * Transmit a sumcheck round polynomial given as n packed coefficients, constant first,
   * leaving out the one the claim fixes: c0 in an eq-factored round, c1 in a plain one.
   */
  addRoundPoly(coeffs: Uint32Array, eqFactored: boolean): void {
    const n = coeffs.length / 6;
    if (!Number.isInteger(n) || n < 2) {
      throw new RangeError(`a round polynomial has at least two whole E coefficients, got ${coeffs.length} words`);
    }
    const fixed = eqFactored ? 0 : 1;
    for (let i = 0; i < n; i++) if (i !== fixed) this.addScalar(coeffs, 6 * i);
  }

  /** Grind `bits` (smallest u64 nonce), bind it, and transmit E(n, 0, 0) unobserved. */
  grind(bits: number): E {
    return this.sendNonce(this.fs.grind(bits));
  }

  /** grind(bits) with the nonce found by `search` (a backend's), which must find the smallest
   * one as grind does: a nonce that does not clear the bits is refused. */
  async grindBy(bits: number, search: NonceSearch): Promise<E> {
    const base = this.fs.powBase();
    const [lo, hi] = await search(base, bits);
    if (!powOk(base, Uint32Array.of(lo, hi, 0, 0, 0, 0), bits)) throw new NonceSearchError(`grindBy: the search's nonce ${hi}:${lo} does not clear ${bits} bits`);
    return this.sendNonce(this.fs.acceptNonce([lo, hi]));
  }

  private sendNonce(nonce: E): E {
    this.append(nonce, 0);
    return nonce;
  }

  /** Hand over one Merkle opening phase (not bound: the tree authenticates it). */
  addMerklePhase(phase: MerklePhase): void {
    this.merkle.push(phase);
  }

  finish(): Proof {
    return { stream: this.stream.slice(0, this.words), merkle: this.merkle.slice() };
  }
}
