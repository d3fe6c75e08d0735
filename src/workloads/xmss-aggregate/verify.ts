// verifyAggregate(): docs/xmss-aggregation.md §4. The statement is rebuilt from the caller's
// message and epoch and the aggregate's keys (never from any claim of the aggregate's own), and
// the proof checked against the one pinned aggregation program. No signature is ever seen.
import { ProofFormatError } from '../../transcript/errors';
import { verifyProgram, type VmProofSummary } from '../../vm/verify/verify';
import type { Aggregate } from './aggregate-file';
import { AggregateFormatError, AggregateInputError } from './errors';
import { AGGREGATE_PROGRAM_DIGEST, aggregationProgram } from './program';
import { checkKeyList, checkMessageEpoch, digestPublicInput, statementDigest } from './statement';

export interface AggregateStatement {
  /** 32 bytes. */
  readonly message: Uint8Array;
  readonly epoch: number;
}

export type AggregateVerdict = { valid: true; n: number; summary: VmProofSummary } | { valid: false; reason: string };

/**
 * Does `aggregate` prove that each of its keys signed `message` at `epoch`? A malformed message or
 * epoch throws AggregateInputError; proof bytes that are no proof throw AggregateFormatError;
 * everything else that fails is `{ valid: false, reason }`: another program's aggregate, a key
 * list out of order or of the wrong size, a proof that does not verify for this statement.
 */
export function verifyAggregate(aggregate: Aggregate, statement: AggregateStatement): AggregateVerdict {
  const { message, epoch } = statement;
  checkMessageEpoch(message, epoch);
  if (aggregate.programDigest !== AGGREGATE_PROGRAM_DIGEST) {
    return { valid: false, reason: `the aggregate was made for the aggregation program ${aggregate.programDigest}; this verifier pins ${AGGREGATE_PROGRAM_DIGEST}` };
  }
  try {
    checkKeyList(aggregate.publicKeys);
  } catch (e) {
    if (e instanceof AggregateInputError) return { valid: false, reason: `its key list: ${e.message}` };
    throw e;
  }
  if (!(aggregate.proof instanceof Uint8Array)) throw new AggregateFormatError('proof', 'the aggregate\'s proof must be bytes');
  const publicInput = digestPublicInput(statementDigest(message, epoch, aggregate.publicKeys));
  let verdict;
  try {
    verdict = verifyProgram(aggregationProgram(), publicInput, aggregate.proof);
  } catch (e) {
    if (e instanceof ProofFormatError) throw new AggregateFormatError('proof', `the aggregate's proof is no VM proof: ${e.message}`);
    throw e;
  }
  if (!verdict.valid) return { valid: false, reason: `the proof does not verify for these keys, this message and this epoch: ${verdict.reason}` };
  return { valid: true, n: aggregate.publicKeys.length, summary: verdict.summary };
}
