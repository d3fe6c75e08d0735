// The hash-batch prover end to end (PROTOCOL.md §10.3), in transcript order: witness (no
// transcript), commit q_flock and send its root, zerocheck, lincheck, then ring switch,
// stacked opening and WHIR. A bound batch (docs/bound-statement.md) starts its transcript
// from the statement, draws the I/O point after the root and adds the I/O slot claims to the
// opening. Each stage is timed; between stages the event loop gets a turn, so a progress
// display can paint.
import { jsWords } from '../../backend/allocation';
import type { Backend } from '../../backend/backend';
import { type Compression, pinnedCompressions } from '../../flock/compression';
import { BLOCK_U32, qflockVars } from '../../flock/layout';
import { proveLincheckOn } from '../../flock/lincheck/prover';
import type { FlockWitness } from '../../flock/witness';
import { generateWitnessOn } from '../../flock/witness-on';
import { proveZerocheckOn } from '../../flock/zerocheck/prover';
import { freeCommitment } from '../../pcs/whir/commit';
import { serializeProof } from '../../transcript/proof';
import { ProverState } from '../../transcript/prover-state';
import { batchSize } from './batch';
import { HashBatchInputError } from './errors';
import { ioClaims } from './io-claims';
import { commitQflock, openQflock } from './pcs';
import {
  compressionsOf, DEFAULT_STATEMENT, type HashBatchStatement, type StatementMode, outputsOf, statementOfCompressions, statementOfMessages, transcriptStart,
} from './statement';

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
}

export interface HashBatchProof {
  proof: Uint8Array;
  stats: { stageMs: Record<HashBatchStage, number>; proofBytes: number };
}

/**
 * Proves that the BLAKE2s-256 digests of n 64-byte messages (n × 16 u32 words) are computed
 * correctly. A bound proof (options.statement 'bound') names the messages and their digests,
 * any 1 ≤ n ≤ 2^20; an empty-statement proof ('none') binds neither, as the reference flow,
 * and takes n = 2^k, k ∈ 7..20 (HashBatchInputError for inputs of another shape).
 */
export async function proveHashBatch(inputs: Uint32Array, options: HashBatchProveOptions): Promise<HashBatchProof> {
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
  const witness = compressionsOf(statement);
  const claimed = outputsOf(statement), computed = outputsOf(statementOfCompressions(witness));
  const wrong = claimed.findIndex((w, i) => w !== computed[i]);
  if (wrong >= 0) throw new HashBatchInputError(`compression ${wrong >>> 3}: the claimed output is not the compression of its inputs`);
  return proveBatch({ witness, nBlocksLog: statement.nBlocksLog, statement }, options);
}

/**
 * Flock's witness columns z, a, b (z is q_flock itself, 2^μ K words each), from the backend's
 * pool where it keeps one. Both witness writers write every word of every block, so a reused
 * array needs no zeroing.
 */
class ColumnSet {
  private readonly held = new Set<Uint32Array>();

  constructor(private readonly backend: Backend, private readonly words: number) {}

  /** The three columns; if one cannot be had, those taken go back. */
  take(): { z: Uint32Array; a: Uint32Array; b: Uint32Array } {
    const column = (name: string): Uint32Array => {
      const words = this.backend.hostWords?.(this.words, `witness column ${name}`) ?? jsWords(this.words, `witness column ${name} (${this.words} u32 words)`);
      this.held.add(words);
      return words;
    };
    return { z: column('z'), a: column('a'), b: column('b') };
  }

  /** Gives a column back (nothing reads it any more). */
  release(col: Uint32Array): void {
    if (this.held.delete(col)) this.backend.releaseWords?.(col);
  }

  releaseAll(): void {
    for (const col of this.held) this.release(col);
  }
}

const EMPTY = new Uint32Array(0);

/** The witness as the zerocheck reads it (a mutable object, so columns can leave it), z and the live blocks. */
function zerocheckColumns(w: FlockWitness): { cols: { a: Uint32Array; b: Uint32Array; c: Uint32Array }; z: Uint32Array; live: number } {
  return { cols: { a: w.a, b: w.b, c: w.z }, z: w.z, live: w.live };
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
  const { backend, onProgress, plain = false } = options;
  const stageMs = { witness: 0, commit: 0, zerocheck: 0, lincheck: 0, opening: 0 };
  let done = 0;
  async function stage<T>(name: HashBatchStage, body: () => T | Promise<T>): Promise<T> {
    if (onProgress !== undefined) {
      onProgress(name, done);
      // A turn of the event loop, so a page can show the progress before the stage blocks it
      // (a timer costs a millisecond or more: only when someone is listening).
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const t0 = performance.now();
    const out = await body();
    stageMs[name] = performance.now() - t0;
    done += STAGE_SHARE[name];
    return out;
  }

  const mu = qflockVars(nBlocksLog);
  const blocks = 2 ** nBlocksLog;
  const columns = new ColumnSet(backend, BLOCK_U32 * blocks);
  const ps = new ProverState(...transcriptStart(statement));
  try {
    // Columns a and b live only in `cols` (no local of this async function holds them across an
    // await), which drops them once the zerocheck is done with them: V8 frees an array only
    // when nothing refers to it.
    const { cols, z, live } = zerocheckColumns(await stage('witness', () => generateWitnessOn(backend, witness, nBlocksLog, columns.take())));
    // The commitment keeps z itself as its witness where the backend can (no copy).
    const commitment = await stage('commit', () => commitQflock(backend, z, mu));
    try {
      ps.addRoot(commitment.root);
      const io = statement === null ? [] : ioClaims(ps, statement);
      // Blocks from `live` on are padding copies, summed once unless `plain`.
      const tail = { live: plain ? blocks : live };
      // Columns a and b go back as soon as their zerocheck tables are made.
      const doneWith = (col: Uint32Array) => {
        columns.release(col);
        if (cols.a === col) cols.a = EMPTY;
        if (cols.b === col) cols.b = EMPTY;
      };
      const zerocheck = await stage('zerocheck', () => proveZerocheckOn(backend, cols, nBlocksLog, ps, { ...tail, doneWith }));
      const claim = await stage('lincheck', () => proveLincheckOn(backend, zerocheck, z, nBlocksLog, ps, tail));
      await stage('opening', () => openQflock(ps, commitment, claim, io));
    } finally {
      freeCommitment(commitment);
    }
  } finally {
    columns.releaseAll();
  }
  onProgress?.('opening', 1);
  const proof = serializeProof(ps.finish());
  return { proof, stats: { stageMs, proofBytes: proof.length } };
}
