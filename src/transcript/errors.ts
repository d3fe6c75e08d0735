import { InputError, InvalidProofError, LeanVmError } from '../util/errors';

/** Malformed proof bytes: truncated, trailing, or a length that cannot be right. */
export class ProofFormatError extends InputError {
  /** Byte offset in the input where the problem was found. */
  readonly offset: number;

  constructor(offset: number, expected: string) {
    super(`proof bytes, offset ${offset}: expected ${expected}`);
    this.name = 'ProofFormatError';
    this.offset = offset;
  }
}

/** A proof that parses but fails a verifier check; the message names the check. */
export class VerificationError extends InvalidProofError {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationError';
  }
}

/** A nonce search (a backend's grinding) answered a nonce that does not clear the bits. */
export class NonceSearchError extends LeanVmError {
  constructor(message: string) {
    super(message);
    this.name = 'NonceSearchError';
  }
}
