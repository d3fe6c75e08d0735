/** Bad usage the command line reports with exit code 2: conflicting options, unreadable files. */
export class UsageError extends Error {
  override name = 'UsageError';
}
