// What the zerocheck leaves, prover and verifier alike (docs/protocol.md §9.3): the claims on a, b and
// c at the quirky point (z, χ).
import type { E } from '../../field/e';

export interface ZerocheckClaim {
  /** the univariate-skip point */
  readonly z: E;
  /** χ, one challenge per multilinear variable (m − 6, packed) */
  readonly chi: Uint32Array;
  readonly va: E;
  readonly vb: E;
  /** never transmitted: claim + v_a·v_b */
  readonly vc: E;
}
