// `node dist/node/tree-bench.js [--leaves 8] [--leaf-size 8] [--arity 2] [--workers 1,2,3] [--stand-in]`:
// one aggregation tree proved by 1, 2, 3 worker processes (native, one thread each) on a private
// Redis, over the built-in node program (--stand-in: the tests' stand-in, which verifies nothing,
// to weigh the queue alone): wall time from submission to the root fetched, jobs per worker,
// the time a leaf and a node take, and the queue's overhead per job — the time a
// job is held by a worker outside its proof (children's proofs read from Redis, the prover
// process's messages, completion) and the time it waits to be picked up once it is ready (its
// children done) and its worker free. Run from the repository root after `npm run build`.
import { Command } from 'commander';
import { Queue } from 'bullmq';
import { fetchTree } from '../host/node/distributed/fetch';
import { submitTree } from '../host/node/distributed/submit';
import { EPOCH, makeSigners } from '../test/distributed/fixture';
import { startRedis } from '../test/distributed/redis';
import { startWorker, stopWorker } from '../test/distributed/workers';
import { standInProgram } from '../test/recursion/stand-in';
import type { TreeJobResult } from '../host/node/distributed/jobs';

const opts = new Command()
  .option('--leaves <n>', 'leaves', '8')
  .option('--leaf-size <n>', 'signers a leaf', '8')
  .option('--arity <k>', 'children a node', '2')
  .option('--workers <list>', 'worker counts', '1,2,3')
  .option('--stand-in', 'nodes over the tests\' stand-in node program (verifies nothing: the queue\'s overhead alone)')
  .parse()
  .opts<{ leaves: string; leafSize: string; arity: string; workers: string; standIn?: boolean }>();
const nodes = opts.standIn ? 'stand-in' : 'built-in';
const [leaves, leafSize, arity] = [Number(opts.leaves), Number(opts.leafSize), Number(opts.arity)];
const message = new Uint8Array(32).fill(7);
const signers = makeSigners(leaves * leafSize, 0x7ee, message);

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
let reference: string | undefined;

for (const count of opts.workers.split(',').map(Number)) {
  const redis = await startRedis();
  // A real node's proof is long: a lock the workers renew without hurry on a loaded machine.
  const workers = await Promise.all(Array.from({ length: count }, (_, i) => startWorker(redis.url, `w${i + 1}`, ['--lock-ms', '15000'], nodes)));
  try {
    const t0 = performance.now();
    const { id, jobs } = await submitTree({ redis: redis.url, message, epoch: EPOCH, signers, leafSize, arity, nodeProgram: opts.standIn ? standInProgram : undefined });
    const { aggregate, status } = await fetchTree(id, { redis: redis.url, wait: true, pollMs: 100 });
    const wallMs = performance.now() - t0;
    const root = Buffer.from(aggregate).toString('hex');
    if (reference !== undefined && root !== reference) throw new Error(`the root of ${count} workers differs from the first run's`);
    reference = root;
    const held: number[] = [], proving: number[] = [], leafMs: number[] = [], nodeMs: number[] = [];
    const queues = { leaf: new Queue('leaf', { connection: { host: '127.0.0.1', port: redis.port }, prefix: 'leanvm' }), node: new Queue('node', { connection: { host: '127.0.0.1', port: redis.port }, prefix: 'leanvm' }) };
    const finished = new Map<string, number>();
    const runs: { worker: string; ready: number; start: number; end: number }[] = [];
    for (const [level, ids] of status.manifest.levels.entries()) {
      for (const jid of ids) {
        const job = (await (level === 0 ? queues.leaf : queues.node).getJob(jid))!;
        const r = job.returnvalue as TreeJobResult;
        held.push(job.finishedOn! - job.processedOn! - r.ms);
        proving.push(r.ms);
        (level === 0 ? leafMs : nodeMs).push(r.ms);
        finished.set(jid, job.finishedOn!);
        const ready = level === 0 ? job.timestamp : Math.max(...(job.data as { children: { id: string }[] }).children.map((c) => finished.get(c.id)!));
        runs.push({ worker: job.processedBy!, ready, start: job.processedOn!, end: job.finishedOn! });
      }
    }
    // Pick-up: from the moment a job could run on its worker (it is ready and the worker's
    // previous job is done) to its start.
    const pickup: number[] = [];
    for (const w of new Set(runs.map((r) => r.worker))) {
      let free = 0;
      for (const r of runs.filter((x) => x.worker === w).sort((a, b) => a.start - b.start)) {
        pickup.push(r.start - Math.max(free, r.ready));
        free = r.end;
      }
    }
    await Promise.all([queues.leaf.close(), queues.node.close()]);
    console.log(`${count} worker${count === 1 ? ' ' : 's'}: ${jobs} jobs in ${(wallMs / 1000).toFixed(1)} s; per worker ${JSON.stringify(status.workers)}; proving a leaf ${(mean(leafMs) / 1000).toFixed(2)} s, a node (${nodes}) ${(mean(nodeMs) / 1000).toFixed(2)} s (sum ${(proving.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s); queue overhead a job: ${mean(pickup).toFixed(0)} ms to be picked up, ${mean(held).toFixed(0)} ms held outside the proof`);
  } finally {
    await Promise.all(workers.map(stopWorker));
    await redis.stop();
  }
}
