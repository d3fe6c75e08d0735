// Replacing a file so that a crash at any moment leaves the old bytes or the new ones, and the
// new ones survive a power cut once this returns: write a temporary file beside it, fsync it,
// rename it over the file, fsync the directory (the rename is the directory's change).
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** The temporary file writeDurably makes beside `path`: PATH.tmp-PID-TIME. */
const temporaryName = (path: string): string => `${path}.tmp-${process.pid}-${Date.now().toString(36)}`;

/** Whether `name` (in the directory of `path`) is one of writeDurably's temporary files for `path`. */
export const isTemporaryOf = (path: string, name: string): boolean =>
  name.startsWith(`${basename(path)}.tmp-`) && /^\d+-[0-9a-z]+$/.test(name.slice(basename(path).length + 5));

export function writeDurably(path: string, bytes: Uint8Array, mode = 0o600): void {
  const tmp = temporaryName(path);
  const fd = openSync(tmp, 'wx', mode);
  try {
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, path);
  } catch (e) {
    unlinkSync(tmp);
    throw e;
  }
  fsyncDirectory(dirname(path));
}

function fsyncDirectory(dir: string): void {
  // Windows opens no directory as a file; its renames are journaled by NTFS.
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
