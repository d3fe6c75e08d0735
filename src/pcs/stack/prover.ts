// The stacked opening's prover (docs/protocol.md §8): batch the claims, build the combined weight
// over the committed words once on the commitment's backend (by lanes in factored form where
// the backend keeps it so, Backend.stackWeight, and they cost less), and prove it with one WHIR opening,
// which keeps that weight for its first fold.
import type { ProverState } from '../../transcript/prover-state';
import type { WhirCommitment } from '../whir/commit';
import { proveWhir } from '../whir/prover';
import { batchClaims } from './batch';
import { checkClaims, type StackClaims } from './claims';
import { stackLaneWeight, stackWeightTable } from './weight';

export async function proveStackedOpening(ps: ProverState, commitment: WhirCommitment, claims: StackClaims): Promise<void> {
  checkClaims(claims, commitment);
  const batch = batchClaims(ps, claims);
  const { backend } = commitment.oracle;
  const lanes = backend.stackWeight === 'lanes' ? await stackLaneWeight(backend, claims, batch, commitment) : null;
  await proveWhir(ps, commitment, lanes ?? (await stackWeightTable(backend, claims, batch, commitment)), batch.target);
}
