import { InputProblemError } from '../../util/errors';

/** Why an aggregation request was refused before any proving. */
export type AggregateProblem =
  | 'no-signers' // an empty signer list
  | 'too-many-signers' // more than AGGREGATE_MAX_SIGNERS
  | 'malformed' // a message, epoch, key or signature of the wrong shape
  | 'epoch-out-of-range' // the signer's key range does not contain the epoch
  | 'duplicate-signer' // a public key listed twice
  | 'bad-signature' // the signature does not verify on (message, epoch)
  | 'unsorted-keys'; // a statement's key list is not strictly increasing

/** A request the aggregation refuses. `signer` is the index of the offending signer in the
 * caller's list (absent for problems of the whole request) and `publicKey` its key as hex. */
export class AggregateInputError extends InputProblemError<AggregateProblem> {
  override name = 'AggregateInputError';
  readonly signer: number | undefined;
  readonly publicKey: string | undefined;

  constructor(problem: AggregateProblem, message: string, signer?: number, publicKey?: string) {
    super(problem, message);
    this.signer = signer;
    this.publicKey = publicKey;
  }
}

/** Which part of an aggregate's bytes is wrong. */
export type AggregateFormatProblem =
  | 'truncated' // shorter than its header, keys or proof say
  | 'magic' // not an aggregate file
  | 'version' // an aggregate of a version this build does not read
  | 'signer-count' // n outside 1 ..= AGGREGATE_MAX_SIGNERS
  | 'trailing-bytes' // bytes after the proof
  | 'proof'; // the proof bytes are no VM proof

/** Bytes (or an aggregate object) that are no aggregate. */
export class AggregateFormatError extends InputProblemError<AggregateFormatProblem> {
  override name = 'AggregateFormatError';
}
