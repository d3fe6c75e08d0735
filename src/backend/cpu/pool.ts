// The cpu backend's optional worker pool. The backend knows only this interface: a host
// with threads (host/node/cpu-pool.ts, on node:worker_threads) makes one and hands it to
// createCpuBackend, so the browser bundle, which stays single-threaded, never imports one.
import type { CpuTask } from './tasks';

export interface CpuPool {
  /** Workers that run tasks at once. */
  readonly threads: number;
  /** Runs the tasks concurrently, one per free worker; once all have settled, rejects
   * with the first failure if any. Their arrays must lie in SharedArrayBuffers. */
  run(tasks: readonly CpuTask[]): Promise<void>;
  /** Ends the workers; later runs are refused. */
  dispose(): Promise<void>;
}
