// The cpu backend's worker pool on node:worker_threads. Workers start on the first run
// and are unreferenced while idle, so a pool never keeps the process alive between runs;
// dispose ends them. A task that throws fails its run (the worker carries on); a worker
// that dies fails its task and breaks the pool, whose other workers are ended at once.
import { LeanVmError } from '../../src/util/errors';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CpuPool } from '../../src/backend/cpu/pool';
import type { CpuTask } from '../../src/backend/cpu/tasks';

export interface CpuPoolOptions {
  /** Worker threads; every core this process may use by default. */
  threads?: number;
  /** The worker script; by default cpu-pool-worker.js beside this bundle (dist/node). */
  workerUrl?: URL;
}

/** A task on its way: the outcome goes to `done`. */
interface Job {
  task: CpuTask;
  done: (error: Error | null) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export class CpuPoolError extends LeanVmError {
  override name = 'CpuPoolError';
}

/** The default thread count: every core this process may use. */
export function defaultCpuThreads(): number {
  return availableParallelism();
}

export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const threads = options.threads ?? defaultCpuThreads();
  if (!Number.isInteger(threads) || threads < 1) throw new CpuPoolError(`cpu threads must be a positive integer, got ${threads}`);
  const workerUrl = options.workerUrl ?? new URL('./cpu-pool-worker.js', import.meta.url);
  const slots: Slot[] = [];
  const queue: Job[] = [];
  /** Why the pool refuses work: disposed, or a worker died. */
  let closed: Error | null = null;

  function start(): void {
    for (let i = 0; i < threads; i++) {
      const slot: Slot = { worker: new Worker(workerUrl), job: null };
      slot.worker.unref();
      slot.worker.on('message', (reply: { name: string; message: string } | null) => {
        const job = slot.job;
        slot.job = null;
        if (reply === null) job?.done(null);
        else job?.done(Object.assign(new Error(reply.message), { name: reply.name }));
        pump();
      });
      slot.worker.on('error', (e) => fail(slot, e));
      slot.worker.on('exit', (code) => fail(slot, new CpuPoolError(`cpu pool worker exited (code ${code})`)));
      slots.push(slot);
    }
  }

  /** A worker died: its task and every queued one fail, the others are ended. */
  function fail(slot: Slot, error: Error): void {
    const job = slot.job;
    slot.job = null;
    job?.done(error);
    if (closed !== null) return;
    closed = new CpuPoolError(`the cpu pool broke: ${error.message}`);
    for (const other of slots) void other.worker.terminate();
    for (const queued of queue.splice(0)) queued.done(closed);
  }

  /** Hands queued tasks to idle workers; a worker holds the process only while busy. */
  function pump(): void {
    for (const slot of slots) {
      while (slot.job === null && queue.length > 0) {
        const job = queue.shift()!;
        try {
          slot.worker.postMessage(job.task);
        } catch (e) {
          // A task that cannot be sent (not cloneable) fails alone.
          job.done(e as Error);
          continue;
        }
        slot.job = job;
        slot.worker.ref();
      }
      if (slot.job === null) slot.worker.unref();
    }
  }

  function submit(task: CpuTask): Promise<void> {
    return new Promise((resolve, reject) => {
      if (closed !== null) return reject(closed);
      queue.push({ task, done: (e) => (e === null ? resolve() : reject(e)) });
      if (slots.length === 0) start();
      pump();
    });
  }

  return {
    threads,
    async run(tasks) {
      const outcomes = await Promise.allSettled(tasks.map(submit));
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
    },
    async dispose() {
      if (closed === null) closed = new CpuPoolError('the cpu pool was disposed');
      for (const queued of queue.splice(0)) queued.done(closed);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
