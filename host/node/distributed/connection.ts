// Where a tree's jobs live: a Redis URL made into BullMQ's connection options, and the two queues
// (leaves, nodes) under one key prefix. Workers and submitters agree on both by construction.
import type { ConnectionOptions } from 'bullmq';
import type { OptionRule } from '../../../src/util/options';
import { UsageError } from '../usage';

/** The queues a tree's jobs go to: leaves (XMSS aggregates) and nodes (aggregates of aggregates). */
export type TreeQueue = 'leaf' | 'node';
export const TREE_QUEUES: readonly TreeQueue[] = ['leaf', 'node'];

/** BullMQ's key prefix for every queue of ours (keys `leanvm:leaf:…`, `leanvm:node:…`). */
export const DEFAULT_PREFIX = 'leanvm';

/** The options rules every tree function shares (checked before anything connects). */
export const REDIS_RULES: Readonly<Record<string, OptionRule>> = { redis: 'string', prefix: 'string' };

export interface RedisTarget {
  /** redis://[user:password@]host[:port][/db] */
  readonly redis: string;
  /** The key prefix (default `leanvm`): two deployments on one Redis keep apart by prefix. */
  readonly prefix?: string;
}

/** A redis:// URL as ioredis options. Workers block on Redis and must wait out a restart rather
 * than fail a command: maxRetriesPerRequest null (BullMQ's requirement for workers). */
export function connectionOf(url: string): ConnectionOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`--redis takes a URL such as redis://127.0.0.1:6379, got "${url}"`);
  }
  if (u.protocol !== 'redis:') throw new UsageError(`--redis takes a redis:// URL, got "${url}"`);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new UsageError(`--redis: the database must be a number, got "${u.pathname.slice(1)}"`);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port === '' ? 6379 : Number(u.port),
    ...(u.username !== '' ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password !== '' ? { password: decodeURIComponent(u.password) } : {}),
    db,
    maxRetriesPerRequest: null,
  };
}

/** `--queues leaf,node` as a list, each known and once. */
export function parseQueues(text: string): TreeQueue[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const n of names) if (!(TREE_QUEUES as readonly string[]).includes(n)) throw new UsageError(`--queues takes leaf, node or leaf,node, got "${n}"`);
  if (names.length === 0) throw new UsageError('--queues names no queue (leaf, node or leaf,node)');
  return [...new Set(names)] as TreeQueue[];
}
