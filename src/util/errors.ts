// The library's errors, one family. Everything it throws on purpose is a LeanVmError, so a caller
// can tell a refusal from a bug; two branches say whose fault it is: an InputError is the
// caller's input or file (a program, a public input, a key, proof bytes that are no proof; the
// CLI exits 2), an InvalidProofError a proof that parses but is not valid (the CLI exits 1).
// Each class names itself in a field, so minified bundles keep readable names.

export class LeanVmError extends Error {
  override name = 'LeanVmError';
}

/** The caller's input or file is wrong: the message names the input and what was expected. */
export class InputError extends LeanVmError {
  override name = 'InputError';
}

/** An InputError that also says which of a fixed list of problems it is (`problem`), for callers
 * that branch on it; each subclass names its list and itself. */
export class InputProblemError<P extends string> extends InputError {
  readonly problem: P;

  constructor(problem: P, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** A proof that parses but fails a verifier check; the message names the check. */
export class InvalidProofError extends LeanVmError {
  override name = 'InvalidProofError';
}

/** A routine handed tables, points, counts or sizes that do not fit it (a length, a stride, a
 * layout): the one wrong-shape error of every floor, from the fields to the stacked opening. */
export class ShapeError extends InputError {
  override name = 'ShapeError';
}
