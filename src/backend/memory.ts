// What a proof's memory will peak at, before it runs. Each workload states its own model: the
// arrays live in each stage, from its shape (the hash batch from n; a VM proof from its
// program's tables), for a backend and a rate. The peak is the largest stage plus what the
// process holds whatever it proves. The backends' pools keep spares only within what they have
// held before (src/backend/word-pool.ts), so a peak holds only live arrays and the sum is a
// prediction, not a bound: close to the measured peak resident set from 2^15 up (the hash
// batch: within 4%), far below it for small jobs, whose memory is mostly the runtime's.
import type { BackendName } from './backend';

/** Bytes a Node process running the prover holds before its first array (runtime, code, heap). */
export const PROCESS_BYTES = 80 * 2 ** 20;

/** What Dawn, its adapter and the webgpu backend's scratch hold beside the process (lavapipe,
 * hash batches of 2^12..2^14: within 5% with this). */
export const GPU_RUNTIME_BYTES = 230 * 2 ** 20;

/** One stage's live arrays, by name, in bytes. */
export interface StageMemory {
  readonly stage: string;
  readonly arrays: Readonly<Record<string, number>>;
}

export interface MemoryEstimate {
  /** The process's peak resident set, in bytes. */
  readonly bytes: number;
  /** The stage where it falls, and what is live there (process overhead included). */
  readonly stage: string;
  readonly arrays: Readonly<Record<string, number>>;
  /** Of `bytes`, what a GPU backend holds in device buffers (memory of the host itself on a
   * software adapter, of the card on a hardware GPU). */
  readonly deviceBytes: number;
}

/** How a job's memory is estimated: a workload's model over its own shape. */
export type MemoryModel<Shape> = (shape: Shape, backend: BackendName) => MemoryEstimate;

const sum = (arrays: Readonly<Record<string, number>>): number => Object.values(arrays).reduce((t, b) => t + b, 0);

/**
 * The estimate from a workload's stages: the largest, plus `process` (the process's own
 * bytes and whatever the workload holds throughout, such as its inputs). `device` names the
 * arrays that live on a GPU.
 */
export function peakOf(stages: readonly StageMemory[], process: Readonly<Record<string, number>>, device: ReadonlySet<string> = new Set()): MemoryEstimate {
  let peak = stages[0];
  for (const s of stages) if (sum(s.arrays) > sum(peak.arrays)) peak = s;
  const arrays = { ...process, ...peak.arrays };
  const deviceBytes = Object.entries(peak.arrays).reduce((t, [name, b]) => t + (device.has(name) ? b : 0), 0);
  return { bytes: sum(arrays), stage: peak.stage, arrays, deviceBytes };
}
