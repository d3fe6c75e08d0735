/** Raised when the WHIR prover or verifier is handed inputs of the wrong shape (sizes, lanes, weights). */
export class WhirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhirError';
  }
}
