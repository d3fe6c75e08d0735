// Refusals: a worker that will never take a job (too large for its --max-memory, or a node of
// another node program) notes it in Redis, in a hash beside the job (`PREFIX:QUEUE:ID:refused`:
// worker name → why), and withdraws its note when it takes the job. A job waiting with a note
// from every worker now serving its queue is blocked: nothing will prove it until a worker that
// can joins, and treeStatus says so, with each worker's reason.
import type { Queue, RedisClient } from 'bullmq';
import type { TreeQueue } from './connection';

/** One worker's reason for never taking a job. */
export interface Refusal {
  readonly worker: string;
  readonly reason: string;
}

const refusalKey = (prefix: string, queue: TreeQueue, id: string) => `${prefix}:${queue}:${id}:refused`;

export async function recordRefusal(client: RedisClient, prefix: string, queue: TreeQueue, id: string, worker: string, reason: string): Promise<void> {
  await client.hset(refusalKey(prefix, queue, id), { [worker]: reason });
}

export async function withdrawRefusal(client: RedisClient, prefix: string, queue: TreeQueue, id: string, worker: string): Promise<void> {
  await client.hdel(refusalKey(prefix, queue, id), worker);
}

/** The names of the workers connected to `queue` now: BullMQ names a worker's connection
 * `PREFIX:base64(QUEUE):w:NAME`. None where Redis refuses this user CLIENT LIST (an ACL): then
 * no job can be called blocked, only waiting. */
export async function liveWorkers(queue: Queue, prefix: string): Promise<string[]> {
  const head = `${prefix}:${Buffer.from(queue.name).toString('base64')}:w:`;
  let clients;
  try {
    clients = await queue.getWorkers();
  } catch (e) {
    if (/NOPERM/.test((e as Error).message)) return [];
    throw e;
  }
  return clients.map((c) => c.rawname ?? '').filter((n) => n.startsWith(head)).map((n) => n.slice(head.length));
}

/** Why job `id` is blocked (every worker in `live` refused it), or undefined if some live worker
 * may take it, or none serves its queue (then it waits for one). */
export async function blockedBy(client: RedisClient, prefix: string, queue: TreeQueue, id: string, live: readonly string[]): Promise<Refusal[] | undefined> {
  if (live.length === 0) return undefined;
  const notes = await client.hgetall(refusalKey(prefix, queue, id));
  if (!live.every((w) => notes[w] !== undefined)) return undefined;
  return [...new Set(live)].map((worker) => ({ worker, reason: notes[worker] }));
}
