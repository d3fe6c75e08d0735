// Why a distributed tree gives no root: no tree of that id, not done yet, blocked (a job no
// worker serving its queue will take), or failed (with the jobs that failed and why: a refused
// signer is named there). InputErrors, the CLI's exit 2.
import { InputProblemError } from '../../../src/util/errors';

export type TreeProblem = 'unknown' | 'not-done' | 'blocked' | 'failed';

export interface TreeFailure {
  readonly queue: 'leaf' | 'node';
  readonly id: string;
  readonly reason: string;
}

export class TreeError extends InputProblemError<TreeProblem> {
  override name = 'TreeError';
  readonly failures: readonly TreeFailure[];

  constructor(problem: TreeProblem, message: string, failures: readonly TreeFailure[] = []) {
    super(problem, message);
    this.failures = failures;
  }
}
