// The prover's dedicated worker: proves (and, for a hash batch, verifies) off the page's thread,
// so the page stays responsive. WebGPU is exposed to dedicated workers, so the GPU device is
// opened here. A cancel from the page aborts the job's signal: the prover stops at its next
// stage or backend call, frees its buffers and the worker answers 'cancelled'.
import { AbortError, nextTurn, throwIfAborted } from '../../src/backend/abort';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { aggregate, encodeAggregate } from '../../src/workloads/xmss-aggregate/index';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss/index';
import { requestBrowserDevice } from './gpu';
import type { AggregateJob, DeviceLimits, HashJob, Job, PageMessage, ProgramJob, WorkerMessage } from './protocol';

const post = (message: WorkerMessage, transfer: Transferable[] = []) => postMessage(message, { transfer });
const controller = new AbortController();
const { signal } = controller;
const onProgress = (stage: string, fraction: number) => post({ type: 'progress', stage, fraction });

/** The requested backend, or the CPU one with the reason WebGPU could not be had. */
async function openBackend(choice: Job['backend'], limits: DeviceLimits): Promise<Backend> {
  if (choice === 'cpu') {
    post({ type: 'backend', name: 'cpu', detail: 'TypeScript reference backend, as chosen' });
    return createCpuBackend();
  }
  const gpu = await requestBrowserDevice();
  if ('unavailable' in gpu) {
    post({ type: 'backend', name: 'cpu', detail: 'TypeScript reference backend', fallback: gpu.unavailable });
    return createCpuBackend();
  }
  const { maxBindingBytes, maxBufferBytes } = limits;
  const binding = maxBindingBytes === undefined ? '' : `, bindings of at most ${maxBindingBytes} bytes`;
  const buffer = maxBufferBytes === undefined ? '' : `, buffers of at most ${maxBufferBytes} bytes`;
  post({ type: 'backend', name: 'webgpu', detail: `adapter ${gpu.label}${binding}${buffer}` });
  return createWebGpuBackend(gpu.device, { maxBindingBytes, maxBufferBytes });
}

async function hash({ n, statement }: HashJob, backend: Backend): Promise<void> {
  const messages = referenceMessages(n);
  const { proof, stats } = await proveHashBatch(messages, { backend, statement, onProgress, signal });
  const t0 = performance.now();
  const verdict = verifyHashBatch(messages, proof, { statement });
  const verifyMs = performance.now() - t0;
  post({ type: 'done', result: { kind: 'hash', proof, stageMs: stats.stageMs, traffic: stats.traffic, verifyMs, verdict } }, [proof.buffer]);
}

async function program({ programJson, publicInput }: ProgramJob, backend: Backend): Promise<void> {
  const { proof, stats } = await proveProgram(parseProgram(programJson), publicInput, { backend, onProgress, signal });
  post({ type: 'done', result: { kind: 'program', proof, stageMs: stats.stageMs, cycles: stats.cycles } }, [proof.buffer]);
}

/** n fresh keys for the epochs around `epoch` (each a turn of the event loop, so a cancel arrives). */
async function signers({ n, message, epoch }: AggregateJob) {
  const out = [];
  for (let i = 0; i < n; i++) {
    onProgress('keys', 0.3 * (i / n));
    await nextTurn();
    throwIfAborted(signal, 'keys');
    // A key made here signs once and is dropped: nothing to keep from signing again.
    const key = xmssKeyGen(crypto.getRandomValues(new Uint8Array(32)), Math.max(0, epoch - 1), epoch + 1);
    out.push({ publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch).signature });
  }
  return out;
}

async function aggregateJob(job: AggregateJob, backend: Backend): Promise<void> {
  const t0 = performance.now();
  const request = { message: job.message, epoch: job.epoch, signers: await signers(job) };
  const keysMs = performance.now() - t0;
  // The proof's stages fill the bar's last 70%.
  const result = await aggregate(request, { backend, signal, onProgress: (stage, f) => onProgress(stage, 0.3 + 0.7 * f) });
  const bytes = encodeAggregate(result.aggregate);
  post({ type: 'done', result: { kind: 'aggregate', bytes, stageMs: { keys: keysMs, ...result.stats.stageMs } } }, [bytes.buffer]);
}

async function run(job: Job, limits: DeviceLimits): Promise<void> {
  const backend = await openBackend(job.backend, limits);
  try {
    if (job.kind === 'hash') await hash(job, backend);
    else if (job.kind === 'program') await program(job, backend);
    else await aggregateJob(job, backend);
  } finally {
    await backend.dispose();
  }
}

onmessage = (event: MessageEvent<PageMessage>) => {
  const msg = event.data;
  if (msg.type === 'cancel') {
    controller.abort();
    return;
  }
  run(msg.job, msg).catch((e: unknown) => {
    if (e instanceof AbortError) post({ type: 'cancelled', stage: e.stage });
    else post({ type: 'error', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  });
};
