// The hash-batch verifier (docs/protocol.md §10.4): root, Flock replay (zerocheck, lincheck and its
// terminal identity), then the ring-switched stacked opening, and the whole proof consumed. A
// bound batch (docs/bound-statement.md) starts from its statement and adds the I/O slot claims.
import { qflockVars } from '../../kernels/flock/layout';
import { verifyFlock } from '../../flock/verify';
import { VerificationError } from '../../transcript/errors';
import { parseProof } from '../../transcript/proof';
import { VerifierState } from '../../transcript/verifier-state';
import { batchSize } from './batch';
import { HashBatchInputError } from './errors';
import { ioClaims } from './io-claims';
import { verifyQflockOpening } from './pcs';
import { DEFAULT_STATEMENT, type HashBatchStatement, type StatementMode, STATEMENT_RULE, statementOfMessages, transcriptStart } from './statement';
import { checkOptions } from '../../util/options';

export type HashBatchVerdict = { valid: true } | { valid: false; reason: string };

export interface HashBatchVerifyOptions {
  /** What the proof is checked to bind (default DEFAULT_STATEMENT). */
  statement?: StatementMode;
  /** The claimed digests (n × 32 bytes) of a bound batch; computed from the messages when absent. */
  digests?: Uint8Array;
}

/**
 * Checks a proof for n messages (n × 16 u32 words). Bytes that are no proof at all throw
 * ProofFormatError, inputs of an unsupported shape HashBatchInputError; a proof that parses
 * and fails a check is `{ valid: false, reason }`. A bound proof is checked against exactly
 * these messages and digests; an empty-statement proof takes only n from the inputs.
 */
export function verifyHashBatch(inputs: Uint32Array, proofBytes: Uint8Array, options: HashBatchVerifyOptions = {}): HashBatchVerdict {
  checkOptions('verifyHashBatch', options, { statement: STATEMENT_RULE, digests: 'bytes' });
  if ((options.statement ?? DEFAULT_STATEMENT) === 'bound') return verifyStatement(statementOfMessages(inputs, options.digests), proofBytes);
  if (options.digests !== undefined) throw new HashBatchInputError('digests are checked only by a bound proof; an empty-statement proof binds none');
  return verifyBatch(proofBytes, batchSize(inputs).nLog, null);
}

/** Checks a bound proof of any statement of n compressions. */
export function verifyStatement(statement: HashBatchStatement, proofBytes: Uint8Array): HashBatchVerdict {
  return verifyBatch(proofBytes, statement.nBlocksLog, statement);
}

/** The verifier core: a proof over 2^nBlocksLog blocks, bound to `statement` or (null) to nothing. */
export function verifyBatch(proofBytes: Uint8Array, nBlocksLog: number, statement: HashBatchStatement | null): HashBatchVerdict {
  const proof = parseProof(proofBytes);
  try {
    const vs = new VerifierState(...transcriptStart(statement), proof);
    const root = vs.nextRoot();
    const io = statement === null ? [] : ioClaims(vs, statement);
    const { claim } = verifyFlock(vs, nBlocksLog);
    verifyQflockOpening(vs, root, claim, qflockVars(nBlocksLog), io);
    vs.finish();
    return { valid: true };
  } catch (e) {
    if (e instanceof VerificationError) return { valid: false, reason: e.message };
    throw e;
  }
}
