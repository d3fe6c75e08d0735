// The hash-batch prover end to end (docs/protocol.md §10.3), in transcript order: witness (no
// transcript), commit q_flock and send its root, zerocheck, lincheck, then ring switch,
// stacked opening and WHIR. A bound batch (docs/bound-statement.md) starts its transcript
// from the statement, draws the I/O point after the root and adds the I/O slot claims to the
// opening. Each stage is timed; between stages the event loop gets a turn, so a progress
// display can paint and an abort can arrive (options.signal: src/backend/abort.ts).
import { abortable, throwIfAborted } from '../../backend/abort';
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { proofStages } from '../../backend/stages';
import type { StageTraffic } from '../../backend/traffic';
import { type Compression, pinnedCompressions } from '../../kernels/flock/compression';
import { qflockVars } from '../../kernels/flock/layout';
import { witnessInputs } from '../../kernels/flock/witness';
import { proveFlockOn } from '../../flock/reduction';
import { freeCommitment } from '../../pcs/whir/commit';
import { serializeProof } from '../../transcript/proof';
import { ProverState } from '../../transcript/prover-state';
import { batchSize } from './batch';
import { HashBatchInputError } from './errors';
import { ioClaims } from './io-claims';
import { commitQflock, openQflock } from './pcs';
import {
  compressionsOf, DEFAULT_STATEMENT, type HashBatchStatement, type StatementMode, outputsOf, STATEMENT_RULE, statementOfCompressions, statementOfMessages, transcriptStart,
} from './statement';
import { checkOptions } from '../../util/options';

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
  /** What the proof binds (default DEFAULT_STATEMENT). */
  statement?: StatementMode;
  /** Stops the proof at its next backend call or stage once aborted: AbortError, its buffers freed. */
  signal?: AbortSignal;
}

const PROVE_RULES = { backend: 'backend', onProgress: 'function', plain: 'boolean', signal: 'signal' } as const;

export type { StageTraffic };

export interface HashBatchProof {
  proof: Uint8Array;
  stats: {
    stageMs: Record<HashBatchStage, number>;
    proofBytes: number;
    /** Per stage, on a backend that meters its device traffic. */
    traffic?: Record<HashBatchStage, StageTraffic>;
  };
}

/**
 * Proves that the BLAKE2s-256 digests of n 64-byte messages (n × 16 u32 words) are computed
 * correctly. A bound proof (options.statement 'bound') names the messages and their digests,
 * any 1 ≤ n ≤ 2^20; an empty-statement proof ('none') binds neither, as the reference flow,
 * and takes n = 2^k, k ∈ 7..20 (HashBatchInputError for inputs of another shape).
 */
export async function proveHashBatch(inputs: Uint32Array, options: HashBatchProveOptions): Promise<HashBatchProof> {
  checkOptions('proveHashBatch', options, { ...PROVE_RULES, statement: STATEMENT_RULE }, ['backend']);
  if ((options.statement ?? DEFAULT_STATEMENT) === 'none') {
    const { nLog } = batchSize(inputs);
    return proveBatch({ witness: pinnedCompressions(inputs), nBlocksLog: nLog, statement: null }, options);
  }
  const statement = statementOfMessages(inputs);
  return proveBatch({ witness: compressionsOf(statement), nBlocksLog: statement.nBlocksLog, statement }, options);
}

/**
 * A bound proof of any statement of n compressions; HashBatchInputError when a claimed
 * output is not its compression's (an honest prover proves only true statements).
 */
export async function proveStatement(statement: HashBatchStatement, options: Omit<HashBatchProveOptions, 'statement'>): Promise<HashBatchProof> {
  checkOptions('proveStatement', options, PROVE_RULES, ['backend']);
  const witness = compressionsOf(statement);
  const claimed = outputsOf(statement), computed = outputsOf(statementOfCompressions(witness));
  const wrong = claimed.findIndex((w, i) => w !== computed[i]);
  if (wrong >= 0) throw new HashBatchInputError(`compression ${wrong >>> 3}: the claimed output is not the compression of its inputs`);
  return proveBatch({ witness, nBlocksLog: statement.nBlocksLog, statement }, options);
}

/** A batch as the prover core takes it. */
export interface BatchJob {
  /** The compressions the witness computes: blocks 0..; padding instances fill the rest. */
  readonly witness: readonly Compression[];
  /** 2^nBlocksLog blocks, nBlocksLog ∈ 7..20, at least witness.length of them. */
  readonly nBlocksLog: number;
  /** What the transcript binds: a bound statement, or null for the reference flow. */
  readonly statement: HashBatchStatement | null;
}

/**
 * The prover core. It proves the witness's compressions against the job's statement as given:
 * an honest caller passes the statement's own compressions (tests pass others, to show that a
 * witness other than the statement's is rejected).
 */
export async function proveBatch(job: BatchJob, options: HashBatchProveOptions): Promise<HashBatchProof> {
  const { witness, nBlocksLog, statement } = job;
  const { onProgress, plain = false, signal } = options;
  throwIfAborted(signal);
  const backend = abortable(options.backend, signal);
  const mu = qflockVars(nBlocksLog);
  const ps = new ProverState(...transcriptStart(statement));
  const stages = proofStages(backend, HASH_BATCH_STAGES, STAGE_SHARE, () => ps.rounds, onProgress, 0, signal);
  const stage = stages.run.bind(stages);
  // The columns stay on the backend; z is q_flock itself (2^μ K words), which the commitment
  // holds once made.
  const cols = await stage('witness', () => backend.flock.witness(witnessInputs(witness), nBlocksLog));
  // Columns a and b are freed as soon as their zerocheck tables are made (the rest of the
  // proof reads z alone), else on the way out.
  const held = new Set([cols.a, cols.b]);
  const doneWith = (col: DeviceBuffer): void => {
    if (held.delete(col)) backend.free(col);
  };
  let committed = false;
  try {
    const commitment = await stage('commit', () => commitQflock(backend, cols.z, mu));
    committed = true;
    try {
      ps.addRoot(commitment.root);
      const io = statement === null ? [] : ioClaims(ps, statement);
      // Blocks from `live` on are padding copies, summed once unless `plain`.
      const { claim } = await proveFlockOn(backend, cols, ps, { plain, doneWith, stage });
      await stage('opening', () => openQflock(ps, commitment, claim, io));
    } finally {
      freeCommitment(commitment);
    }
  } finally {
    for (const col of held) doneWith(col);
    if (!committed) backend.free(cols.z);
  }
  throwIfAborted(signal, 'opening');
  onProgress?.('opening', 1);
  const proof = serializeProof(ps.finish());
  return { proof, stats: { stageMs: stages.ms, proofBytes: proof.length, ...(stages.traffic === undefined ? {} : { traffic: stages.traffic }) } };
}
