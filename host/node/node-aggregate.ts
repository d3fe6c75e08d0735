// `leanvm-gpu aggregate --child A.agg --child B.agg [--signer PUB,SIG ...]`: a node over aggregates
// (docs/recursion.md). Every child is read and verified natively for the node's message and epoch
// first, and every raw signer checked: a child of another message or epoch, one that does not
// verify, bytes that are no aggregate, a 17th child all exit 2 naming the child, with nothing
// proved. The node's memory estimate is checked before its proof, as a leaf's is.
import type { Backend } from '../../src/backend/backend';
import type { VmShape } from '../../src/vm/layout';
import { vmMemory } from '../../src/vm/prove/memory';
import { aggregate } from '../../src/workloads/recursion/api';
import { decodeTreeAggregate, encodeTreeAggregate, type NodeAggregate } from '../../src/workloads/recursion/aggregate-file';
import type { ChildSource } from '../../src/workloads/recursion/children';
import { type NodeProgram, nodeProgramOr } from '../../src/workloads/recursion/node-program';
import { NODE_STAGES, type NodeStats } from '../../src/workloads/recursion/node-prove';
import { AGGREGATION_PROGRAM_BYTES, AggregateInputError, type AggregateSigner } from '../../src/workloads/xmss-aggregate/index';
import { type AggregateCommandOptions, namedRefusal, parseMessage, signerFiles } from './aggregate-command';
import { DEFAULT_THREADS, openBackend } from './backends';
import { mib, parseThreads, peakRss, readFile, writable, writeOut } from './cli-files';
import { interruptible } from './interrupt';
import { memoryGuard, type MemoryOptions } from './memory-limit';
import { progressBar } from './progress';
import { parseU32 } from './xmss-command';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** What a node keeps resident besides its proof: the aggregation program and the two bytecode
 * multilinears the batch and the checks evaluate (2^(slots' bits + 4) E scalars each, 24 bytes). */
export function nodeResidentBytes(node: NodeProgram | undefined): Record<string, number> {
  const multilinear = (slots: number) => 16 * slots * 24;
  const program = nodeProgramOr(node);
  return {
    'aggregation program': AGGREGATION_PROGRAM_BYTES,
    'bytecode multilinears': multilinear(2 ** 15) + multilinear(program.program.bytecode.length),
  };
}

/** A node's report lines' numbers, for --json and the lines below. */
export function nodeReport(stats: NodeStats, backend: Backend, threads: number | undefined) {
  const totalMs = NODE_STAGES.reduce((t, s) => t + stats.stageMs[s], 0);
  return {
    backend: backend.name, ...(backend.name === 'webgpu' ? {} : { threads: threads ?? DEFAULT_THREADS }),
    n: stats.n, children: stats.children, overlaps: stats.overlaps, stageMs: stats.stageMs, totalMs, programCycles: stats.programCycles, cycles: stats.cycles, proofBytes: stats.proofBytes, peakRssBytes: peakRss(),
  };
}

export function nodeLines(r: ReturnType<typeof nodeReport>, indent: string): string[] {
  const on = r.backend === 'webgpu' ? r.backend : `${r.backend} (${r.threads} thread${r.threads === 1 ? '' : 's'})`;
  const overlap = r.overlaps === 0 ? '' : ` (${r.overlaps} key${r.overlaps === 1 ? '' : 's'} in more than one, counted once)`;
  return [
    `a node over ${r.children} aggregate${r.children === 1 ? '' : 's'}: ${r.n} signers${overlap} on ${on} in ${r.totalMs.toFixed(0)} ms`,
    `${indent}${r.programCycles} cycles (${r.cycles} with the fill); stages (ms): ${NODE_STAGES.map((s) => `${s} ${r.stageMs[s].toFixed(0)}`).join(', ')}`,
  ];
}

/** Proves a node on `backend` with a progress bar on a terminal; a signer's refusal calls signer i names[i]. */
export async function proveNodeAggregate(
  backend: Backend, request: { message: Uint8Array; epoch: number; children: ChildSource[]; signers: AggregateSigner[] }, names: readonly string[], node: NodeProgram | undefined,
  onShape?: (shape: VmShape, logInvRate: number) => void,
) {
  const bar = progressBar();
  try {
    return await interruptible((signal) => aggregate(request, { backend, node, onProgress: bar?.update, onShape, signal }));
  } catch (e) {
    if (e instanceof AggregateInputError) throw namedRefusal(e, names);
    throw e;
  } finally {
    bar?.done();
  }
}

/** `aggregate --child ...`; `node` is a test's stand-in (the command line always uses the default). */
export async function aggregateNodeCommand(opts: AggregateCommandOptions & MemoryOptions, node?: NodeProgram): Promise<void> {
  const message = parseMessage(opts.message);
  const epoch = parseU32(opts.epoch, '--epoch');
  const childPaths = opts.child ?? [];
  const children = childPaths.map((path) => ({ name: path, aggregate: readFile(path, 'child aggregate file') }));
  const files = signerFiles(opts.signer, opts.signers, true);
  const signers = files.map((f) => ({ publicKey: readFile(f.publicKey, 'public key file'), signature: readFile(f.signature, 'signature file') }));
  const threads = parseThreads(opts.threads);
  writable(opts.out, 'aggregate');
  const { backend, why, hostMemory } = await openBackend(opts.backend, { threads });
  console.error(`backend: ${backend.name} (${why})`);
  const resident = nodeResidentBytes(node);
  const memory = memoryGuard((shape: VmShape, logInvRate: number) => vmMemory(shape, logInvRate, backend.name, resident), hostMemory, opts, `a node over ${children.length} aggregates on ${backend.name}`);
  let result;
  try {
    result = await proveNodeAggregate(backend, { message, epoch, children, signers }, files.map((f) => f.name), node, memory.check);
  } finally {
    await backend.dispose();
  }
  const agg = result.aggregate as NodeAggregate;
  const bytes = encodeTreeAggregate(agg);
  writeOut(opts.out, bytes, 'aggregate');
  const childFacts = children.map((c) => {
    const a = decodeTreeAggregate(c.aggregate);
    return { file: c.name, kind: a.kind, n: a.publicKeys.length };
  });
  const report = {
    command: 'aggregate', kind: 'node', why, message: hex(message), epoch, ...nodeReport(result.stats as NodeStats, backend, threads), childAggregates: childFacts, rawSigners: signers.length,
    memory: memory.report(), programDigest: agg.programDigest, publicKeys: agg.publicKeys.map(hex), aggregateBytes: bytes.length, out: opts.out,
  };
  if (opts.json) return console.log(JSON.stringify(report, null, 2));
  const [head, ...rest] = nodeLines(report, '  ');
  console.log(`aggregated ${head}`);
  for (const line of rest) console.log(line);
  for (const c of childFacts) console.log(`  child ${c.file}: a ${c.kind} of ${c.n} keys`);
  console.log(`  message ${hex(message)}, epoch ${epoch}`);
  const estimated = report.memory === undefined ? '' : ` (estimated ${mib(report.memory.estimatedPeakBytes)})`;
  console.log(`  aggregate: ${bytes.length} bytes (the proof ${report.proofBytes}, ${report.n} keys, 3 deferred points) → ${opts.out}; peak memory ${mib(report.peakRssBytes)}${estimated}`);
}
