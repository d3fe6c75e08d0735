// fetchTree(): the root aggregate of a done tree (the file's bytes, version 2), or, with `wait`,
// once it is done, reporting the tree's status on each poll. A failed tree is a TreeError naming
// its first cause (a refused signer, by name); so is a tree not done when not waiting, and, when
// waiting, a tree blocked for `blockedMs` (a job every worker of its queue refused: nothing will
// prove it until a worker that can joins), naming the job and the workers' reasons.
import { bullmq } from './bullmq';
import { checkOptions } from '../../../src/util/options';
import { connectionOf, DEFAULT_PREFIX, REDIS_RULES, type RedisTarget } from './connection';
import type { TreeJobResult } from './jobs';
import { statusOf, type TreeStatus } from './status';
import { TreeError } from './tree-errors';

export interface FetchOptions extends RedisTarget {
  /** Wait until the tree is done (or failed). */
  readonly wait?: boolean;
  /** How often to look while waiting (ms, default 500). */
  readonly pollMs?: number;
  /** How long to wait on a blocked tree before giving up (ms, default 60000). */
  readonly blockedMs?: number;
  readonly onStatus?: (status: TreeStatus) => void;
  /** Stops waiting (an AbortSignal's reason is thrown). */
  readonly signal?: AbortSignal;
}

export async function fetchTree(id: string, options: FetchOptions): Promise<{ aggregate: Uint8Array; status: TreeStatus }> {
  checkOptions('fetchTree', options, { ...REDIS_RULES, wait: 'boolean', pollMs: { integer: [1, 2 ** 31 - 1] }, blockedMs: { integer: [0, 2 ** 31 - 1] }, onStatus: 'function', signal: 'signal' }, ['redis']);
  const connection = connectionOf(options.redis);
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const { Queue } = await bullmq();
  const queues = { leaf: new Queue('leaf', { connection, prefix }), node: new Queue('node', { connection, prefix }) };
  let blockedSince: number | undefined;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const status = await statusOf(id, prefix, queues);
      options.onStatus?.(status);
      if (status.state === 'done') {
        const root = await queues.node.getJob(id);
        const result = root?.returnvalue as TreeJobResult | undefined;
        if (result === undefined) throw new TreeError('unknown', `tree ${id} is done but its root's result is gone from Redis`);
        return { aggregate: Uint8Array.from(Buffer.from(result.aggregate, 'base64')), status };
      }
      if (status.state === 'failed') {
        const first = status.failures[0];
        throw new TreeError('failed', `tree ${id} failed: ${first.queue} ${first.id}: ${first.reason}`, status.failures);
      }
      if (!options.wait) throw new TreeError('not-done', `tree ${id} is not done: ${status.done} of ${status.total} jobs done (--wait to wait)`);
      blockedSince = status.state === 'blocked' ? (blockedSince ?? Date.now()) : undefined;
      if (blockedSince !== undefined && Date.now() - blockedSince >= (options.blockedMs ?? 60_000)) {
        const b = status.blocked[0];
        throw new TreeError('blocked', `tree ${id} is blocked: ${b.queue} ${b.id} was refused by every worker serving the ${b.queue} queue (${b.refusals.map((r) => `${r.worker}: ${r.reason}`).join('; ')}); start a worker that can take it`);
      }
      await new Promise((r) => setTimeout(r, options.pollMs ?? 500));
    }
  } finally {
    await Promise.all([queues.leaf.close(), queues.node.close()]);
  }
}
