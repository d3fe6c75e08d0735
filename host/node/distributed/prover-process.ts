// The prover process of a tree worker (its sandbox, sandbox.ts): proves one job at a time on its
// own backend, so the worker's event loop, which renews the job's lock in Redis, is never held
// up by a long proof. Started with its configuration as argv[2] (JSON); exits when the worker
// goes (IPC channel closed). SIGINT is the worker's to handle (a terminal's Ctrl-C reaches the
// whole process group).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Backend } from '../../../src/backend/backend';
import { formatBytes } from '../../../src/util/allocation';
import type { VmShape } from '../../../src/vm/layout';
import { vmMemory } from '../../../src/vm/prove/memory';
import { AggregateInputError } from '../../../src/workloads/xmss-aggregate/errors';
import { AGGREGATION_PROGRAM_BYTES } from '../../../src/workloads/xmss-aggregate/program';
import { aggregate } from '../../../src/workloads/xmss-aggregate/prove';
import { encodeTreeAggregate } from '../../../src/workloads/recursion/aggregate-file';
import { ChildCheckError } from '../../../src/workloads/recursion/errors';
import { defaultNodeProgram, type NodeProgram } from '../../../src/workloads/recursion/node-program';
import { proveNode } from '../../../src/workloads/recursion/node-prove';
import { bytecodeHash } from '../../../src/vm/bytecode';
import { type BackendChoice, openBackend } from '../backends';
import { memoryLimit } from '../memory-limit';
import type { LeafJobData, NodeJobData, TreeJobResult } from './jobs';
import type { ProverConfig, ProverMessage, ProverRequest } from './sandbox-protocol';

const config = JSON.parse(process.argv[2]) as ProverConfig;
const send = (m: ProverMessage) => process.send?.(m);
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => {});

/** The job does not fit this worker's memory: left for another. */
class TooLarge extends Error {}

function fits(backend: Backend, what: string) {
  return (shape: VmShape, logInvRate: number) => {
    const estimate = vmMemory(shape, logInvRate, backend.name, { 'aggregation program': AGGREGATION_PROGRAM_BYTES });
    const limit = config.maxMemory === undefined ? memoryLimit() : { bytes: config.maxMemory, source: '--max-memory' };
    if (estimate.bytes > limit.bytes) throw new TooLarge(`${what} needs an estimated ${formatBytes(estimate.bytes)} (at its ${estimate.stage}) but ${limit.source} allows ${formatBytes(limit.bytes)}`);
  };
}

const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

async function proveLeaf(backend: Backend, id: string, data: LeafJobData, onProgress: (stage: string, f: number) => void): Promise<TreeJobResult> {
  const t = performance.now();
  const signers = data.signers.map((s) => ({ publicKey: fromHex(s.publicKey), signature: fromHex(s.signature) }));
  try {
    const { aggregate: agg, stats } = await aggregate({ message: fromHex(data.message), epoch: data.epoch, signers }, { backend, onProgress, onShape: fits(backend, `leaf ${id.slice(0, 12)}`) });
    const bytes = encodeTreeAggregate({ kind: 'leaf', ...agg });
    return { aggregate: Buffer.from(bytes).toString('base64'), n: stats.n, proofBytes: stats.proofBytes, worker: config.worker, ms: performance.now() - t };
  } catch (e) {
    // Name the signer by its file, as `leanvm-gpu aggregate` does, and by its key.
    if (e instanceof AggregateInputError) {
      throw new AggregateInputError(e.problem, e.message.replace(/\bsigner (\d+)\b/g, (text, i: string) => (data.signers[Number(i)] === undefined ? text : `signer ${data.signers[Number(i)].name}`)), e.signer, e.publicKey);
    }
    throw e;
  }
}

async function proveTreeNode(backend: Backend, node: NodeProgram, id: string, data: NodeJobData, children: readonly string[], onProgress: (stage: string, f: number) => void): Promise<TreeJobResult> {
  const t = performance.now();
  const request = { message: fromHex(data.message), epoch: data.epoch, children: children.map((c, i) => ({ name: `${data.children[i].queue} ${data.children[i].id.slice(0, 12)}`, aggregate: Uint8Array.from(Buffer.from(c, 'base64')) })) };
  const { aggregate: agg, stats } = await proveNode(request, { backend, node, onProgress, onShape: fits(backend, `node ${id.slice(0, 12)}`) });
  return { aggregate: Buffer.from(encodeTreeAggregate(agg)).toString('base64'), n: stats.n, proofBytes: stats.proofBytes, worker: config.worker, ms: performance.now() - t };
}

async function loadNodeProgram(): Promise<NodeProgram> {
  if (config.nodeProgram === undefined) return defaultNodeProgram();
  return (await import(pathToFileURL(resolve(config.nodeProgram)).href)).default as NodeProgram;
}

async function main() {
  let node: NodeProgram | undefined;
  let nodeError = '';
  try {
    node = await loadNodeProgram();
  } catch (e) {
    nodeError = (e as Error).message;
  }
  let opened;
  try {
    opened = await openBackend(config.backend as BackendChoice, { threads: config.threads });
  } catch (e) {
    send({ type: 'unavailable', message: (e as Error).message });
    return;
  }
  const { backend, why } = opened;
  send({ type: 'ready', backend: backend.name, why, ...(node === undefined ? { nodeProgramError: nodeError } : { nodeProgram: bytecodeHash(node.program) }) });
  // One job at a time: the worker sends the next only after this one's outcome.
  process.on('message', (req: ProverRequest) => {
    const progress = (stage: string, fraction: number) => send({ type: 'progress', id: req.id, stage, fraction });
    const work = req.data.kind === 'leaf'
      ? proveLeaf(backend, req.id, req.data, progress)
      : node === undefined ? Promise.reject(new Error(nodeError)) : proveTreeNode(backend, node, req.id, req.data, req.children ?? [], progress);
    work.then(
      (result) => send({ type: 'done', id: req.id, result }),
      (e: Error) => {
        const type = e instanceof TooLarge ? 'too-large' : e instanceof AggregateInputError || e instanceof ChildCheckError ? 'refused' : 'failed';
        send({ type, id: req.id, message: e.message });
      },
    );
  });
}

await main();
