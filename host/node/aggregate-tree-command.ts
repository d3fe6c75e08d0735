// `leanvm-gpu aggregate-tree --signers DIR --leaf-size L --arity K`: a whole tree in this process
// (aggregateTree, docs/recursion.md §11): the plan first (--plan prints it and proves nothing),
// every signer checked, then leaves, then nodes level by level, one progress line per proof on
// stderr, each proof's memory estimate checked before it starts; the root written to --out.
import type { Command } from 'commander';
import type { VmShape } from '../../src/vm/layout';
import { vmMemory } from '../../src/vm/prove/memory';
import { encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import type { NodeProgram } from '../../src/workloads/recursion/node-program';
import { aggregateTree, type TreePosition, type TreeProgress } from '../../src/workloads/recursion/tree-aggregate';
import { planProofs, planTree, type TreePlan } from '../../src/workloads/recursion/tree-plan';
import { AGGREGATE_STAGES, AggregateInputError } from '../../src/workloads/xmss-aggregate/index';
import { NODE_STAGES } from '../../src/workloads/recursion/node-prove';
import { namedRefusal, parseMessage, signerFiles } from './aggregate-command';
import { type BackendChoice, DEFAULT_THREADS, openBackend } from './backends';
import { mib, parseThreads, peakRss, readFile, writable, writeOut } from './cli-files';
import { interruptible } from './interrupt';
import { memoryGuard, type MemoryOptions } from './memory-limit';
import { nodeResidentBytes } from './node-aggregate';
import { backendOption, forceOption, maxMemoryOption, threadsOption } from './options';
import { UsageError } from './usage';
import { parseU32 } from './xmss-command';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

export interface TreeCommandOptions extends MemoryOptions {
  message: string;
  epoch: string;
  signers?: string;
  signer?: string[];
  leafSize: string;
  arity: string;
  out?: string;
  plan?: boolean;
  backend: BackendChoice;
  threads?: string;
  json?: boolean;
}

const positionName = (p: TreePosition): string => (p.kind === 'leaf' ? `leaf ${p.index}` : `node ${p.level}.${p.index}`);
const range = (r: { start: number; end: number }) => `${r.start}..${r.end - 1}`;

/** The plan as --json and the lines below give it. */
function planReport(plan: TreePlan) {
  return {
    signers: plan.signerCount, leafSize: plan.leafSize, arity: plan.arity, proofs: planProofs(plan),
    leaves: plan.leaves.map((r) => ({ signers: [r.start, r.end] })),
    levels: plan.levels.map((level) => level.map((n) => ({ children: n.children, signers: [n.signers.start, n.signers.end] }))),
  };
}

function planLines(plan: TreePlan): string[] {
  const lines = [`tree: ${plan.signerCount} signers in ${plan.leaves.length} leaves of at most ${plan.leafSize}, nodes of at most ${plan.arity} children, ${plan.levels.length} level${plan.levels.length === 1 ? '' : 's'} of nodes: ${planProofs(plan)} proofs`];
  lines.push(`  leaves: ${plan.leaves.map((r, i) => `${i} (signers ${range(r)})`).join(', ')}`);
  plan.levels.forEach((level, l) => {
    const below = l === 0 ? 'leaf' : 'node';
    lines.push(`  level ${l}: ${level.map((n, i) => `node ${l}.${i} (${n.children.map((c) => (l === 0 ? `${below} ${c}` : `${below} ${l - 1}.${c}`)).join(', ')})`).join('; ')}`);
  });
  return lines;
}

const count = (text: string, flag: string): number => {
  if (!/^\d{1,6}$/.test(text)) throw new UsageError(`${flag} must be a positive integer, got "${text}"`);
  return Number(text);
};

/** `aggregate-tree`; `node` is a test's stand-in (the command line always uses the default). */
export async function treeCommand(opts: TreeCommandOptions, node?: NodeProgram): Promise<void> {
  const message = parseMessage(opts.message);
  const epoch = parseU32(opts.epoch, '--epoch');
  const files = signerFiles(opts.signer, opts.signers);
  const plan = planTree(files.length, count(opts.leafSize, '--leaf-size'), count(opts.arity, '--arity'));
  if (opts.plan) {
    if (opts.json) return console.log(JSON.stringify({ command: 'aggregate-tree', plan: planReport(plan) }, null, 2));
    for (const line of planLines(plan)) console.log(line);
    return;
  }
  if (opts.out === undefined) throw new UsageError('give --out ROOT.agg (or --plan to print the plan only)');
  const out = opts.out;
  const signers = files.map((f) => ({ publicKey: readFile(f.publicKey, 'public key file'), signature: readFile(f.signature, 'signature file') }));
  const threads = parseThreads(opts.threads);
  writable(out, 'root aggregate');
  const { backend, why, hostMemory } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  if (!opts.json) for (const line of planLines(plan)) console.log(line);
  const resident = nodeResidentBytes(node);
  let current: TreePosition = { kind: 'leaf', index: 0 };
  const memory = memoryGuard((shape: VmShape, logInvRate: number) => vmMemory(shape, logInvRate, backend.name, resident), hostMemory, opts, `the tree's proofs on ${backend.name}`);
  const onShape = (position: TreePosition, shape: VmShape, logInvRate: number) => {
    current = position;
    memory.check(shape, logInvRate);
  };
  const onProgress = (p: TreeProgress) => {
    if (p.stage === 'check' && p.fraction === 0) console.error(`[${p.done + 1}/${p.total}] ${positionName(p.position)}`);
  };
  let result;
  try {
    result = await interruptible((signal) => aggregateTree({ message, epoch, signers, leafSize: plan.leafSize, arity: plan.arity }, { backend, node, onProgress, onShape, signal }));
  } catch (e) {
    if (e instanceof AggregateInputError) throw namedRefusal(e, files.map((f) => f.name));
    if (e instanceof UsageError && /needs an estimated/.test(e.message)) throw new UsageError(`${positionName(current)}: ${e.message}`);
    throw e;
  } finally {
    await backend.dispose();
  }
  const bytes = encodeTreeAggregate(result.root);
  writeOut(out, bytes, 'root aggregate');
  const { stats } = result;
  const leafMs = (s: (typeof stats.leaves)[number]) => AGGREGATE_STAGES.reduce((t, st) => t + (st === 'compile' ? 0 : s.stageMs[st]), 0);
  const nodeMs = (s: (typeof stats.levels)[number][number]) => NODE_STAGES.reduce((t, st) => t + s.stageMs[st], 0);
  const report = {
    command: 'aggregate-tree', why, backend: backend.name, ...(backend.name === 'webgpu' ? {} : { threads: threads ?? DEFAULT_THREADS }),
    message: hex(message), epoch, plan: planReport(plan),
    leaves: stats.leaves.map((s) => ({ n: s.n, totalMs: leafMs(s), cycles: s.cycles, proofBytes: s.proofBytes })),
    levels: stats.levels.map((level) => level.map((s) => ({ children: s.children, n: s.n, overlaps: s.overlaps, totalMs: nodeMs(s), stageMs: s.stageMs, cycles: s.cycles, proofBytes: s.proofBytes }))),
    totalMs: stats.totalMs, n: result.root.publicKeys.length, memory: memory.report(), peakRssBytes: peakRss(),
    programDigest: result.root.programDigest, aggregateBytes: bytes.length, out,
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  stats.leaves.forEach((s, i) => console.log(`  leaf ${i}: ${s.n} signatures in ${leafMs(s).toFixed(0)} ms, ${s.cycles} cycles, proof ${s.proofBytes} bytes`));
  stats.levels.forEach((level, l) => level.forEach((s, i) => console.log(`  node ${l}.${i}: ${s.children} children, ${s.n} signers in ${nodeMs(s).toFixed(0)} ms, ${s.cycles} cycles, proof ${s.proofBytes} bytes`)));
  console.log(`root: ${report.n} signers of ${hex(message)} at epoch ${epoch} in ${(stats.totalMs / 1000).toFixed(1)} s; ${bytes.length} bytes → ${out}; peak memory ${mib(report.peakRssBytes)}`);
}

export function addAggregateTreeCommand(program: Command): void {
  program
    .command('aggregate-tree')
    .description('aggregate signers as a tree: leaves of at most L signers, then nodes of at most K children level by level, to one root aggregate')
    .requiredOption('--message <hex>', '32-byte message as 64 hex digits')
    .requiredOption('--epoch <E>', 'the epoch, decimal')
    .option('--signers <DIR>', 'every NAME.pub in DIR with its NAME.sig, in name order')
    .option('--signer <PUB,SIG>', 'instead: a signer\'s public key and signature files (repeatable)', (v: string, all: string[] = []) => [...all, v])
    .requiredOption('--leaf-size <L>', 'at most this many signers a leaf (1..4095)')
    .requiredOption('--arity <K>', 'at most this many children a node (1..16)')
    .option('--out <ROOT>', 'where to write the root aggregate')
    .option('--plan', 'print the tree\'s plan and prove nothing')
    .addOption(backendOption())
    .addOption(threadsOption())
    .addOption(maxMemoryOption())
    .addOption(forceOption())
    .option('--json', 'machine-readable summary (progress lines stay on stderr)')
    .action((opts: TreeCommandOptions) => treeCommand(opts));
}
