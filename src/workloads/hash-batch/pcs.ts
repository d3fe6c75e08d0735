// The hash batch's PCS region (docs/protocol.md §10.3): the stack is q_flock alone (offset 0, all
// 64 lanes, 2^μ words: the witness column is the stack as it stands, nothing to place); the
// ring claim on it is the Flock reduction's, and a bound batch adds its I/O slot claims
// (docs/bound-statement.md). The PCS prover and verifier are called from here only.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import type { FlockClaim } from '../../flock/lincheck/claim';
import { STACK_LEAF_WORDS } from '../../ntt/encode';
import type { PointClaim, StackClaims } from '../../pcs/stack/claims';
import { proveStackedOpening } from '../../pcs/stack/prover';
import { verifyStackedOpening } from '../../pcs/stack/verifier';
import { commitWitness, type WhirCommitment } from '../../pcs/whir/commit';
import type { ProverState } from '../../transcript/prover-state';
import type { VerifierState } from '../../transcript/verifier-state';
import { HASH_BATCH_LOG_INV_RATE } from './batch';

/** The level-0 commitment of q_flock (2^μ K words, a buffer of `backend`), which it then holds. */
export function commitQflock(backend: Backend, qflock: DeviceBuffer, mu: number): Promise<WhirCommitment> {
  return commitWitness(backend, qflock, mu, HASH_BATCH_LOG_INV_RATE);
}

/** The ring claim on q_flock, then the point claims, as the stacked opening takes them. */
function qflockClaims(claim: FlockClaim, mu: number, points: readonly PointClaim[]): StackClaims {
  return { ring: { offset: 0, vars: mu, claims: [claim] }, points };
}

/** Ring switch, stacked opening and WHIR for the Flock claim and any point claims on q_flock. */
export function openQflock(ps: ProverState, commitment: WhirCommitment, claim: FlockClaim, points: readonly PointClaim[] = []): Promise<void> {
  return proveStackedOpening(ps, commitment, qflockClaims(claim, commitment.logN, points));
}

/** The verifier's side of the same opening; throws VerificationError on a bad one. */
export function verifyQflockOpening(vs: VerifierState, root: Uint8Array, claim: FlockClaim, mu: number, points: readonly PointClaim[] = []): void {
  const view = { logN: mu, nLanes: STACK_LEAF_WORDS, logInvRate: HASH_BATCH_LOG_INV_RATE, root };
  verifyStackedOpening(vs, view, qflockClaims(claim, mu, points));
}
