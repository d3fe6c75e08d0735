// A browser consumer (test/package/consumer.test.ts): type-checked against the declarations of
// the package's `browser` condition (DOM, no Node types), bundled by esbuild for the browser,
// then run. It builds its backend itself: the browser entry has no openBackend.
import { createCpuBackend, createWebGpuBackend, proveHashBatch, verifyHashBatch, type Backend } from 'leanvm-gpu';

// @ts-expect-error openBackend (Dawn, the native module) belongs to the Node entry alone
type NodeOnly = typeof import('leanvm-gpu').openBackend;

/** A page's backend: the browser's GPU when it has one. */
export async function pageBackend(): Promise<Backend> {
  const adapter = await navigator.gpu?.requestAdapter();
  return adapter ? createWebGpuBackend(await adapter.requestDevice()) : createCpuBackend();
}

const messages = new Uint32Array(2 * 16).fill(7);
const backend = createCpuBackend();
const { proof } = await proveHashBatch(messages, { backend });
console.log(JSON.stringify(verifyHashBatch(messages, proof)));
await backend.dispose();
