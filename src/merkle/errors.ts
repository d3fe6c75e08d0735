import { VerificationError } from '../transcript/errors';

/** Why a Merkle opening was rejected. */
export type MerkleFailure =
  | 'shape' // tree size, row width or leaf width that cannot be right
  | 'row-count' // not one row per distinct query
  | 'row-width' // a row that is not rowWords K words
  | 'query-range' // a query outside [0, nLeaves)
  | 'missing-sibling'
  | 'extra-sibling'
  | 'root-mismatch';

/** A Merkle tree or opening that does not fit, or does not authenticate. */
export class MerkleError extends VerificationError {
  readonly failure: MerkleFailure;

  constructor(failure: MerkleFailure, message: string) {
    super(`Merkle ${failure}: ${message}`);
    this.name = 'MerkleError';
    this.failure = failure;
  }
}
