// The hash-batch statement's shape (docs/protocol.md §10.1): n = 2^nLog one-block messages, each
// proved as one BLAKE2s compression; the committed column q_flock has 2^μ words, μ = 8 + nLog,
// and WHIR's window μ ∈ 15..28 bounds nLog to 7..20.
import { qflockVars } from '../../kernels/flock/layout';
import { MAX_LOG_N, MIN_LOG_N } from '../../pcs/whir/config';
import { HashBatchInputError } from './errors';

/** The transcript label of the reference test; the statement is empty. */
export const HASH_BATCH_LABEL = 'flock-blake2s-batch';
/** The commitment's inverse rate, 2^1 (the reference flow's rate 1/2). */
export const HASH_BATCH_LOG_INV_RATE = 1;
export const MESSAGE_WORDS = 16;
export const MESSAGE_BYTES = 4 * MESSAGE_WORDS;
export const MIN_BATCH_LOG = MIN_LOG_N - qflockVars(0);
export const MAX_BATCH_LOG = MAX_LOG_N - qflockVars(0);

/** log2 n for a batch of n messages; throws HashBatchInputError unless n = 2^k, k ∈ 7..20. */
export function batchLog(n: number): number {
  const range = `2^${MIN_BATCH_LOG} = ${2 ** MIN_BATCH_LOG} to 2^${MAX_BATCH_LOG} = ${2 ** MAX_BATCH_LOG}`;
  if (!Number.isSafeInteger(n) || n < 1) throw new HashBatchInputError(`a batch needs at least one message, got n = ${n}`);
  const log = Math.log2(n);
  if (!Number.isInteger(log)) throw new HashBatchInputError(`n = ${n} is not a power of two (supported: ${range})`);
  if (log < MIN_BATCH_LOG || log > MAX_BATCH_LOG) throw new HashBatchInputError(`n = 2^${log} is outside the supported range ${range}`);
  return log;
}

/** How many messages n × 16 words hold; HashBatchInputError unless they are whole messages. */
export function messageCount(messages: Uint32Array): number {
  if (messages.length % MESSAGE_WORDS !== 0) {
    throw new HashBatchInputError(`${4 * messages.length} bytes of messages are not whole ${MESSAGE_BYTES}-byte messages`);
  }
  return messages.length / MESSAGE_WORDS;
}

/** The messages' count, checking they are whole 16-word messages and a supported n. */
export function batchSize(messages: Uint32Array): { n: number; nLog: number } {
  if (messages.length === 0) throw new HashBatchInputError('the batch is empty: no messages');
  const n = messageCount(messages);
  return { n, nLog: batchLog(n) };
}

/** Messages from their file bytes (n × 64 bytes, u32 little-endian words). */
export function messagesFromBytes(bytes: Uint8Array): Uint32Array {
  if (bytes.length === 0) throw new HashBatchInputError('the inputs are empty: no messages');
  if (bytes.length % MESSAGE_BYTES !== 0) {
    throw new HashBatchInputError(`${bytes.length} bytes of inputs are not whole ${MESSAGE_BYTES}-byte messages (${bytes.length % MESSAGE_BYTES} bytes left over)`);
  }
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0, b = 0; i < words.length; i++, b += 4) {
    words[i] = (bytes[b] | (bytes[b + 1] << 8) | (bytes[b + 2] << 16) | (bytes[b + 3] << 24)) >>> 0;
  }
  return words;
}

