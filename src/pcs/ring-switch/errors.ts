/** Raised when ring-switching inputs have the wrong shape (challenge count, claim count, point sizes). */
export class RingSwitchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RingSwitchError';
  }
}
