/** Raised when a Flock routine is handed inputs of the wrong shape (sizes, counts, lengths). */
export class FlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlockError';
  }
}
