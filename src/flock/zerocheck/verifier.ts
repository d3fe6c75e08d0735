// The zerocheck verifier (docs/protocol.md §9.3): a replay, not a check. It reads the round-1
// values, interpolates them (with the assumed zeros on S) at z, runs the eq-factored rounds
// and derives v_c = claim + v_a·v_b; lincheck's terminal identity is what pins all three.
import { type E, eAdd, eMul } from '../../field/e';
import type { VerifierState } from '../../transcript/verifier-state';
import { K_LOG } from '../../kernels/flock/layout';
import { SKIP_NODES, interpolateSkip } from '../../kernels/flock/skip-domain';
import { equalityPoint } from '../../kernels/flock/challenges';
import type { ZerocheckClaim } from './claim';

/** c0 + c1·x + c2·x² for three packed coefficients. */
export function evalQuadratic(c: Uint32Array, x: E): E {
  return eAdd(c.subarray(0, 6), eMul(x, eAdd(c.subarray(6, 12), eMul(x, c.subarray(12, 18)))));
}

export function verifyZerocheck(vs: VerifierState, nBlocksLog: number): ZerocheckClaim {
  const m = K_LOG + nBlocksLog, vars = m - 6;
  const r = equalityPoint(vs, m);
  const round1 = vs.nextScalars(SKIP_NODES);
  const z = vs.sample();
  let claim = interpolateSkip(z, null, round1);
  const chi = new Uint32Array(6 * vars);
  for (let i = 0; i < vars; i++) {
    const coeffs = vs.nextRoundPoly(3, claim, r.subarray(6 * i, 6 * i + 6));
    const c = vs.sample();
    chi.set(c, 6 * i);
    claim = evalQuadratic(coeffs, c);
  }
  const va = vs.nextScalar(), vb = vs.nextScalar();
  return { z, chi, va, vb, vc: eAdd(claim, eMul(va, vb)) };
}
