// The stacked opening's prover (PROTOCOL.md §8): batch the claims, build the combined weight
// over the committed words once on the commitment's backend, and prove it with one WHIR
// opening, which keeps that weight for its first fold.
import type { ProverState } from '../../transcript/prover-state';
import type { WhirCommitment } from '../whir/commit';
import { proveWhir } from '../whir/prover';
import { batchClaims } from './batch';
import { checkClaims, type StackClaims } from './claims';
import { stackWeightTable } from './weight';

export async function proveStackedOpening(ps: ProverState, commitment: WhirCommitment, claims: StackClaims): Promise<void> {
  checkClaims(claims, commitment);
  const batch = batchClaims(ps, claims);
  const weight = await stackWeightTable(commitment.oracle.backend, claims, batch, commitment);
  await proveWhir(ps, commitment, weight, batch.target);
}
