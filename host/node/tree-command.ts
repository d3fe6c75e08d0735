// `leanvm-gpu worker` and `leanvm-gpu tree submit|status|fetch`: aggregation trees across
// machines as BullMQ jobs on Redis (docs/distributed.md). A worker runs until SIGTERM or SIGINT:
// the first lets the job under way finish, a second hands it back to the queue at once; either
// way it exits 0 once closed.
import { type Command, Option } from 'commander';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NodeProgram } from '../../src/workloads/recursion/node-program';
import { readFile, writable, writeOut } from './cli-files';
import { signerFiles } from './aggregate-command';
import { parseQueues } from './distributed/connection';
import { fetchTree } from './distributed/fetch';
import { type TreeStatus, treeStatus } from './distributed/status';
import { submitTree } from './distributed/submit';
import { runWorker } from './distributed/worker';
import { parseSize } from './memory-limit';
import { backendOption, maxMemoryOption, threadsOption } from './options';
import { progressBar } from './progress';
import { UsageError } from './usage';
import { parseHex, parseU32 } from './xmss-command';
import { parseThreads } from './cli-files';

const redisOption = () => new Option('--redis <url>', 'the Redis holding the queues: redis://[user:password@]host[:port][/db]').makeOptionMandatory();
const prefixOption = () => new Option('--prefix <p>', 'the queues\' key prefix (trees of one deployment share it)').default('leanvm');
const nodeProgramOption = () => new Option('--node-program <module>', 'a module whose default export is the node program record { program, guestWitness } (for tests: a stand-in; default the built-in programs/aggregate-node.py)');

function positive(text: string, option: string): number {
  const v = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(v >= 1)) throw new UsageError(`${option} must be a positive integer, got "${text}"`);
  return v;
}

async function importNodeProgram(module: string): Promise<NodeProgram> {
  try {
    return (await import(pathToFileURL(resolve(module)).href)).default as NodeProgram;
  } catch (e) {
    throw new UsageError(`--node-program ${module}: ${(e as Error).message}`);
  }
}

interface WorkerCommandOptions {
  redis: string;
  prefix: string;
  backend: string;
  threads?: string;
  maxMemory?: string;
  queues: string;
  name?: string;
  nodeProgram?: string;
  lockMs: string;
}

async function workerCommand(opts: WorkerCommandOptions): Promise<void> {
  const lockMs = positive(opts.lockMs, '--lock-ms');
  const worker = await runWorker({
    redis: opts.redis, prefix: opts.prefix, queues: parseQueues(opts.queues), backend: opts.backend, threads: parseThreads(opts.threads),
    maxMemory: opts.maxMemory === undefined ? undefined : parseSize(opts.maxMemory), name: opts.name, nodeProgram: opts.nodeProgram,
    lockDuration: lockMs, stalledInterval: lockMs, log: (line) => console.error(`${new Date().toISOString()} ${line}`),
  });
  await new Promise<void>((done) => {
    let signals = 0;
    const stop = (signal: string) => {
      signals++;
      console.error(`${new Date().toISOString()} ${signal}: ${signals === 1 ? 'finishing the job under way, then exiting (again to hand it back now)' : 'handing the job under way back'}`);
      (signals === 1 ? worker.close() : worker.release()).then(done, done);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
  const c = worker.counts();
  console.error(`${new Date().toISOString()} worker ${worker.name} closed: ${c.done.leaf} leaves and ${c.done.node} nodes proved, ${c.left} jobs left for others, ${c.failed} failed`);
}

interface SubmitCommandOptions {
  redis: string;
  prefix: string;
  message: string;
  epoch: string;
  signers: string;
  leafSize: string;
  arity: string;
  nodeProgram?: string;
  json?: boolean;
}

async function submitCommand(opts: SubmitCommandOptions): Promise<void> {
  const message = parseHex(opts.message, 32, '--message');
  const epoch = parseU32(opts.epoch, '--epoch');
  const files = signerFiles(undefined, opts.signers);
  const signers = files.map((f) => ({ name: f.name, publicKey: readFile(f.publicKey, 'public key file'), signature: readFile(f.signature, 'signature file') }));
  const nodeProgram = opts.nodeProgram === undefined ? undefined : (await importNodeProgram(opts.nodeProgram)).program;
  const r = await submitTree({ redis: opts.redis, prefix: opts.prefix, message, epoch, signers, leafSize: positive(opts.leafSize, '--leaf-size'), arity: positive(opts.arity, '--arity'), nodeProgram });
  const levels = [r.plan.leaves.length, ...r.plan.levels.map((l) => l.length)];
  if (opts.json) return console.log(JSON.stringify({ command: 'tree submit', id: r.id, added: r.added, jobs: r.jobs, levels }, null, 2));
  console.error(`${r.added ? 'submitted' : 'already submitted'}: ${signers.length} signers, ${r.jobs} jobs (${levels.join(' + ')}: leaves up to the root)`);
  console.log(r.id);
}

function statusLines(s: TreeStatus): string[] {
  const lines = [`tree ${s.id}: ${s.state}, ${s.done} of ${s.total} jobs done${s.retried > 0 ? `, ${s.retried} started more than once` : ''}`];
  for (const l of s.levels) lines.push(`  ${l.name.padEnd(8)} ${String(l.jobs).padStart(4)} jobs: ${l.waiting} waiting, ${l.running} running, ${l.done} done, ${l.failed} failed`);
  for (const r of s.running) lines.push(`  running ${r.queue} ${r.id.slice(0, 16)} on ${r.worker}${r.stage === undefined ? '' : ` (${r.stage}${r.fraction === undefined ? '' : ` ${Math.round(100 * r.fraction)}%`})`}`);
  for (const f of s.failures) lines.push(`  failed ${f.queue} ${f.id.slice(0, 16)}: ${f.reason}`);
  for (const b of s.blocked) {
    lines.push(`  blocked ${b.queue} ${b.id.slice(0, 16)}: refused by every worker serving the ${b.queue} queue (start one that can take it)`);
    for (const r of b.refusals) lines.push(`    ${r.worker}: ${r.reason}`);
  }
  const by = Object.entries(s.workers);
  if (by.length > 0) lines.push(`  done by: ${by.map(([w, n]) => `${w} ${n}`).join(', ')}`);
  return lines;
}

async function statusCommand(id: string, opts: { redis: string; prefix: string; json?: boolean }): Promise<void> {
  const s = await treeStatus(id, opts);
  if (opts.json) {
    const { manifest: _, ...rest } = s;
    return console.log(JSON.stringify({ command: 'tree status', ...rest }, null, 2));
  }
  for (const line of statusLines(s)) console.log(line);
  if (s.state === 'failed') process.exitCode = 1;
}

async function fetchCommand(id: string, opts: { redis: string; prefix: string; out: string; wait?: boolean; blockedTimeout: string; json?: boolean }): Promise<void> {
  writable(opts.out, 'root aggregate');
  const blockedMs = 1000 * positive(opts.blockedTimeout, '--blocked-timeout');
  const bar = opts.wait ? progressBar() : undefined;
  let result;
  try {
    result = await fetchTree(id, { redis: opts.redis, prefix: opts.prefix, wait: opts.wait, blockedMs, onStatus: (s) => bar?.update(`${s.done}/${s.total} jobs`, s.done / s.total) });
  } finally {
    bar?.done();
  }
  writeOut(opts.out, result.aggregate, 'root aggregate');
  if (opts.json) return console.log(JSON.stringify({ command: 'tree fetch', id, out: opts.out, bytes: result.aggregate.length, jobs: result.status.total, workers: result.status.workers }, null, 2));
  console.log(`tree ${id}: root aggregate of ${result.status.manifest.signers} signers, ${result.aggregate.length} bytes → ${opts.out}`);
}

/** `worker` and `tree` on `program`. */
export function addTreeCommands(program: Command): void {
  program
    .command('worker')
    .description('prove leaf and node jobs of aggregation trees from Redis until SIGTERM (docs/distributed.md)')
    .addOption(redisOption())
    .addOption(prefixOption())
    .addOption(backendOption())
    .addOption(threadsOption())
    .addOption(maxMemoryOption())
    .option('--queues <list>', 'the queues to serve: leaf, node or leaf,node', 'leaf,node')
    .option('--name <name>', 'this worker\'s name in job records (default host:pid)')
    .option('--lock-ms <ms>', 'a job\'s lock: a worker silent this long loses its job to another', '30000')
    .addOption(nodeProgramOption())
    .action(workerCommand);
  const tree = program.command('tree').description('aggregation trees across machines: submit, status, fetch (docs/distributed.md)');
  tree
    .command('submit')
    .description('add a tree over the signers to the queues (once: the same tree again adds nothing) and print its id')
    .addOption(redisOption())
    .addOption(prefixOption())
    .requiredOption('--message <hex>', '32-byte message as 64 hex digits')
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .requiredOption('--signers <DIR>', 'every NAME.pub in DIR with its NAME.sig, in name order')
    .requiredOption('--leaf-size <L>', 'at most L signers a leaf')
    .requiredOption('--arity <K>', 'at most K children a node (1..16)')
    .addOption(nodeProgramOption())
    .option('--json', 'machine-readable output')
    .action(submitCommand);
  tree
    .command('status')
    .description('per level: jobs waiting, running, done, failed (exit 1 if the tree failed)')
    .argument('<id>', 'the tree id tree submit printed')
    .addOption(redisOption())
    .addOption(prefixOption())
    .option('--json', 'machine-readable output')
    .action(statusCommand);
  tree
    .command('fetch')
    .description('write the root aggregate of a done tree (--wait: wait for it, with a progress bar)')
    .argument('<id>', 'the tree id tree submit printed')
    .addOption(redisOption())
    .addOption(prefixOption())
    .requiredOption('--out <ROOT.agg>', 'where to write the root aggregate')
    .option('--wait', 'wait until the tree is done or failed')
    .option('--blocked-timeout <s>', 'with --wait: give up (exit 2) once a job has been refused by every worker serving its queue this long', '60')
    .option('--json', 'machine-readable summary')
    .action(fetchCommand);
}
