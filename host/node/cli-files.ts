// What the proving commands share: --threads, reading inputs and writing outputs as usage
// errors that name the file, and the peak memory a report gives.
import { accessSync, constants, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './usage';

/** --threads as a count, or undefined for the backends' default (every core). */
export function parseThreads(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9]\d{0,3}$/.test(text)) throw new UsageError(`--threads must be a positive integer, got "${text}"`);
  return Number(text);
}

/** The bytes of `path`, or a UsageError naming what it was to be. */
export function readFile(path: string, what: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new UsageError(`cannot read the ${what} ${path}: ${(e as Error).message}`);
  }
}

/** The process's peak resident set so far, in bytes: on Linux the kernel's high-water mark of
 * this process image (VmHWM; getrusage's maxrss there also counts the parent this process was
 * forked from, so a command run by a large process would report the parent's size), else
 * getrusage's. */
export function peakRss(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m !== null) return Number(m[1]) * 1024;
  } catch {
    // not Linux: no /proc
  }
  return process.resourceUsage().maxRSS * 1024;
}

export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Fails before a long proof rather than after it when an output cannot be written. */
export function writable(path: string, what: string): void {
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
  } catch (e) {
    throw new UsageError(`cannot write the ${what} to ${path}: ${(e as Error).message}`);
  }
}

/** Writes `bytes` (or text) to `path` (what: the proof, the digests), or a UsageError naming both.
 * The bytes go to a temporary file beside it, renamed to `path` once whole: a process stopped
 * meanwhile leaves no partial file at `path`. */
export function writeOut(path: string, bytes: Uint8Array | string, what: string): void {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  try {
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  } catch (e) {
    rmSync(partial, { force: true });
    throw new UsageError(`cannot write the ${what} to ${path}: ${(e as Error).message}`);
  }
}
