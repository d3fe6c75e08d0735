// A tree across worker processes with the BUILT-IN node program (programs/aggregate-node.py, each
// node verifying its children inside the VM): the smallest tree with a real node, 4 signers in
// leaves of 2 at arity 2 (two leaves and the root), proved by two workers with no --node-program
// and submitted and fetched through the CLI with none, against aggregateTree's root of the same
// signers on one machine with the default node program: equal byte for byte, and it verifies.
// One tree only (a real node is ~30 s on one native thread); the queues' faults are exercised
// over the quicker stand-in (tree.test.ts). LEANVM_TREE_FULL=1: the acceptance shape instead, 8
// leaves of 8 at arity 2 (four levels, 15 jobs) on three workers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeTreeAggregate, encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { aggregateTree } from '../../src/workloads/recursion/tree-aggregate';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import { EPOCH, FULL, makeSigners, signersDir } from './fixture';
import { haveRedis, type PrivateRedis, startRedis } from './redis';
import { CLI, startWorker, stopWorker, type WorkerProcess } from './workers';

const SHAPE = FULL ? { signers: 64, leafSize: 8, arity: 2, jobs: '15 jobs (8 + 4 + 2 + 1', workers: ['r1', 'r2', 'r3'] } : { signers: 4, leafSize: 2, arity: 2, jobs: '3 jobs (2 + 1', workers: ['r1', 'r2'] };
let redis: PrivateRedis | undefined;
let workers: WorkerProcess[] = [];

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await redis?.stop();
});

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe.runIf(haveRedis())('a tree with real nodes across worker processes', () => {
  it(`${SHAPE.workers.length} workers on the built-in node program prove ${SHAPE.signers} signers in leaves of ${SHAPE.leafSize}: aggregateTree's root byte for byte, and it verifies`, async () => {
    const message = randomBytes(xorshift32(0x35a1), 32);
    const signers = makeSigners(SHAPE.signers, 0x35a2, message);
    const backend = await nativeOrCpu('real-node tree reference');
    let reference: Uint8Array;
    const t = performance.now();
    try {
      reference = encodeTreeAggregate((await aggregateTree({ message, epoch: EPOCH, signers, leafSize: SHAPE.leafSize, arity: SHAPE.arity }, { backend })).root);
    } finally {
      await backend.dispose();
    }
    const oneMachineMs = performance.now() - t;

    redis = await startRedis();
    // A longer lock than the stand-in tests': a real node's proof is long, and this machine may be loaded.
    workers = await Promise.all(SHAPE.workers.map((name) => startWorker(redis!.url, name, ['--lock-ms', '15000'], 'built-in')));
    const t0 = performance.now();
    const submitted = cli('tree', 'submit', '--redis', redis.url, '--message', Buffer.from(message).toString('hex'), '--epoch', String(EPOCH), '--signers', signersDir(signers), '--leaf-size', String(SHAPE.leafSize), '--arity', String(SHAPE.arity));
    expect(submitted.status, submitted.stderr).toBe(0);
    expect(submitted.stderr).toContain(`submitted: ${SHAPE.signers} signers, ${SHAPE.jobs}: leaves up to the root)`);
    const id = submitted.stdout.trim();
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-root-')), 'root.agg');
    const fetched = cli('tree', 'fetch', id, '--redis', redis.url, '--out', out, '--wait');
    expect(fetched.status, fetched.stderr).toBe(0);
    const wallMs = performance.now() - t0;

    const root = readFileSync(out);
    expect(Buffer.from(root).equals(Buffer.from(reference))).toBe(true);
    const verdict = verifyTreeAggregate(decodeTreeAggregate(root), { message, epoch: EPOCH });
    expect(verdict.valid).toBe(true);
    expect(await Promise.all(workers.map(stopWorker))).toEqual(SHAPE.workers.map(() => 0));
    const node = workers.map((w) => w.log().match(/node \S+: proved in (\d+) ms/)?.[1]).find((m) => m !== undefined);
    expect(node).toBeDefined();
    console.log(`real nodes, ${SHAPE.signers} signers: aggregateTree on one machine ${(oneMachineMs / 1000).toFixed(1)} s; ${SHAPE.workers.length} workers ${(wallMs / 1000).toFixed(1)} s from submission to the root fetched (the node ${(Number(node) / 1000).toFixed(1)} s); the root ${root.length} bytes`);
  }, FULL ? 3_600_000 : 900_000);
});
