/** Raised when a field routine is handed malformed input (bad hex, short buffers, bad exponents). */
export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldError';
  }
}
