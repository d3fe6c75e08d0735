/** Raised when an NTT or Reed–Solomon routine is handed a shape it cannot transform. */
export class NttError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NttError';
  }
}
