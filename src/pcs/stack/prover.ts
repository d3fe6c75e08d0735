// The stacked opening's prover (PROTOCOL.md §8): batch the claims, build the combined weight
// over the committed words once, and prove it with one WHIR opening.
import type { ProverState } from '../../transcript/prover-state';
import type { WhirCommitment } from '../whir/commit';
import { proveWhir } from '../whir/prover';
import { batchClaims } from './batch';
import { checkClaims, type StackClaims } from './claims';
import { stackWeightTable } from './weight';

export function proveStackedOpening(ps: ProverState, commitment: WhirCommitment, claims: StackClaims): void {
  checkClaims(claims, commitment);
  const batch = batchClaims(ps, claims);
  proveWhir(ps, commitment, stackWeightTable(claims, batch, commitment), batch.target);
}
