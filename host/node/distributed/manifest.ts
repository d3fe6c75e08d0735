// A tree's manifest: its statement's sizes and its jobs' ids level by level (leaves first, the
// root last), one JSON string at `PREFIX:tree:ID`, so status and fetch know which jobs are the
// tree's without walking BullMQ's dependency keys.
import type { RedisClient } from 'bullmq';
import { TreeError } from './tree-errors';

export interface TreeManifest {
  readonly id: string;
  readonly message: string;
  readonly epoch: number;
  readonly signers: number;
  readonly leafSize: number;
  readonly arity: number;
  /** levels[0] the leaves' job ids, then each level of nodes; the last holds the root alone. */
  readonly levels: readonly (readonly string[])[];
}

const manifestKey = (prefix: string, id: string) => `${prefix}:tree:${id}`;

export async function writeManifest(client: RedisClient, prefix: string, manifest: TreeManifest): Promise<void> {
  await client.set(manifestKey(prefix, manifest.id), JSON.stringify(manifest));
}

/** The manifest of tree `id`; TreeError('unknown') if no tree has that id here. */
export async function readManifest(client: RedisClient, prefix: string, id: string): Promise<TreeManifest> {
  const text = await client.get(manifestKey(prefix, id));
  if (text === null) throw new TreeError('unknown', `no tree ${id} in this Redis (prefix ${prefix})`);
  return JSON.parse(text) as TreeManifest;
}
