// A lock between processes on one machine, as a file: Node has no flock, so the lock is a file
// created only if absent, holding its owner's record (host, boot, pid, the pid's start time and a
// nonce unique to this acquisition). A record is written to a private file first and linked to
// the lock's name (link fails if the name exists), so a lock file always holds a whole record.
//
// A lock whose owner is dead (its pid gone, the pid now another process's, or the machine
// rebooted) is stale and may be broken. Breaking must never remove a live lock. The stale record
// R is removed only by the holder of the marker file `LOCK.break-<R's nonce>` (itself created
// only if absent), and only if the lock still holds R. Meanwhile no one else can remove or
// replace R: its owner is dead, a new lock cannot be made while R exists, and any other breaker
// of R needs the same marker. Nonces never repeat, so a breaker that finds another record there
// knows R is gone and leaves it. A breaker that dies holding a marker leaves a stale lock of the
// same kind, broken by the same rule under its own marker. A lock of another host (a shared file
// system) or one holding no record is never broken: the error says so.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { LeanVmError } from '../../src/util/errors';

/** Why a lock could not be taken. */
export type LockProblem =
  | 'busy' // a live process held it past the wait
  | 'foreign'; // a process of another host holds it, or the file holds no lock record

/** A lock not taken: the thing it guards is another's now (busy) or cannot be judged here (foreign). */
export class LockError extends LeanVmError {
  override name = 'LockError';
  readonly problem: LockProblem;
  readonly path: string;

  constructor(problem: LockProblem, path: string, message: string) {
    super(message);
    this.problem = problem;
    this.path = path;
  }
}

interface Owner {
  readonly host: string;
  readonly boot: string | null;
  readonly pid: number;
  readonly start: string | null;
  readonly nonce: string;
}

const readOrNull = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
};

/** This boot of the machine (Linux), so locks of processes from before a reboot are stale. */
const BOOT = readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

/** A process's start time in clock ticks since boot (Linux's /proc/PID/stat field 22): a pid and
 * its start time name one process, where a pid alone is reused. */
function processStart(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

const OWN_START = processStart(process.pid);

function parseOwner(text: string): Owner | null {
  try {
    const o = JSON.parse(text);
    const ok = typeof o.host === 'string' && Number.isInteger(o.pid) && o.pid > 0 && typeof o.nonce === 'string' && /^[0-9a-f]{32}$/.test(o.nonce);
    return ok ? { host: o.host, boot: o.boot ?? null, pid: o.pid, start: o.start ?? null, nonce: o.nonce } : null;
  } catch {
    return null;
  }
}

/** Whether the owner is certainly gone; 'unknown' for another host's. */
function ownerState(owner: Owner): 'alive' | 'dead' | 'unknown' {
  if (owner.host !== hostname()) return 'unknown';
  if (owner.boot !== null && BOOT !== null && owner.boot !== BOOT) return 'dead';
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    // EPERM: it exists, as another user's.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
  }
  const start = owner.start === null ? null : processStart(owner.pid);
  return start !== null && start !== owner.start ? 'dead' : 'alive';
}

/** Creates `path` holding `record` if it does not exist; false if it does. */
function createExclusive(path: string, record: string, nonce: string): boolean {
  const tmp = `${path}.${process.pid}-${nonce}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, record);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(tmp);
  }
}

function newOwner(): { owner: Owner; record: string } {
  const owner: Owner = { host: hostname(), boot: BOOT, pid: process.pid, start: OWN_START, nonce: randomBytes(16).toString('hex') };
  return { owner, record: `${JSON.stringify(owner)}\n` };
}

/** Removes the stale lock at `path` if it still holds `stale` (see the top of this file); returns
 * whether the caller should try again at once (false: a live breaker is at work, wait). */
function breakStale(path: string, stale: string, staleOwner: Owner, depth = 0): boolean {
  if (depth > 16) throw new LockError('busy', path, `cannot break the stale lock ${path}: more than 16 breakers died breaking it`);
  const marker = `${path}.break-${staleOwner.nonce}`;
  const { owner, record } = newOwner();
  if (createExclusive(marker, record, owner.nonce)) {
    try {
      if (readOrNull(path) === stale) unlinkSync(path);
    } finally {
      unlinkSync(marker);
    }
    return true;
  }
  const held = readOrNull(marker);
  if (held === null) return true;
  const breaker = parseOwner(held);
  if (breaker !== null && ownerState(breaker) === 'dead') return breakStale(marker, held, breaker, depth + 1);
  return false;
}

/** Removes the private record files (`LOCK.PID-NONCE.tmp`) that processes now dead left beside `path`. */
function removeOrphans(path: string): void {
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(dirname(path))) {
    const m = /^(\d+)-[0-9a-f]{32}\.tmp$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '');
    if (m === null || Number(m[1]) === process.pid) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') unlinkSync(join(dirname(path), name));
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock file `path`, waiting up to `waitMs` for a live holder and breaking a dead one's;
 * resolves with the function that releases it. LockError 'busy' past the wait, 'foreign' for a
 * lock this machine cannot judge. `what` names the locked thing in messages.
 */
export async function acquireLockFile(path: string, waitMs: number, what: string): Promise<() => void> {
  const deadline = Date.now() + waitMs;
  const { owner, record } = newOwner();
  for (let pause = 2; ; ) {
    if (createExclusive(path, record, owner.nonce)) {
      removeOrphans(path);
      return () => {
        if (readOrNull(path) === record) unlinkSync(path);
      };
    }
    const held = readOrNull(path);
    if (held === null) continue;
    const holder = parseOwner(held);
    if (holder === null) throw new LockError('foreign', path, `${path} holds no lock record of this program: remove it if nothing is using ${what}`);
    const state = ownerState(holder);
    if (state === 'unknown') throw new LockError('foreign', path, `${what} is locked by process ${holder.pid} on host ${holder.host} (${path}); this host cannot tell whether it still runs`);
    if (state === 'dead' && breakStale(path, held, holder)) continue;
    if (Date.now() >= deadline) throw new LockError('busy', path, `${what} is in use by process ${holder.pid} (${path}); waited ${(waitMs / 1000).toFixed(0)} s`);
    await sleep(pause * (0.5 + Math.random()));
    pause = Math.min(100, pause * 2);
  }
}
