// The bound statement of a hash batch (docs/bound-statement.md): n compressions as records of
// 36 u32 words laid out like the I/O slots of their witness blocks (h, h', m, t_lo, t_hi, f0,
// f1), absorbed into the transcript as n and the records' BLAKE2s digest.
import type { Compression } from '../../kernels/flock/compression';
import { paddingCompression, pinnedCompressions } from '../../kernels/flock/compression';
import { minNBlocksLog } from '../../kernels/flock/layout';
import { blake2sWords, bytesToWords, compressInto } from '../../hash/blake2s';
import { rootToScalars } from '../../transcript/root';
import { HASH_BATCH_LABEL, MAX_BATCH_LOG, messageCount, MIN_BATCH_LOG } from './batch';
import { HashBatchInputError } from './errors';

/**
 * What a hash-batch proof binds: 'bound', the messages and their digests
 * (docs/bound-statement.md); 'none', nothing, as the reference flow (its proofs are the
 * reference vectors' bytes).
 */
export type StatementMode = 'bound' | 'none';

/** The options' rule for a StatementMode (src/util/options.ts). */
export const STATEMENT_RULE = { oneOf: ['bound', 'none'] satisfies StatementMode[] } as const;

export const DEFAULT_STATEMENT: StatementMode = 'bound';

/** The transcript label of a bound batch, distinct from the reference flow's. */
export const BOUND_LABEL = 'leanvm-gpu/blake2s-batch/bound/v1';

/** u32 words per record: the 18 K words of a block's I/O slots. */
export const RECORD_WORDS = 36;
export const DIGEST_BYTES = 32;

/** The q_flock slots of a block that a record fills, in record order (8 and 9 the circuit fixes). */
export const IO_SLOTS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];

const H = 0, OUT = 8, M = 16, T_LO = 32, T_HI = 33, F0 = 34, F1 = 35;

export interface HashBatchStatement {
  readonly n: number;
  /** log2 of the batch's blocks: max(7, ⌈log2 n⌉); blocks n.. are padding instances. */
  readonly nBlocksLog: number;
  /** n records of RECORD_WORDS words. */
  readonly records: Uint32Array;
}

/** log2 of the blocks for a bound batch of n compressions; HashBatchInputError outside 1..2^20. */
export function boundBlocksLog(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new HashBatchInputError(`a batch needs at least one compression, got n = ${n}`);
  if (n > 2 ** MAX_BATCH_LOG) throw new HashBatchInputError(`n = ${n} is more than the 2^${MAX_BATCH_LOG} = ${2 ** MAX_BATCH_LOG} compressions a batch holds`);
  return Math.max(MIN_BATCH_LOG, minNBlocksLog(n));
}

/** Writes the record of compression c (its output computed unless given) at records[o..]. */
function writeRecord(records: Uint32Array, o: number, c: Compression, out?: Uint32Array): void {
  records.set(c.h.subarray(0, 8), o + H);
  if (out === undefined) compressInto(records, o + OUT, c.h, 0, c.m, 0, c.tLo, c.tHi, c.f0, c.f1);
  else records.set(out, o + OUT);
  records.set(c.m.subarray(0, 16), o + M);
  records[o + T_LO] = c.tLo;
  records[o + T_HI] = c.tHi;
  records[o + F0] = c.f0;
  records[o + F1] = c.f1;
}

/**
 * The statement of n compressions. `outputs` (8n words) are the claimed outputs; when absent
 * they are computed, so the statement is true.
 */
export function statementOfCompressions(compressions: readonly Compression[], outputs?: Uint32Array): HashBatchStatement {
  const n = compressions.length;
  const nBlocksLog = boundBlocksLog(n);
  if (outputs !== undefined && outputs.length !== 8 * n) {
    throw new HashBatchInputError(`${n} compressions need ${n} outputs of ${DIGEST_BYTES} bytes, got ${(4 * outputs.length) / DIGEST_BYTES}`);
  }
  const records = new Uint32Array(RECORD_WORDS * n);
  compressions.forEach((c, i) => writeRecord(records, RECORD_WORDS * i, c, outputs?.subarray(8 * i, 8 * i + 8)));
  return { n, nBlocksLog, records };
}

/**
 * The statement that n 64-byte messages (n × 16 words) have the given BLAKE2s-256 digests
 * (n × 32 bytes), or their true digests when none are given.
 */
export function statementOfMessages(messages: Uint32Array, digests?: Uint8Array): HashBatchStatement {
  const n = messageCount(messages);
  if (digests !== undefined && digests.length !== DIGEST_BYTES * n) {
    throw new HashBatchInputError(`${n} messages need ${DIGEST_BYTES * n} bytes of digests, got ${digests.length}`);
  }
  return statementOfCompressions(pinnedCompressions(messages), digests && bytesToWords(digests));
}

/** The statement's n compressions, each reading its record in place. */
export function compressionsOf(st: HashBatchStatement): Compression[] {
  return Array.from({ length: st.n }, (_, i) => {
    const r = st.records.subarray(RECORD_WORDS * i, RECORD_WORDS * (i + 1));
    return { h: r.subarray(H, H + 8), m: r.subarray(M, M + 16), tLo: r[T_LO], tHi: r[T_HI], f0: r[F0], f1: r[F1] };
  });
}

/** The claimed outputs, n × 8 words (for a message batch: the digests as LE words). */
export function outputsOf(st: HashBatchStatement): Uint32Array {
  const out = new Uint32Array(8 * st.n);
  for (let i = 0; i < st.n; i++) out.set(st.records.subarray(RECORD_WORDS * i + OUT, RECORD_WORDS * i + OUT + 8), 8 * i);
  return out;
}

/** The record of the padding instance, which fills blocks n..2^nBlocksLog. */
export function paddingRecord(): Uint32Array {
  const record = new Uint32Array(RECORD_WORDS);
  writeRecord(record, 0, paddingCompression());
  return record;
}

/** The transcript statement: E(n, 0, 0), then the records' digest as its two scalars. */
export function statementScalars(st: HashBatchStatement): Uint32Array[] {
  const digest = rootToScalars(blake2sWords(st.records));
  return [Uint32Array.of(st.n, 0, 0, 0, 0, 0), digest.subarray(0, 6), digest.subarray(6, 12)];
}

/**
 * How a batch's transcript starts, for prover and verifier alike: from the bound statement,
 * or (null) from the reference flow's empty one.
 */
export function transcriptStart(st: HashBatchStatement | null): [label: string, statement: Uint32Array[]] {
  return st === null ? [HASH_BATCH_LABEL, []] : [BOUND_LABEL, statementScalars(st)];
}
