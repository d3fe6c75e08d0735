// Aggregation trees across worker processes on a private Redis (docs/distributed.md), against the
// same tree proved on one machine by aggregateTree: equal roots byte for byte, and the faults a
// deployment meets, each in a test that fails if it is not survived — a worker SIGKILLed in the
// middle of a node proof, Redis killed and restarted mid-tree (append-only file on), the same
// tree submitted twice, a node too large for every node worker's --max-memory (the tree blocked),
// a worker sent SIGTERM twice mid-proof, a leaf statement met twice, a signature that does not
// verify. Nodes are proved over a STAND-IN node program (stand-in-node.ts), which verifies
// nothing, so the queues' faults are exercised quickly (real-nodes.test.ts proves one tree with
// the built-in program). Workers prove on native, one thread each.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { fetchTree } from '../../host/node/distributed/fetch';
import { type TreeStatus, treeStatus } from '../../host/node/distributed/status';
import { submitTree } from '../../host/node/distributed/submit';
import { TreeError } from '../../host/node/distributed/tree-errors';
import { EPOCH, SHAPE, type Signer, type TreeFixture, treeFixture } from './fixture';
import { haveRedis, type PrivateRedis, startRedis } from './redis';
import standIn from './stand-in-node';
import { CLI, standInModulePath, startWorker, stopWorker, type WorkerProcess } from './workers';

let fx: TreeFixture;
let redis: PrivateRedis | undefined;
let workers: WorkerProcess[] = [];

beforeAll(async () => {
  fx = await treeFixture(0x3501);
  console.log(`reference: ${fx.jobs} jobs (${SHAPE.leaves} leaves of ${SHAPE.leafSize}, arity ${SHAPE.arity}) by aggregateTree in one process: ${(fx.oneMachineMs / 1000).toFixed(1)} s; the fault tests' tree, ${fx.small.jobs} jobs: ${(fx.small.oneMachineMs / 1000).toFixed(1)} s; with a leaf repeated, ${fx.repeated.jobs} jobs: ${(fx.repeated.oneMachineMs / 1000).toFixed(1)} s`);
}, 900_000);

afterEach(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  workers = [];
  await redis?.stop();
  redis = undefined;
});

const workersOn = async (...specs: [string, string[]?][]) => {
  const started = await Promise.all(specs.map(([name, extra]) => startWorker(redis!.url, name, extra)));
  workers.push(...started);
  return started;
};

const submit = (signers: readonly Signer[] = fx.small.signers) =>
  submitTree({ redis: redis!.url, message: fx.message, epoch: EPOCH, signers, leafSize: SHAPE.leafSize, arity: SHAPE.arity, nodeProgram: standIn.program });

/** The root: the reference bytes (default the small tree's), and valid for the tree's statement over the stand-in. */
function expectReferenceRoot(bytes: Uint8Array, reference = fx.small.root) {
  expect(Buffer.from(bytes).equals(Buffer.from(reference))).toBe(true);
  const verdict = verifyTreeAggregate(decodeTreeAggregate(bytes), { message: fx.message, epoch: EPOCH }, { node: standIn.program });
  expect(verdict.valid).toBe(true);
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(id: string, ok: (s: TreeStatus) => boolean, what: string, timeoutMs = 300_000, failing = false): Promise<TreeStatus> {
  const t = Date.now();
  for (;;) {
    const s = await treeStatus(id, { redis: redis!.url });
    if (ok(s)) return s;
    if (s.state === 'failed' && !failing) throw new Error(`tree failed waiting for ${what}: ${JSON.stringify(s.failures)}`);
    if (Date.now() - t > timeoutMs) throw new Error(`no ${what} within ${timeoutMs} ms: ${JSON.stringify(s.levels)}`);
    await wait(50);
  }
}

/** A fresh Redis, one worker named `name`, the small tree submitted, and the node job it is proving. */
async function nodeProofUnderWay(name: string) {
  redis = await startRedis();
  const [worker] = await workersOn([name]);
  const { id } = await submit();
  const s = await until(id, (st) => st.running.some((r) => r.queue === 'node' && r.stage !== undefined), 'a node proof under way');
  return { worker, id, node: s.running.find((r) => r.queue === 'node')! };
}

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe.runIf(haveRedis())('a tree across worker processes', () => {
  it('three workers prove it; the root is aggregateTree\'s byte for byte and verifies; submitted twice it is one tree, one set of jobs', async () => {
    redis = await startRedis();
    const t0 = performance.now();
    await workersOn(['w1'], ['w2'], ['w3']);
    const module = await standInModulePath();
    const args = ['tree', 'submit', '--redis', redis.url, '--message', fx.messageHex, '--epoch', String(EPOCH), '--signers', fx.dir, '--leaf-size', String(SHAPE.leafSize), '--arity', String(SHAPE.arity), '--node-program', module];
    const first = cli(...args);
    expect(first.status, first.stderr).toBe(0);
    const id = first.stdout.trim();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(first.stderr).toMatch(new RegExp(`submitted: ${fx.signers.length} signers, ${fx.jobs} jobs`));
    const again = cli(...args);
    expect(again.stdout.trim()).toBe(id);
    expect(again.stderr).toMatch(/already submitted/);
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-root-')), 'root.agg');
    const fetched = cli('tree', 'fetch', id, '--redis', redis.url, '--out', out, '--wait', '--json');
    expect(fetched.status, fetched.stderr).toBe(0);
    const wallMs = performance.now() - t0;
    expectReferenceRoot(readFileSync(out), fx.root);
    // Once more after it is done: still one tree, nothing added, nothing re-run.
    expect((await submit(fx.signers)).added).toBe(false);
    const status = await treeStatus(id, { redis: redis.url });
    expect(status.state).toBe('done');
    expect(status.levels.map((l) => l.jobs)).toEqual(status.manifest.levels.map((l) => l.length));
    expect(status.done).toBe(fx.jobs);
    const counts = await Promise.all(['leaf', 'node'].map(async (q) => {
      const queue = new Queue(q, { connection: { host: '127.0.0.1', port: redis!.port }, prefix: 'leanvm' });
      try {
        return await queue.getJobCounts();
      } finally {
        await queue.close();
      }
    }));
    const total = (k: string) => counts.reduce((s, c) => s + (c[k] ?? 0), 0);
    expect(total('completed')).toBe(fx.jobs);
    for (const k of ['waiting', 'active', 'delayed', 'failed', 'waiting-children', 'prioritized']) expect(total(k)).toBe(0);
    console.log(`3 workers: ${fx.jobs} jobs in ${(wallMs / 1000).toFixed(1)} s (from the workers' start); jobs per worker ${JSON.stringify(status.workers)}`);
    const status2 = cli('tree', 'status', id, '--redis', redis.url);
    expect(status2.stdout).toMatch(new RegExp(`tree ${id}: done, ${fx.jobs} of ${fx.jobs} jobs done`));
    expect(await Promise.all(workers.map(stopWorker))).toEqual([0, 0, 0]);
  }, 900_000);

  it('a worker SIGKILLed in the middle of a node proof: the job is proved again by another worker (which, sent SIGTERM meanwhile, finishes it and exits 0), same root', async () => {
    const { worker: doomed, id, node: victim } = await nodeProofUnderWay('doomed');
    expect(victim.worker).toBe('doomed');
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const [rescuer] = await workersOn(['rescuer']);
    // SIGTERM while it proves the node: it finishes the job, then exits 0.
    await rescuer.waitFor(new RegExp(`node ${victim.id}: proving`));
    rescuer.child.kill('SIGTERM');
    expect(await rescuer.exited).toBe(0);
    expect(rescuer.log()).toMatch(new RegExp(`node ${victim.id}: proved in`));
    const { aggregate, status } = await fetchTree(id, { redis: redis!.url, wait: true });
    expectReferenceRoot(aggregate);
    expect(status.retried).toBeGreaterThanOrEqual(1);
    expect(status.failures).toEqual([]);
    const queue = new Queue('node', { connection: { host: '127.0.0.1', port: redis!.port }, prefix: 'leanvm' });
    try {
      const job = await queue.getJob(victim.id);
      expect(job?.processedBy).toBe('rescuer');
      expect(job?.returnvalue.worker).toBe('rescuer');
    } finally {
      await queue.close();
    }
  }, 900_000);

  it('Redis killed and restarted mid-tree (append-only file on): the tree completes', async () => {
    redis = await startRedis({ persist: true });
    await workersOn(['a'], ['b']);
    const { id } = await submit();
    const s = await until(id, (st) => st.done >= 1 && st.state !== 'done', 'a first job done');
    await redis.restart(1000);
    const { aggregate, status } = await fetchTree(id, { redis: redis.url, wait: true });
    expectReferenceRoot(aggregate);
    expect(status.done).toBeGreaterThan(s.done);
    expect(status.failures).toEqual([]);
  }, 900_000);

  it('a node too large for the only node worker\'s --max-memory: left (not failed), the tree blocked with the reason (status, fetch --wait gives up), until a worker that can take it joins', async () => {
    redis = await startRedis();
    const [, small] = await workersOn(['leaves', ['--queues', 'leaf']], ['small', ['--queues', 'node', '--max-memory', '1M']]);
    const { id } = await submit();
    const tooLarge = /node \S+ needs an estimated .* but --max-memory allows 1 MiB/;
    await small.waitFor(new RegExp(`node \\S+: left for another worker \\(${tooLarge.source}\\)`));
    const blocked = await until(id, (st) => st.state === 'blocked', 'the tree blocked', 30_000);
    expect(blocked.failures).toEqual([]);
    expect(blocked.blocked.map((b) => [b.queue, b.id])).toEqual([['node', id]]);
    expect(blocked.blocked[0].refusals.map((r) => r.worker)).toEqual(['small']);
    expect(blocked.blocked[0].refusals[0].reason).toMatch(tooLarge);
    const shown = cli('tree', 'status', id, '--redis', redis.url);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`tree ${id}: blocked, 2 of 3 jobs done`));
    expect(shown.stdout).toMatch(new RegExp(`blocked node ${id.slice(0, 16)}: refused by every worker serving the node queue[^\\n]*\\n +small: ${tooLarge.source}`));
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-root-')), 'root.agg');
    const gaveUp = cli('tree', 'fetch', id, '--redis', redis.url, '--out', out, '--wait', '--blocked-timeout', '1');
    expect(gaveUp.status).toBe(2);
    expect(gaveUp.stderr).toMatch(new RegExp(`tree ${id} is blocked: node ${id} was refused by every worker serving the node queue \\(small: ${tooLarge.source}\\); start a worker that can take it`));
    await workersOn(['big', ['--queues', 'node']]);
    const { aggregate, status } = await fetchTree(id, { redis: redis.url, wait: true });
    expectReferenceRoot(aggregate);
    expect(status.failures).toEqual([]);
    expect(status.workers.small).toBeUndefined();
    expect(status.workers.big).toBe(fx.small.jobs - 2);
  }, 900_000);

  it('a second SIGTERM hands the job under way back at once: the prover killed, the job delayed with its attempts untouched, the worker exits 0; another worker proves it, same root', async () => {
    const { worker: quitter, id, node } = await nodeProofUnderWay('quitter');
    const provers = spawnSync('ps', ['-o', 'pid=', '--ppid', String(quitter.child.pid)], { encoding: 'utf8' }).stdout.trim().split(/\s+/).map(Number);
    expect(provers).toHaveLength(1);
    quitter.child.kill('SIGTERM');
    await quitter.waitFor(/SIGTERM: finishing the job under way/);
    quitter.child.kill('SIGTERM');
    expect(await quitter.exited).toBe(0);
    expect(() => process.kill(provers[0], 0)).toThrow(/ESRCH/);
    expect(quitter.log()).toMatch(new RegExp(`node ${node.id}: left for another worker \\(released\\)`));
    expect(quitter.log()).not.toMatch(new RegExp(`node ${node.id}: proved in`));
    const queue = new Queue('node', { connection: { host: '127.0.0.1', port: redis!.port }, prefix: 'leanvm' });
    try {
      const handedBack = (await queue.getJob(node.id))!;
      expect(await handedBack.getState()).toBe('delayed');
      expect(handedBack.attemptsMade).toBe(0);
      expect(handedBack.returnvalue).toBeNull();
      await workersOn(['finisher']);
      const { aggregate, status } = await fetchTree(id, { redis: redis!.url, wait: true });
      expectReferenceRoot(aggregate);
      expect(status.failures).toEqual([]);
      expect((await queue.getJob(node.id))?.processedBy).toBe('finisher');
    } finally {
      await queue.close();
    }
  }, 900_000);

  it('a leaf statement met twice, in one tree (under two nodes) and in another tree, is a job per place: both trees complete with aggregateTree\'s roots', async () => {
    redis = await startRedis();
    await workersOn(['p'], ['q']);
    const repeated = await submit(fx.repeated.signers);
    const small = await submit(fx.small.signers);
    expect(repeated.jobs).toBe(fx.repeated.jobs);
    const { manifest } = await treeStatus(repeated.id, { redis: redis.url });
    const ids = [...manifest.levels.flat(), ...(await treeStatus(small.id, { redis: redis.url })).manifest.levels.flat()];
    expect(new Set(ids).size).toBe(fx.repeated.jobs + fx.small.jobs);
    const signal = AbortSignal.timeout(600_000);
    const [r, sm] = await Promise.all([fetchTree(repeated.id, { redis: redis.url, wait: true, signal }), fetchTree(small.id, { redis: redis.url, wait: true, signal })]);
    expectReferenceRoot(r.aggregate, fx.repeated.root);
    expectReferenceRoot(sm.aggregate, fx.small.root);
    expect(r.status.done).toBe(fx.repeated.jobs);
    expect(r.status.failures).toEqual([]);
  }, 900_000);

  it('one signature that does not verify: the tree fails within seconds, the signer named, no job retried', async () => {
    redis = await startRedis();
    await workersOn(['x'], ['y']);
    // s01 gives s00's signature: well formed, not its own.
    const signers = fx.small.signers.map((s, i) => (i === 1 ? { ...s, signature: fx.small.signers[0].signature } : s));
    const { id } = await submit(signers);
    const t = performance.now();
    const failure = await fetchTree(id, { redis: redis.url, wait: true }).then(() => undefined, (e: unknown) => e);
    const ms = performance.now() - t;
    expect(failure).toBeInstanceOf(TreeError);
    const e = failure as TreeError;
    expect(e.problem).toBe('failed');
    expect(e.message).toMatch(/signer s01 \(key [0-9a-f]{64}\): its signature does not verify at epoch 9/);
    expect(e.failures[0].queue).toBe('leaf');
    // The parents fail in turn as node workers take them ("child … failed"), the root last.
    const status = await until(id, (st) => st.levels.at(-1)!.failed === 1, 'the root failed', 60_000, true);
    expect(status.failures.slice(1).every((f) => f.queue === 'node' && f.reason.startsWith('child '))).toBe(true);
    expect(status.retried).toBe(0);
    console.log(`invalid signature: the tree failed ${(ms / 1000).toFixed(1)} s after submission`);
    // A hang guard, not a speed test: without UnrecoverableError the leaf would wait out its retries' backoff first.
    expect(ms).toBeLessThan(60_000);
  }, 900_000);
});

describe('the worker command', () => {
  it('refuses the node queue with a --node-program module that does not load: exit 2, naming why', () => {
    const r = cli('worker', '--redis', 'redis://127.0.0.1:1', '--queues', 'node', '--backend', 'native', '--threads', '1', '--node-program', join(tmpdir(), 'no-such-node-program.mjs'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot serve the node queue: .*no-such-node-program\.mjs/);
  });
});
