// The messages between the page (main.ts) and the prover's worker (worker.ts).
import type { HashBatchStage, StageTraffic } from '../../src/workloads/hash-batch/prove';
import type { StatementMode } from '../../src/workloads/hash-batch/statement';

export type BrowserBackend = 'webgpu' | 'cpu';

/** Page → worker: prove the reference test's n messages on this backend, binding `statement`. */
export interface ProveRequest {
  n: number;
  backend: BrowserBackend;
  statement: StatementMode;
  /** Bytes a storage binding spans at most, below the device's limit (the page's
   * ?maxBinding=…): the webgpu backend splits longer operands into windows (docs/gpu-scale.md). */
  maxBindingBytes?: number;
}

/** Worker → page, in this order: backend, progress…, then done or error. */
export type WorkerMessage =
  | { type: 'backend'; name: BrowserBackend; detail: string; fallback?: string }
  | { type: 'progress'; stage: HashBatchStage; fraction: number }
  | {
      type: 'done';
      proof: Uint8Array;
      stageMs: Record<HashBatchStage, number>;
      /** The device traffic per stage, on a backend that meters it (webgpu). */
      traffic?: Record<HashBatchStage, StageTraffic>;
      verifyMs: number;
      verdict: { valid: true } | { valid: false; reason: string };
    }
  | { type: 'error'; message: string };
