// How much memory a job may use here: what the machine has available (MemAvailable, which
// counts reclaimable caches), or less where this process's cgroup caps it (v2 memory.max, v1
// memory.limit_in_bytes, less what the group uses already). Elsewhere os.freemem(). The
// proving commands check their job's estimate against it (or --max-memory) before starting.
import { readFileSync } from 'node:fs';
import { freemem } from 'node:os';
import { formatBytes } from '../../src/util/allocation';
import type { MemoryEstimate } from '../../src/backend/memory';
import { UsageError } from './usage';

export interface MemoryLimit {
  readonly bytes: number;
  /** Where the number comes from, for a person reading the refusal. */
  readonly source: string;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** A number file's value, or null when absent or unlimited ('max', or v1's near-2^63). */
function bytesIn(path: string): number | null {
  const text = read(path)?.trim();
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const v = Number(text);
  return v >= 2 ** 62 ? null : v;
}

/** MemAvailable from /proc/meminfo, in bytes. */
function memAvailable(): number | null {
  const m = /^MemAvailable:\s+(\d+) kB$/m.exec(read('/proc/meminfo') ?? '');
  return m === null ? null : Number(m[1]) * 1024;
}

/** The room left under this process's cgroup's memory limit (v2, then v1), if it has one. */
function cgroupRoom(): MemoryLimit | null {
  const groups = read('/proc/self/cgroup') ?? '';
  const v2 = /^0::(\/.*)$/m.exec(groups);
  if (v2 !== null) {
    const dir = `/sys/fs/cgroup${v2[1] === '/' ? '' : v2[1]}`;
    const max = bytesIn(`${dir}/memory.max`);
    if (max !== null) return { bytes: max - (bytesIn(`${dir}/memory.current`) ?? 0), source: `cgroup ${v2[1]} memory.max ${max} bytes, less its use` };
  }
  const v1 = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(\/.*)$/m.exec(groups);
  if (v1 !== null) {
    const dir = `/sys/fs/cgroup/memory${v1[1] === '/' ? '' : v1[1]}`;
    const max = bytesIn(`${dir}/memory.limit_in_bytes`);
    if (max !== null) return { bytes: max - (bytesIn(`${dir}/memory.usage_in_bytes`) ?? 0), source: `cgroup ${v1[1]} memory.limit_in_bytes ${max} bytes, less its use` };
  }
  return null;
}

/** The memory a new job may take now: the least of the machine's available memory and its
 * cgroup's room. */
export function memoryLimit(): MemoryLimit {
  const available = memAvailable();
  const machine: MemoryLimit = available === null ? { bytes: freemem(), source: 'free memory' } : { bytes: available, source: 'MemAvailable' };
  const group = cgroupRoom();
  return group !== null && group.bytes < machine.bytes ? group : machine;
}

const SIZE_UNITS: Record<string, number> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40 };

/** --max-memory: bytes, or a number with K, M, G or T (binary units; a trailing B or iB allowed). */
export function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?$/i.exec(text.trim());
  const bytes = m === null ? NaN : Math.floor(Number(m[1]) * SIZE_UNITS[m[2].toUpperCase()]);
  if (!(bytes > 0)) throw new UsageError(`--max-memory must be a size such as 512M, 8G or 1073741824, got "${text}"`);
  return bytes;
}

/** A proving command's memory flags. */
export interface MemoryOptions {
  /** the memory the proof may take (a size: 512M, 8G); default what the machine offers */
  maxMemory?: string;
  /** prove even when the estimate exceeds the limit */
  force?: boolean;
}

/** The job's estimate against what it may use: UsageError (exit 2, one line with both numbers)
 * if it does not fit, unless forced. A hardware GPU's buffers are the card's memory, not the
 * host's. */
export function checkMemory(estimate: MemoryEstimate, hostMemory: boolean, opts: MemoryOptions, what: string): MemoryLimit {
  const limit = opts.maxMemory === undefined ? memoryLimit() : { bytes: parseSize(opts.maxMemory), source: '--max-memory' };
  const needs = hostMemory ? estimate.bytes : estimate.bytes - estimate.deviceBytes;
  if (needs > limit.bytes && opts.force !== true) {
    throw new UsageError(
      `${what} needs an estimated ${formatBytes(needs)} (${needs} bytes, at its ${estimate.stage}) but ${limit.source} allows ${formatBytes(limit.bytes)} (${limit.bytes} bytes); --force to try anyway`,
    );
  }
  return limit;
}

/** The report's memory fields (--json): the estimate beside the limit it was checked against. */
export function memoryReport(estimate: MemoryEstimate, limit: MemoryLimit) {
  return { estimatedPeakBytes: estimate.bytes, estimatedPeakStage: estimate.stage, deviceBytes: estimate.deviceBytes, limitBytes: limit.bytes, limitSource: limit.source };
}

/**
 * A check for a job whose shape is known only once it has started (a VM program runs first):
 * `check` weighs the shape's estimate against the limit as checkMemory does, and `report` gives
 * the report's memory fields once it has.
 */
export function memoryGuard<A extends unknown[]>(estimate: (...shape: A) => MemoryEstimate, hostMemory: boolean, opts: MemoryOptions, what: string) {
  let checked: { estimate: MemoryEstimate; limit: MemoryLimit } | undefined;
  return {
    check(...shape: A): void {
      const e = estimate(...shape);
      checked = { estimate: e, limit: checkMemory(e, hostMemory, opts, what) };
    },
    report: () => (checked === undefined ? undefined : memoryReport(checked.estimate, checked.limit)),
  };
}
