import { InputError } from '../../util/errors';

/** A hash-batch input the prover or verifier cannot take: its size, length or shape. */
export class HashBatchInputError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'HashBatchInputError';
  }
}
