// What prover and verifier share of the lincheck (docs/protocol.md §9.4): its batched initial claim,
// the point its rounds leave, and the claim it hands to ring switching.
import { type E, eAdd, eMul } from '../../field/e';
import type { ZerocheckClaim } from '../zerocheck/claim';

/** What Flock leaves for ring switching: s_i = MLE(bit slice i of q_flock)(suffix), i < 64. */
export interface FlockClaim {
  /** χ'_in ‖ χ_out: m − 6 coordinates, the q_flock point */
  readonly suffix: Uint32Array;
  /** the 64 bit-slice values, packed */
  readonly s: Uint32Array;
}

/**
 * The lincheck's matrix term, e_rowᵀ(A_0 + αB_0)·w_col = value, with e_row = L(z) ⊗ eq(χ_in, ·)
 * and w_col = s ⊗ eq(χ'_in, ·): the one part of the terminal identity that walks the circuit.
 * A verifier may check it at once or defer it (docs/recursion.md §2).
 */
export interface MatrixTermClaim {
  readonly z: E;
  /** χ_in: the zerocheck point's 8 word-index coordinates (packed) */
  readonly chiIn: Uint32Array;
  /** the lincheck's batching challenge α */
  readonly alpha: E;
  /** χ'_in: the lincheck rounds' point (8 coordinates, packed) */
  readonly chiInPrime: Uint32Array;
  /** the 64 slice values (packed) */
  readonly s: Uint32Array;
  readonly value: E;
}

/** Both of the reduction's outputs: the zerocheck's claims and the lincheck's. */
export interface FlockReduction {
  readonly zerocheck: ZerocheckClaim;
  readonly claim: FlockClaim;
}

/** The batched initial claim v_a + α·v_b + α²·v_c + α³. */
export function lincheckClaim(zc: ZerocheckClaim, alpha: E): E {
  const a2 = eMul(alpha, alpha);
  return eAdd(eAdd(zc.va, eMul(alpha, zc.vb)), eAdd(eMul(a2, zc.vc), eMul(a2, alpha)));
}

/** χ'_in ‖ χ_out, χ'_in being the round challenges reversed (the top bit was bound first). */
export function lincheckSuffix(rounds: Uint32Array, chiOut: Uint32Array): Uint32Array {
  const n = rounds.length / 6;
  const out = new Uint32Array(rounds.length + chiOut.length);
  for (let i = 0; i < n; i++) out.set(rounds.subarray(6 * (n - 1 - i), 6 * (n - i)), 6 * i);
  out.set(chiOut, rounds.length);
  return out;
}
