// runWorker(): a long-running prover of a tree's jobs. One BullMQ Worker per queue it serves
// (leaf, node), one job at a time for the whole process, each proved in the prover process
// (sandbox.ts) so lock renewal never waits on a proof. A job's outcome decides its fate: a proof
// completes it (its parent reads it from Redis); bad input fails it without retries
// (UnrecoverableError), and BullMQ fails the parents above it; a job too large for this worker's
// memory, or for another node program, is left for another worker (moved to delayed, not failed,
// attempts untouched) and the refusal noted in Redis for treeStatus; anything else is retried
// (attempts with backoff, set at submission).
// close() lets the job under way finish; release() hands it back at once.
import type { Job, Worker } from 'bullmq';
import { bullmq } from './bullmq';
import { hostname } from 'node:os';
import { checkOptions } from '../../../src/util/options';
import { NodeProgramError } from '../../../src/workloads/recursion/errors';
import { connectionOf, DEFAULT_PREFIX, REDIS_RULES, type RedisTarget, TREE_QUEUES, type TreeQueue } from './connection';
import type { TreeJobData, TreeJobResult } from './jobs';
import { recordRefusal, withdrawRefusal } from './refusals';
import { proverSandbox } from './sandbox';

export interface WorkerOptions extends RedisTarget {
  /** The queues this worker serves (default both). */
  readonly queues?: readonly TreeQueue[];
  /** `auto`, `cpu`, `native` or `webgpu` (default auto). */
  readonly backend?: string;
  readonly threads?: number;
  /** Bytes a proof may take here; a job estimated above is left for another worker. */
  readonly maxMemory?: number;
  /** A module whose default export is the node program record ({ program, guestWitness });
   * default the built-in programs/aggregate-node.py. */
  readonly nodeProgram?: string;
  /** This worker's name in job results and logs (default host:pid). */
  readonly name?: string;
  /** How long a job's lock lasts without renewal: a worker gone this long loses its job (ms, default 30000). */
  readonly lockDuration?: number;
  /** How often stalled jobs are looked for (ms, default 30000). */
  readonly stalledInterval?: number;
  /** How long a job left for another worker waits before it is offered again (ms, default 1000). */
  readonly releaseDelay?: number;
  readonly log?: (line: string) => void;
  /** The prover script (default dist/node/tree-prover.js beside this bundle). */
  readonly proverScript?: string;
}

export interface WorkerCounts {
  /** Jobs proved, per queue. */
  readonly done: Record<TreeQueue, number>;
  /** Jobs left for another worker (too large here, another node program, or busy). */
  readonly left: number;
  /** Jobs failed here (refused input or a transient failure). */
  readonly failed: number;
}

export interface TreeWorker {
  readonly name: string;
  /** The backend the prover opened, and why. */
  readonly backend: string;
  readonly why: string;
  counts(): WorkerCounts;
  /** Stops taking jobs, lets the one under way finish, and closes. */
  close(): Promise<void>;
  /** Stops taking jobs, hands the one under way back to the queue (it is offered again at once), and closes. */
  release(): Promise<void>;
}

const key = (prefix: string, queue: string, id: string) => `${prefix}:${queue}:${id}`;

/** Starts a worker; resolves once its prover is ready and it is taking jobs. Refuses to serve
 * the node queue without a node program (NodeProgramError). */
export async function runWorker(options: WorkerOptions): Promise<TreeWorker> {
  const ms = { integer: [0, 2 ** 31 - 1] } as const;
  checkOptions('runWorker', options, {
    ...REDIS_RULES, queues: { someOf: TREE_QUEUES }, backend: { oneOf: ['auto', 'cpu', 'native', 'webgpu'] }, threads: { integer: [1, 1024] },
    maxMemory: { integer: [1, Number.MAX_SAFE_INTEGER] }, nodeProgram: 'string', name: 'string', lockDuration: ms, stalledInterval: ms,
    releaseDelay: ms, log: 'function', proverScript: 'string',
  }, ['redis']);
  const queues = options.queues ?? TREE_QUEUES;
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const log = options.log ?? (() => {});
  const releaseDelay = options.releaseDelay ?? 1000;
  const connection = connectionOf(options.redis);
  const { DelayedError, UnrecoverableError, Worker } = await bullmq();
  const sandbox = proverSandbox({ backend: options.backend ?? 'auto', threads: options.threads, maxMemory: options.maxMemory, nodeProgram: options.nodeProgram, worker: name }, options.proverScript);
  let ready;
  try {
    ready = await sandbox.ready;
  } catch (e) {
    sandbox.kill();
    throw e;
  }
  if (queues.includes('node') && ready.nodeProgram === undefined) {
    sandbox.kill();
    throw new NodeProgramError('unloadable', `this worker cannot serve the node queue: ${ready.nodeProgramError}`);
  }
  const done: Record<TreeQueue, number> = { leaf: 0, node: 0 };
  let left = 0, failed = 0;
  let busy = false, releasing = false;
  /** Jobs found too large here, and why: offered again, they are left at once (a job's size never changes). */
  const refused = new Map<string, string>();
  const workers: Worker[] = [];
  const clientOf = (queue: string) => workers.find((w) => w.name === queue)!.client;

  /** Hands the job back: delayed by `ms`, attempts untouched; BullMQ offers it again after. */
  const leave = async (job: Job, token: string | undefined, ms: number, why: string): Promise<never> => {
    left++;
    log(`${job.queueName} ${job.id}: left for another worker (${why})`);
    await job.moveToDelayed(Date.now() + ms, token);
    throw new DelayedError();
  };
  /** Leaves a job this worker will never take, and says so in Redis (refusals.ts): a job every
   * worker of its queue refused is blocked, and treeStatus says why. */
  const refuse = async (job: Job, token: string | undefined, why: string): Promise<never> => {
    await recordRefusal(await clientOf(job.queueName), prefix, job.queueName as TreeQueue, job.id as string, name, why);
    return leave(job, token, releaseDelay, why);
  };

  const processor = (queue: TreeQueue) => async (job: Job<TreeJobData, TreeJobResult>, token?: string): Promise<TreeJobResult> => {
    if (busy || releasing) return leave(job, token, releaseDelay, 'busy');
    const data = job.data;
    if (data.kind === 'node' && data.nodeProgram !== ready.nodeProgram) return refuse(job, token, `its node program ${data.nodeProgram} is not this worker's ${ready.nodeProgram}`);
    const tooLarge = refused.get(job.id as string);
    if (tooLarge !== undefined) return refuse(job, token, tooLarge);
    busy = true;
    for (const w of workers) if (w.name !== queue) void w.pause(true);
    try {
      // A refusal of this worker's name from before (another --max-memory) no longer holds.
      await withdrawRefusal(await clientOf(queue), prefix, queue, job.id as string, name);
      let children: string[] | undefined;
      if (data.kind === 'node') {
        const values = await job.getChildrenValues<TreeJobResult>();
        children = data.children.map((c) => {
          const v = values[key(prefix, c.queue, c.id)];
          if (v === undefined) throw new Error(`child ${c.queue} ${c.id} has no result in Redis`);
          return v.aggregate;
        });
      }
      const t = performance.now();
      log(`${queue} ${job.id}: proving (attempt ${job.attemptsMade + 1})`);
      const outcome = await sandbox.run(job.id as string, data, children, (stage, fraction) => void job.updateProgress({ stage, fraction }).catch(() => {}));
      if (outcome.type === 'done') {
        done[queue]++;
        log(`${queue} ${job.id}: proved in ${(performance.now() - t).toFixed(0)} ms`);
        return outcome.result;
      }
      if (outcome.type === 'too-large') {
        refused.set(job.id as string, outcome.message);
        return await refuse(job, token, outcome.message);
      }
      if (releasing) return await leave(job, token, 0, 'released');
      failed++;
      log(`${queue} ${job.id}: ${outcome.type === 'refused' ? 'refused' : 'failed'}: ${outcome.message}`);
      throw outcome.type === 'refused' ? new UnrecoverableError(outcome.message) : new Error(outcome.message);
    } finally {
      busy = false;
      if (!releasing) for (const w of workers) if (w.name !== queue && !w.closing) w.resume();
    }
  };

  for (const queue of queues) {
    workers.push(new Worker(queue, processor(queue), {
      connection, prefix, concurrency: 1, name,
      lockDuration: options.lockDuration ?? 30_000, stalledInterval: options.stalledInterval ?? 30_000,
    }));
  }
  for (const w of workers) w.on('error', (e) => log(`redis: ${e.message}`));
  log(`worker ${name}: ${queues.join(', ')} on ${ready.backend} (${ready.why})`);

  const closeAll = async () => {
    await Promise.all(workers.map((w) => w.close()));
    sandbox.kill();
  };
  return {
    name, backend: ready.backend, why: ready.why,
    counts: () => ({ done: { ...done }, left, failed }),
    close: closeAll,
    async release() {
      releasing = true;
      sandbox.kill();
      await closeAll();
    },
  };
}
