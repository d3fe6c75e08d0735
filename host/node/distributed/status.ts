// treeStatus(): what a tree's jobs are doing, level by level: waiting (for a worker, or for
// their children), running (with the prover's stage), done (and by which worker), failed (and
// why); and the jobs blocked, refused by every worker now serving their queue (refusals.ts), with
// each worker's reason. Read from the job hashes' small fields only: never the proofs.
import type { Queue } from 'bullmq';
import { bullmq } from './bullmq';
import { checkOptions } from '../../../src/util/options';
import { connectionOf, DEFAULT_PREFIX, REDIS_RULES, type RedisTarget, type TreeQueue } from './connection';
import { readManifest, type TreeManifest } from './manifest';
import { blockedBy, liveWorkers, type Refusal } from './refusals';
import type { TreeFailure } from './tree-errors';

export interface LevelStatus {
  /** `leaves`, `level 1` .. `root`. */
  readonly name: string;
  readonly jobs: number;
  readonly waiting: number;
  readonly running: number;
  readonly done: number;
  readonly failed: number;
}

export interface RunningJob {
  readonly queue: TreeQueue;
  readonly id: string;
  readonly worker: string;
  readonly stage?: string;
  readonly fraction?: number;
}

/** A job no worker now serving its queue will take, and each one's reason. */
export interface BlockedJob {
  readonly queue: TreeQueue;
  readonly id: string;
  readonly refusals: readonly Refusal[];
}

export interface TreeStatus {
  readonly id: string;
  /** done: the root is proved; failed: some job failed for good (see failures); blocked: some
   * job waits that every worker now serving its queue refused (see blocked). */
  readonly state: 'waiting' | 'running' | 'blocked' | 'done' | 'failed';
  readonly manifest: TreeManifest;
  readonly levels: readonly LevelStatus[];
  readonly done: number;
  readonly total: number;
  readonly running: readonly RunningJob[];
  /** Failed jobs, causes first: a refused leaf names its signer; its parents fail as "child … failed". */
  readonly failures: readonly TreeFailure[];
  readonly blocked: readonly BlockedJob[];
  /** Jobs done per worker. */
  readonly workers: Readonly<Record<string, number>>;
  /** Jobs started more than once (a worker lost, a transient failure retried). */
  readonly retried: number;
}

const levelName = (i: number, count: number) => (i === 0 ? 'leaves' : i === count - 1 ? 'root' : `level ${i}`);

/** The status of tree `id` (TreeError 'unknown' if there is none). */
export async function treeStatus(id: string, options: RedisTarget): Promise<TreeStatus> {
  checkOptions('treeStatus', options, REDIS_RULES, ['redis']);
  const connection = connectionOf(options.redis);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const { Queue } = await bullmq();
  const queues = { leaf: new Queue('leaf', { connection, prefix }), node: new Queue('node', { connection, prefix }) };
  try {
    return await statusOf(id, prefix, queues);
  } finally {
    await Promise.all([queues.leaf.close(), queues.node.close()]);
  }
}

export async function statusOf(id: string, prefix: string, queues: Record<TreeQueue, Queue>): Promise<TreeStatus> {
  const client = await queues.node.client;
  const manifest = await readManifest(client, prefix, id);
  const running: RunningJob[] = [];
  const failures: TreeFailure[] = [];
  const blocked: BlockedJob[] = [];
  /** The workers serving each queue, asked for once, and only if some job is ready to be taken. */
  const live: Partial<Record<TreeQueue, Promise<string[]>>> = {};
  const workers: Record<string, number> = {};
  let retried = 0;
  const levels: LevelStatus[] = [];
  for (const [i, ids] of manifest.levels.entries()) {
    const queue: TreeQueue = i === 0 ? 'leaf' : 'node';
    const states = await Promise.all(ids.map((j) => queues[queue].getJobState(j)));
    const fields = await Promise.all(ids.map((j) => client.hmget(`${prefix}:${queue}:${j}`, 'pb', 'failedReason', 'progress', 'ats')));
    const count = { waiting: 0, running: 0, done: 0, failed: 0 };
    const ready: string[] = [];
    states.forEach((state, k) => {
      const [worker, reason, progress, started] = fields[k];
      if (Number(started ?? 0) > 1) retried++;
      if (state === 'completed') {
        count.done++;
        workers[worker ?? '?'] = (workers[worker ?? '?'] ?? 0) + 1;
      } else if (state === 'failed') {
        count.failed++;
        failures.push({ queue, id: ids[k], reason: reason ?? '' });
      } else if (state === 'active') {
        count.running++;
        const p = progress === null ? undefined : (JSON.parse(progress) as { stage?: string; fraction?: number } | number);
        running.push({ queue, id: ids[k], worker: worker ?? '?', ...(typeof p === 'object' && p !== null ? { stage: p.stage, fraction: p.fraction } : {}) });
      } else {
        count.waiting++;
        if (state !== 'waiting-children') ready.push(ids[k]);
      }
    });
    if (ready.length > 0) {
      const connected = await (live[queue] ??= liveWorkers(queues[queue], prefix));
      const refusals = await Promise.all(ready.map((j) => blockedBy(client, prefix, queue, j, connected)));
      for (const [k, r] of refusals.entries()) if (r !== undefined) blocked.push({ queue, id: ready[k], refusals: r });
    }
    levels.push({ name: levelName(i, manifest.levels.length), jobs: ids.length, ...count });
  }
  // Causes first: a parent's deferred failure only repeats its child's.
  failures.sort((a, b) => Number(a.reason.startsWith('child ')) - Number(b.reason.startsWith('child ')));
  const done = levels.reduce((s, l) => s + l.done, 0);
  const total = levels.reduce((s, l) => s + l.jobs, 0);
  const root = levels[levels.length - 1];
  const state = root.done === 1 ? 'done' : failures.length > 0 ? 'failed' : blocked.length > 0 ? 'blocked' : done > 0 || running.length > 0 ? 'running' : 'waiting';
  return { id, state, manifest, levels, done, total, running, failures, blocked, workers, retried };
}
