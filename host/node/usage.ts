import { InputError } from '../../src/util/errors';

/** Bad usage the command line reports with exit code 2: conflicting options, unreadable files. */
export class UsageError extends InputError {
  override name = 'UsageError';
}
