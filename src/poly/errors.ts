/** Raised when a multilinear routine is handed tables or points of inconsistent shape. */
export class PolyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolyError';
  }
}
