// The prover's dedicated worker: proves and verifies off the page's thread, so the page stays
// responsive. WebGPU is exposed to dedicated workers, so the GPU device is opened here.
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { requestBrowserDevice } from './gpu';
import type { ProveRequest, WorkerMessage } from './protocol';

const post = (message: WorkerMessage, transfer: Transferable[] = []) => postMessage(message, { transfer });

/** The requested backend, or the CPU one with the reason WebGPU could not be had. */
async function openBackend(choice: ProveRequest['backend'], maxBindingBytes?: number): Promise<Backend> {
  if (choice === 'cpu') {
    post({ type: 'backend', name: 'cpu', detail: 'TypeScript reference backend, as chosen' });
    return createCpuBackend();
  }
  const gpu = await requestBrowserDevice();
  if ('unavailable' in gpu) {
    post({ type: 'backend', name: 'cpu', detail: 'TypeScript reference backend', fallback: gpu.unavailable });
    return createCpuBackend();
  }
  const limit = maxBindingBytes === undefined ? '' : `, bindings of at most ${maxBindingBytes} bytes`;
  post({ type: 'backend', name: 'webgpu', detail: `adapter ${gpu.label}${limit}` });
  return createWebGpuBackend(gpu.device, { maxBindingBytes });
}

async function prove({ n, backend: choice, statement, maxBindingBytes }: ProveRequest): Promise<void> {
  const messages = referenceMessages(n);
  const backend = await openBackend(choice, maxBindingBytes);
  let result;
  try {
    result = await proveHashBatch(messages, {
      backend,
      statement,
      onProgress: (stage, fraction) => post({ type: 'progress', stage, fraction }),
    });
  } finally {
    await backend.dispose();
  }
  const t0 = performance.now();
  const verdict = verifyHashBatch(messages, result.proof, { statement });
  const verifyMs = performance.now() - t0;
  const { proof, stats } = result;
  post({ type: 'done', proof, stageMs: stats.stageMs, traffic: stats.traffic, verifyMs, verdict }, [proof.buffer]);
}

onmessage = (event: MessageEvent<ProveRequest>) => {
  prove(event.data).catch((e: unknown) => post({ type: 'error', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }));
};
