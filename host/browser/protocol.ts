// The messages between the page (main.ts and its parts) and the prover's worker (worker.ts). One
// worker runs one job: the page posts a job, may post a cancel, and the worker answers with its
// backend, progress…, then done, error or cancelled.
import type { HashBatchStage, StageTraffic } from '../../src/workloads/hash-batch/prove';
import type { StatementMode } from '../../src/workloads/hash-batch/statement';

export type BrowserBackend = 'webgpu' | 'cpu';

/** Prove the reference test's n messages on this backend, binding `statement`. */
export interface HashJob {
  kind: 'hash';
  n: number;
  backend: BrowserBackend;
  statement: StatementMode;
}

/** Prove a run of a program (its canonical JSON) on a public input (two E elements, 6 words each). */
export interface ProgramJob {
  kind: 'program';
  programJson: string;
  publicInput: [Uint32Array, Uint32Array];
  backend: BrowserBackend;
}

/** Generate n keys, sign `message` at `epoch` with each, and aggregate the signatures. */
export interface AggregateJob {
  kind: 'aggregate';
  n: number;
  message: Uint8Array;
  epoch: number;
  backend: BrowserBackend;
}

export type Job = HashJob | ProgramJob | AggregateJob;

/** Limits below the device's, for any job (the page's ?maxBinding=… and ?maxBuffer=…): bytes a
 * storage binding spans at most, and one buffer holds at most; the webgpu backend splits longer
 * operands into windows and parts (docs/gpu-scale.md). */
export interface DeviceLimits {
  maxBindingBytes?: number;
  maxBufferBytes?: number;
}

/** Page → worker. */
export type PageMessage = ({ type: 'job'; job: Job } & DeviceLimits) | { type: 'cancel' };

export interface HashDone {
  kind: 'hash';
  proof: Uint8Array;
  stageMs: Record<HashBatchStage, number>;
  /** The device traffic per stage, on a backend that meters it (webgpu). */
  traffic?: Record<HashBatchStage, StageTraffic>;
  verifyMs: number;
  verdict: { valid: true } | { valid: false; reason: string };
}

export interface ProgramDone {
  kind: 'program';
  proof: Uint8Array;
  stageMs: Record<string, number>;
  cycles: number;
}

export interface AggregateDone {
  kind: 'aggregate';
  /** The aggregate's file bytes. */
  bytes: Uint8Array;
  stageMs: Record<string, number>;
}

/** Worker → page. */
export type WorkerMessage =
  | { type: 'backend'; name: BrowserBackend; detail: string; fallback?: string }
  | { type: 'progress'; stage: string; fraction: number }
  | { type: 'done'; result: HashDone | ProgramDone | AggregateDone }
  | { type: 'cancelled'; stage?: string }
  | { type: 'error'; message: string };
