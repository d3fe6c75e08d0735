/** A compiled program that cannot be read: the message names the field (and the slot, hint or
 * block) and what was expected there. */
export class ProgramFormatError extends Error {
  /** Where in the program JSON, e.g. `bytecode[17].alpha` or `hints["40"][1].size`. */
  readonly field: string;

  constructor(field: string, expected: string) {
    super(`program ${field}: ${expected}`);
    this.name = 'ProgramFormatError';
    this.field = field;
  }
}

/** A public input that cannot be read: a word that is no field element, or the wrong count. */
export class PublicInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublicInputError';
  }
}
