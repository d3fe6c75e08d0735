// The WGSL field library's functions beyond the product kernels (add, square, E x K) against the
// CPU field code, through test-only entry points.
import { expect, test } from 'vitest';
import gf192 from '../../shaders/lib/gf192.wgsl';
import gf64 from '../../shaders/lib/gf64.wgsl';
import { wgsl } from '../../src/backend/webgpu/wgsl';
import { eMulKAt, eSquareAt } from '../../src/field/e';
import { kSquareAt } from '../../src/field/k';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';
import fieldLib from './field_lib.wgsl';

const COUNT = 1 << 16;

// A test entry point: u32 words per element of a, b and out, and `ref`, the CPU writing out element i.
interface Op {
  entry: string;
  aWords: number;
  bWords: number;
  outWords: number;
  ref: (out: Uint32Array, a: Uint32Array, b: Uint32Array, i: number) => void;
}

const xor = (out: Uint32Array, a: Uint32Array, b: Uint32Array, i: number, w: number) => {
  for (let j = i * w; j < (i + 1) * w; j++) out[j] = a[j] ^ b[j];
};

const OPS: Op[] = [
  { entry: 'add_k', aWords: 2, bWords: 2, outWords: 2, ref: (o, a, b, i) => xor(o, a, b, i, 2) },
  { entry: 'square_k', aWords: 2, bWords: 2, outWords: 2, ref: (o, a, _b, i) => kSquareAt(o, 2 * i, a, 2 * i) },
  { entry: 'add_e', aWords: 6, bWords: 6, outWords: 6, ref: (o, a, b, i) => xor(o, a, b, i, 6) },
  { entry: 'square_e', aWords: 6, bWords: 6, outWords: 6, ref: (o, a, _b, i) => eSquareAt(o, 6 * i, a, 6 * i) },
  { entry: 'mul_e_k', aWords: 6, bWords: 2, outWords: 6, ref: (o, a, b, i) => eMulKAt(o, 6 * i, a, 6 * i, b, 2 * i) },
];

// Random words, the first three elements replaced by all ones, 0xf0000000 in every word, and zero.
function inputs(words: number, seed: number): Uint32Array {
  const x = new SplitMix64(seed).words((COUNT * words) / 2);
  x.fill(0xffffffff, 0, words);
  x.fill(0xf0000000, words, 2 * words);
  x.fill(0, 2 * words, 3 * words);
  return x;
}

await describeGpu('webgpu field library', ({ device }) => {
  const module = device.createShaderModule({ code: wgsl(fieldLib, gf64, gf192) });
  // Explicit, so the entry points that never read b still take all three bindings.
  const layout = device.createBindGroupLayout({
    entries: (['read-only-storage', 'read-only-storage', 'storage'] as const).map((type, binding) => ({
      binding,
      visibility: GPUShaderStage.COMPUTE,
      buffer: { type },
    })),
  });

  async function run(op: Op, a: Uint32Array, b: Uint32Array): Promise<Uint32Array> {
    device.pushErrorScope('validation');
    const pipeline = device.createComputePipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint: op.entry },
    });
    const size = COUNT * op.outWords * 4;
    const buffers = [a, b, new Uint32Array(size / 4)].map((words) => {
      const buf = device.createBuffer({ size: words.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true });
      new Uint32Array(buf.getMappedRange()).set(words);
      buf.unmap();
      return buf;
    });
    const readback = device.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, device.createBindGroup({
      layout,
      entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
    }));
    pass.dispatchWorkgroups(COUNT / 64);
    pass.end();
    encoder.copyBufferToBuffer(buffers[2], 0, readback, 0, size);
    device.queue.submit([encoder.finish()]);
    const error = await device.popErrorScope();
    if (error) throw new Error(`${op.entry}: ${error.message}`);
    await readback.mapAsync(GPUMapMode.READ);
    const out = new Uint32Array(readback.getMappedRange().slice(0));
    for (const buf of [...buffers, readback]) buf.destroy();
    return out;
  }

  for (const op of OPS) {
    test(`${op.entry} equals the CPU on ${COUNT} inputs`, async () => {
      const a = inputs(op.aWords, 5);
      const b = inputs(op.bWords, 6);
      const got = await run(op, a, b);
      const want = new Uint32Array(COUNT * op.outWords);
      for (let i = 0; i < COUNT; i++) op.ref(want, a, b, i);
      const bad = got.findIndex((w, j) => w !== want[j]);
      expect(bad, `first wrong element ${Math.floor(bad / op.outWords)}`).toBe(-1);
    });
  }
});
