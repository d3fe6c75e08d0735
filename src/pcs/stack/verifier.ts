// The stacked opening's verifier (docs/protocol.md §8): the same batching, then WHIR with the
// combined weight evaluated once, in closed form, at the terminal point.
import type { VerifierState } from '../../transcript/verifier-state';
import { verifyWhir } from '../whir/verifier';
import { batchClaims } from './batch';
import { checkClaims, type StackClaims, type StackShape } from './claims';
import { stackWeightAt } from './weight';

/** The verifier's view of a stacked commitment. */
export interface StackCommitmentView extends StackShape {
  readonly logInvRate: number;
  readonly root: Uint8Array;
}

/** Throws VerificationError on a bad opening; the caller then checks full consumption. */
export function verifyStackedOpening(vs: VerifierState, view: StackCommitmentView, claims: StackClaims): void {
  checkClaims(claims, view);
  const batch = batchClaims(vs, claims);
  verifyWhir(vs, {
    logN: view.logN,
    logInvRate: view.logInvRate,
    nLanes: view.nLanes,
    root: view.root,
    target: batch.target,
    weightAt: (x) => stackWeightAt(claims, batch, x),
  });
}
