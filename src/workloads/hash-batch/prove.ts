// The hash-batch prover end to end (PROTOCOL.md §10.3), in transcript order: witness (no
// transcript), commit q_flock and send its root, zerocheck, lincheck, then ring switch,
// stacked opening and WHIR. Each stage is timed; between stages the event loop gets a turn,
// so a progress display can paint.
import type { Backend } from '../../backend/backend';
import { pinnedCompressions } from '../../flock/compression';
import { BLOCK_U32, qflockVars } from '../../flock/layout';
import { proveLincheck } from '../../flock/lincheck/prover';
import { generateWitness } from '../../flock/witness';
import { proveZerocheckOn } from '../../flock/zerocheck/prover';
import { freeCommitment } from '../../pcs/whir/commit';
import { serializeProof } from '../../transcript/proof';
import { ProverState } from '../../transcript/prover-state';
import { batchSize, HASH_BATCH_LABEL } from './batch';
import { commitQflock, openQflock } from './pcs';

export type HashBatchStage = 'witness' | 'commit' | 'zerocheck' | 'lincheck' | 'opening';

export const HASH_BATCH_STAGES: readonly HashBatchStage[] = ['witness', 'commit', 'zerocheck', 'lincheck', 'opening'];

// Each stage's typical share of a cpu proof (bench/hash.ts, n = 2^10..2^15), for progress only.
const STAGE_SHARE: Record<HashBatchStage, number> = { witness: 0.02, commit: 0.08, zerocheck: 0.46, lincheck: 0.03, opening: 0.41 };

export interface HashBatchProveOptions {
  /** Where the commitment, the zerocheck's multilinear rounds and the opening's bulk work run. */
  backend: Backend;
  /**
   * Called as each stage starts with the estimated share of the proof done before it (0 at the
   * first), and once at the end with ('opening', 1).
   */
  onProgress?: (stage: HashBatchStage, fraction: number) => void;
  /** Prove every padding block instead of summing the identical tail once (same bytes). */
  plain?: boolean;
}

export interface HashBatchProof {
  proof: Uint8Array;
  stats: { stageMs: Record<HashBatchStage, number>; proofBytes: number };
}

/**
 * Proves that the BLAKE2s-256 digests of n 64-byte messages (n × 16 u32 words) are computed
 * correctly, n = 2^k with k ∈ 7..20. The statement is empty, as in the reference flow: the
 * proof does not bind the messages (HashBatchInputError for inputs of another shape).
 */
export async function proveHashBatch(inputs: Uint32Array, options: HashBatchProveOptions): Promise<HashBatchProof> {
  return proveBatch(inputs, batchSize(inputs).nLog, options);
}

/**
 * The prover below proveHashBatch's size check: any 1 ≤ n ≤ 2^nBlocksLog messages, padded
 * with padding instances to 2^nBlocksLog blocks (nBlocksLog ∈ 7..20).
 */
export async function proveBatch(messages: Uint32Array, nBlocksLog: number, options: HashBatchProveOptions): Promise<HashBatchProof> {
  const { backend, onProgress, plain = false } = options;
  const stageMs = { witness: 0, commit: 0, zerocheck: 0, lincheck: 0, opening: 0 };
  let done = 0;
  async function stage<T>(name: HashBatchStage, body: () => T | Promise<T>): Promise<T> {
    onProgress?.(name, done);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const t0 = performance.now();
    const out = await body();
    stageMs[name] = performance.now() - t0;
    done += STAGE_SHARE[name];
    return out;
  }

  const mu = qflockVars(nBlocksLog);
  const blocks = 2 ** nBlocksLog;
  const w = await stage('witness', () => {
    const qflock = new Uint32Array(BLOCK_U32 * blocks); // = 2^μ K words
    return generateWitness(pinnedCompressions(messages), nBlocksLog, { z: qflock });
  });
  const ps = new ProverState(HASH_BATCH_LABEL);
  const commitment = await stage('commit', () => commitQflock(backend, w.z, mu));
  try {
    ps.addRoot(commitment.root);
    // Blocks from `live` on are padding copies, summed once unless `plain`.
    const tail = { live: plain ? blocks : w.live };
    const cols = { a: w.a, b: w.b, c: w.z };
    const zerocheck = await stage('zerocheck', () => proveZerocheckOn(backend, cols, nBlocksLog, ps, tail));
    const claim = await stage('lincheck', () => proveLincheck(zerocheck, w.z, nBlocksLog, ps, tail));
    await stage('opening', () => openQflock(ps, commitment, claim));
  } finally {
    freeCommitment(commitment);
  }
  onProgress?.('opening', 1);
  const proof = serializeProof(ps.finish());
  return { proof, stats: { stageMs, proofBytes: proof.length } };
}
