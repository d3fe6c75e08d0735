// treeStatus under a Redis user that may not list clients (an ACL without CLIENT LIST, which a
// deployment may well set up): it still answers, and no job is called blocked (refusals.ts needs
// the client list to know which workers are connected). Nothing is proved: no worker runs.
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { treeStatus } from '../../host/node/distributed/status';
import { submitTree } from '../../host/node/distributed/submit';
import { standInProgram } from '../recursion/stand-in';
import { haveRedis, type PrivateRedis, startRedis } from './redis';

let redis: PrivateRedis | undefined;
afterEach(async () => {
  await redis?.stop();
  redis = undefined;
});

/** The two commands this test sends itself, on BullMQ's ioredis clients. */
type Commands = { call(...args: string[]): Promise<unknown>; client(subcommand: 'LIST'): Promise<string> };
const commands = async (q: Queue) => (await q.client) as unknown as Commands;

const signer = (b: number) => ({ publicKey: new Uint8Array(32).fill(b), signature: new Uint8Array(1208).fill(b) });

describe.runIf(haveRedis())('tree status', () => {
  it('answers for a Redis user refused CLIENT LIST: the leaves waiting, none blocked', async () => {
    redis = await startRedis();
    // BullMQ's connections, as the tree functions open them: the default user, then the limited one.
    const admin = new Queue('leaf', { connection: { host: '127.0.0.1', port: redis.port } });
    await (await commands(admin)).call('ACL', 'SETUSER', 'tree', 'on', '>pw', '~*', '&*', '+@all', '-client|list');
    const limited = new Queue('leaf', { connection: { host: '127.0.0.1', port: redis.port, username: 'tree', password: 'pw' } });
    try {
      await expect((await commands(limited)).client('LIST')).rejects.toThrow(/NOPERM/);
      const url = `redis://tree:pw@127.0.0.1:${redis.port}`;
      const { id } = await submitTree({ redis: url, message: new Uint8Array(32), epoch: 1, signers: [1, 2, 3, 4].map(signer), leafSize: 2, arity: 2, nodeProgram: standInProgram });
      const status = await treeStatus(id, { redis: url });
      expect(status.state).toBe('waiting');
      expect(status.levels.map((l) => [l.jobs, l.waiting])).toEqual([[2, 2], [1, 1]]);
      expect(status.blocked).toEqual([]);
    } finally {
      await Promise.all([admin.close(), limited.close()]);
    }
  });
});
