// The reference proofs' PCS region (vectors/flock/blake2s_batch_n{7..13}.proof, leanVM-b @
// 5df6c37) without the Flock prover: the zerocheck and lincheck part of a transcript is replayed
// (docs/protocol.md §10.3–§10.4: its scalars read or re-sent, its challenges drawn), which yields the
// ring claim's suffix point and its 64 values. Shared by the cpu and webgpu reference tests.
import type { Backend } from '../../src/backend/backend';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { generateWitness } from '../../src/kernels/flock/witness';
import { commitColumns, proveStackedOpening, type StackClaims } from '../../src/pcs/stack';
import { freeCommitment } from '../../src/pcs/whir';
import { ProverState, serializeProof, VerifierState } from '../../src/transcript';
import type { Channel, Proof } from '../../src/transcript';
import { readVector } from '../transcript/trace';

export const LABEL = 'flock-blake2s-batch';
const LINCHECK_ROUNDS = 8;

/**
 * Replays zerocheck and lincheck after the root (§10.3): `take(n)` transmits the next n
 * scalars (read by a verifier, re-sent by a prover). Returns the ring-switched claims.
 */
export function replayFlock(ch: Channel, take: (n: number) => Uint32Array, nLog: number): StackClaims {
  const m = 14 + nLog;
  ch.sampleVec(m - 13); // the sampled eq coordinates (7 are fixed)
  take(64); // round-1 values on the coset
  ch.sample(); // z_skip
  const chi: Uint32Array[] = [];
  for (let i = 0; i < m - 6; i++) {
    take(2);
    chi.push(ch.sample());
  }
  take(2); // v_a, v_b
  ch.sample(); // α
  const rounds: Uint32Array[] = [];
  for (let i = 0; i < LINCHECK_ROUNDS; i++) {
    take(2);
    rounds.push(ch.sample());
  }
  const s = take(64);
  // Lincheck binds the top bit first: its challenges, reversed, are the low coordinates.
  const coords = [...rounds.reverse(), ...chi.slice(LINCHECK_ROUNDS)];
  const suffix = new Uint32Array(6 * coords.length);
  coords.forEach((c, i) => suffix.set(c, 6 * i));
  return { ring: { offset: 0, vars: m - 6, claims: [{ suffix, s }] }, points: [] };
}

/** A verifier past the Flock part: its root and claims. */
export function verifierAfterFlock(proof: Proof, nLog: number): { vs: VerifierState; root: Uint8Array; claims: StackClaims } {
  const vs = new VerifierState(LABEL, [], proof);
  const root = vs.nextRoot();
  return { vs, root, claims: replayFlock(vs, (n) => vs.nextScalars(n), nLog) };
}

/** Our proof on `backend`: commit the vector's witness, re-send the reference's Flock scalars, open. */
export async function proveReference(backend: Backend, reference: Proof, nLog: number): Promise<Uint8Array> {
  const messages = new Uint32Array(readVector(`blake2s_batch_n${nLog}.inputs.bin`).buffer);
  const witness = generateWitness(pinnedCompressions(messages), nLog);
  const { commitment } = await commitColumns(backend, [witness.z], 1);
  const ps = new ProverState(LABEL);
  ps.addRoot(commitment.root);
  let next = 2;
  const take = (n: number): Uint32Array => {
    const scalars = reference.stream.slice(6 * next, 6 * (next + n));
    next += n;
    ps.addScalars(scalars);
    return scalars;
  };
  try {
    await proveStackedOpening(ps, commitment, replayFlock(ps, take, nLog));
  } finally {
    freeCommitment(commitment);
  }
  return serializeProof(ps.finish());
}
