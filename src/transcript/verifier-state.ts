// The verifier's channel: reads the stream in the order the prover wrote it, binding
// exactly what the prover bound, and fails with a VerificationError on anything a
// faithful prover could not have sent (docs/protocol.md §3.2).
import type { E } from '../field/e';
import { eAdd, eMul } from '../field/e';
import { Channel } from './channel';
import { VerificationError } from './errors';
import type { MerklePhase, Proof, RawMerklePath } from './proof';
import { isRootEncoding, scalarsToRoot } from './root';

/** One authenticated Merkle phase as the verifier met it: the root, the tree's leaves, the
 * queries in sampling order (duplicates kept), the row and leaf widths (K words), and each
 * query's full opening (the raw form's). */
export interface OpenedPhase {
  readonly root: Uint8Array;
  readonly nLeaves: number;
  readonly queries: readonly number[];
  readonly rowWords: number;
  readonly leafWords: number;
  readonly openings: readonly RawMerklePath[];
}

export class VerifierState extends Channel {
  private readonly proof: Proof;
  private next = 0;
  private phase = 0;
  /** Set to an array to collect, as the phases are authenticated, every query's full opening
   * in order: the raw proof's openings (the Python verifier's form), a by-product of verifying. */
  rawOpenings: RawMerklePath[] | undefined;
  /** Set to an array to collect every authenticated phase (the recursion guest's hints). */
  openedPhases: OpenedPhase[] | undefined;

  constructor(label: string | Uint8Array, statement: readonly E[], proof: Proof) {
    super(label, statement);
    if (proof.stream.length % 6 !== 0) {
      throw new VerificationError(`proof stream of ${proof.stream.length} words is not whole E scalars`);
    }
    this.proof = proof;
  }

  /** Scalars read so far. */
  get streamOffset(): number {
    return this.next;
  }

  // The next n scalars, unbound (a copy), or a VerificationError past the end.
  private take(n: number, what: string): Uint32Array {
    const total = this.proof.stream.length / 6;
    if (this.next + n > total) {
      throw new VerificationError(
        `proof stream exhausted: ${what} needs scalars ${this.next}..${this.next + n - 1}, the stream has ${total}`,
      );
    }
    const out = this.proof.stream.slice(6 * this.next, 6 * (this.next + n));
    this.next += n;
    return out;
  }

  /** Read and bind one transmitted scalar. */
  nextScalar(): E {
    const e = this.take(1, 'a scalar');
    this.fs.observe(e);
    return e;
  }

  /** Read and bind n scalars, packed as 6n words. */
  nextScalars(n: number): Uint32Array {
    const es = this.take(n, `${n} scalars`);
    this.fs.observeAll(es);
    return es;
  }

  /** Read and bind a digest's two scalars; a half whose c2 limb is not zero is no digest. */
  nextRoot(): Uint8Array {
    const at = this.next;
    const s = this.nextScalars(2);
    if (!isRootEncoding(s)) {
      throw new VerificationError(`root at stream scalars ${at}..${at + 1} has a nonzero c2 limb`);
    }
    return scalarsToRoot(s);
  }

  /**
   * Read a round polynomial of nCoeffs coefficients whose omitted one the claim fixes,
   * and return all of them packed, constant first. rEq = null: a plain round,
   * c1 = claim + c2 + … ; otherwise an eq-factored round, c0 = claim + rEq·(c1 + …).
   */
  nextRoundPoly(nCoeffs: number, claim: E, rEq: E | null): Uint32Array {
    if (!Number.isInteger(nCoeffs) || nCoeffs < 2) {
      throw new RangeError(`a round polynomial has at least two coefficients, got ${nCoeffs}`);
    }
    const fixed = rEq === null ? 1 : 0;
    const sent = this.nextScalars(nCoeffs - 1);
    const coeffs = new Uint32Array(6 * nCoeffs);
    coeffs.set(sent.subarray(0, 6 * fixed), 0);
    coeffs.set(sent.subarray(6 * fixed), 6 * (fixed + 1));
    let sum: E = new Uint32Array(6);
    for (let i = fixed + 1; i < nCoeffs; i++) sum = eAdd(sum, coeffs.subarray(6 * i, 6 * i + 6));
    coeffs.set(eAdd(claim, rEq === null ? sum : eMul(rEq, sum)), 6 * fixed);
    return coeffs;
  }

  /** Read a grinding nonce and check it clears `bits`; it is bound either way. */
  verifyGrind(bits: number): void {
    const at = this.next;
    const nonce = this.take(1, 'a grinding nonce');
    if (!this.fs.verifyPow(nonce, bits)) {
      throw new VerificationError(`grinding nonce at stream scalar ${at} does not clear ${bits} bits`);
    }
  }

  /** The next Merkle opening phase (unbound; the caller authenticates it). */
  nextMerklePhase(): MerklePhase {
    const phase = this.proof.merkle[this.phase];
    if (phase === undefined) {
      throw new VerificationError(`Merkle phase ${this.phase} is missing: the proof has ${this.proof.merkle.length}`);
    }
    this.phase++;
    return phase;
  }

  /** Succeeds only when the whole stream and every Merkle phase were consumed. */
  finish(): void {
    const total = this.proof.stream.length / 6;
    if (this.next !== total || this.phase !== this.proof.merkle.length) {
      throw new VerificationError(
        `proof not fully consumed: read ${this.next} of ${total} scalars and ${this.phase} of ${this.proof.merkle.length} Merkle phases`,
      );
    }
  }
}
