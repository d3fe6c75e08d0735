/** Raised when a stacked opening is handed a layout or claims that do not fit its commitment. */
export class StackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StackError';
  }
}
