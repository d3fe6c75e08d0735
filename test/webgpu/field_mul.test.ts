// The WebGPU K and E products against known answers and against the CPU reference backend.
import { beforeAll, expect, test } from 'vitest';
import { WORDS, type Backend, type DeviceBuffer, type Elem } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { eFromLimbs } from '../../src/field/e';
import { kFromHex, kToHex, type K } from '../../src/field/k';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';

const RANDOM_PAIRS = 1 << 20;

const cpu = createCpuBackend();

function mul(backend: Backend, elem: Elem, a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer): Promise<void> {
  return elem === 'K' ? backend.mulK(a, b, out) : backend.mulE(a, b, out);
}

/** out = a · b elementwise on `backend`, as words. */
async function products(backend: Backend, elem: Elem, a: Uint32Array, b: Uint32Array): Promise<Uint32Array> {
  const [da, db] = [await backend.upload(elem, a), await backend.upload(elem, b)];
  const out = await backend.alloc(elem, da.length);
  await mul(backend, elem, da, db, out);
  const words = await backend.download(out);
  for (const buf of [da, db, out]) backend.free(buf);
  return words;
}

/** The first element where `got` differs from `want`, described; null when equal. */
function firstMismatch(elem: Elem, a: Uint32Array, b: Uint32Array, got: Uint32Array, want: Uint32Array): string | null {
  if (got.length !== want.length) return `lengths ${got.length} and ${want.length}`;
  const w = WORDS[elem];
  const show = (words: Uint32Array, i: number) =>
    Array.from({ length: w / 2 }, (_, l) => kToHex(words.subarray(i * w + 2 * l, i * w + 2 * l + 2))).join(',');
  for (let j = 0; j < got.length; j++) {
    if (got[j] !== want[j]) {
      const i = Math.floor(j / w);
      return `element ${i}: (${show(a, i)})·(${show(b, i)}) gave ${show(got, i)}, want ${show(want, i)}`;
    }
  }
  return null;
}

/** Every ordered pair of `values`, as two packed arrays. */
function allPairs(values: Uint32Array[]): [Uint32Array, Uint32Array] {
  const w = values[0].length;
  const a = new Uint32Array(values.length ** 2 * w);
  const b = new Uint32Array(a.length);
  values.forEach((x, i) =>
    values.forEach((y, j) => {
      a.set(x, (i * values.length + j) * w);
      b.set(y, (i * values.length + j) * w);
    }),
  );
  return [a, b];
}

// K values that stress the carry-less multiply and the reduction: the hole classes of the
// integer-multiply trick, words with the top bits set (they spill past x^64 twice), the
// reduction constant, x^-1, all ones, and every single bit.
const EDGE_HEX = [
  '0', '1', '2', '1b', 'd8', 'ffffffffffffffff', '8000000000000000', 'f000000000000000', 'e000000000000000',
  'ffffffff00000000', '00000000ffffffff', '0000000080000000', '0000000100000000', '800000000000000d',
  '1111111111111111', '2222222222222222', '4444444444444444', '8888888888888888', 'aaaaaaaaaaaaaaaa',
  '5555555555555555', 'ffffffff80000000', '0123456789abcdef',
];
const EDGE_K: K[] = [...EDGE_HEX.map(kFromHex), ...Array.from({ length: 64 }, (_, i) => kFromHex((1n << BigInt(i)).toString(16)))];
// E values: a few of those in each limb alone and in all three.
const EDGE_E = ['0', '1', 'ffffffffffffffff', '8000000000000000', 'f000000000000000', '1b', '8888888888888888', '800000000000000d', '0000000100000000']
  .map(kFromHex)
  .flatMap((k) => {
    const z = kFromHex('0');
    return [eFromLimbs(k, z, z), eFromLimbs(z, k, z), eFromLimbs(z, z, k), eFromLimbs(k, k, k)];
  });

function randomPairs(elem: Elem, n: number, seed: number): [Uint32Array, Uint32Array] {
  const rng = new SplitMix64(seed);
  return [rng.words((n * WORDS[elem]) / 2), rng.words((n * WORDS[elem]) / 2)];
}

await describeGpu('webgpu field products', (gpu) => {
  let webgpu: Backend;
  beforeAll(() => {
    webgpu = createWebGpuBackend(gpu.device);
  });

  test('K products: docs/protocol.md §1.1 vectors', async () => {
    const cases = [
      ['01090913877ed8ed', '66ab35ac2768468f', '50c4519dc383744a'],
      ['a7715ae18f12a3b5', '05743059f43fa4f5', 'eb64cd9cd9cda6df'],
      ['bd3efb4705e79ddd', '3aff618604de4ae0', 'c3d7a95fa9cb59bb'],
      ['8000000000000000', '2', '1b'], // x^63 · x = x^64
      ['800000000000000d', '2', '1'], // x^-1 · x
    ];
    const pack = (col: number) => new Uint32Array(cases.flatMap((c) => [...kFromHex(c[col])]));
    const got = await products(webgpu, 'K', pack(0), pack(1));
    expect(firstMismatch('K', pack(0), pack(1), got, pack(2))).toBeNull();
  });

  test('E products: docs/protocol.md §1.2 vectors', async () => {
    const e = (...hex: string[]) => eFromLimbs(kFromHex(hex[0]), kFromHex(hex[1]), kFromHex(hex[2]));
    const a = e('950e87d7f5606615', '2c61275c9e6b6cf8', '1f00bca0042db923');
    const b = e('6dbca290a9eab706', '4c10a4fe30cffdda', 'f26fff4cc4fd394d');
    const y = e('0', '1', '0');
    const ys = new Uint32Array([...a, ...a, ...y]);
    const bs = new Uint32Array([...b, ...a, ...e('0', '0', '1')]);
    const want = new Uint32Array([
      ...e('888a0fc35abaf5f6', '68a84cbc132b0649', '9fdeaf613003cabe'),
      ...e('8fba131ad5d46b8c', '1c170457f537a805', '3632cc098ca15135'), // a²
      ...e('1', '1', '0'), // y · y² = y + 1
    ]);
    expect(firstMismatch('E', ys, bs, await products(webgpu, 'E', ys, bs), want)).toBeNull();
  });

  for (const [elem, values] of [['K', EDGE_K], ['E', EDGE_E]] as const) {
    test(`${elem} products: all ${values.length ** 2} pairs of edge values equal the CPU's`, async () => {
      const [a, b] = allPairs(values);
      const got = await products(webgpu, elem, a, b);
      expect(firstMismatch(elem, a, b, got, await products(cpu, elem, a, b))).toBeNull();
    });
  }

  for (const elem of ['K', 'E'] as const) {
    test(`${elem} products: ${RANDOM_PAIRS} random pairs equal the CPU's`, async () => {
      const [a, b] = randomPairs(elem, RANDOM_PAIRS, elem === 'K' ? 1 : 2);
      const [da, db, out] = [await webgpu.upload(elem, a), await webgpu.upload(elem, b), await webgpu.alloc(elem, RANDOM_PAIRS)];
      await mul(webgpu, elem, da, db, out);
      const got = await webgpu.download(out);
      expect(firstMismatch(elem, a, b, got, await products(cpu, elem, a, b))).toBeNull();

      // Kernel throughput for the CI log: warm pipeline, buffers resident, no transfers.
      const repeats = 5;
      const start = performance.now();
      for (let r = 0; r < repeats; r++) await mul(webgpu, elem, da, db, out);
      await webgpu.finish();
      const ms = (performance.now() - start) / repeats;
      console.log(`mul${elem}: ${RANDOM_PAIRS} products in ${ms.toFixed(1)} ms = ${(RANDOM_PAIRS / ms / 1e3).toFixed(1)} M products/s`);
      for (const buf of [da, db, out]) webgpu.free(buf);
    });
  }

  test('counts past the per-dimension workgroup limit run on a 2-D grid', async () => {
    // 3 groups per row: 2 full rows and a partial third, so rows, the tail and the bounds check all count.
    const small = createWebGpuBackend(gpu.device, { maxWorkgroupsPerDimension: 3 });
    for (const elem of ['K', 'E'] as const) {
      const n = 256 * 3 * 2 + 77;
      const [a, b] = randomPairs(elem, n, 3);
      const got = await products(small, elem, a, b);
      expect(firstMismatch(elem, a, b, got, await products(cpu, elem, a, b))).toBeNull();
    }
  });

  test('one buffer bound as both operands squares', async () => {
    for (const elem of ['K', 'E'] as const) {
      const [a] = randomPairs(elem, 1000, 4);
      const da = await webgpu.upload(elem, a);
      const out = await webgpu.alloc(elem, 1000);
      await mul(webgpu, elem, da, da, out);
      const got = await webgpu.download(out);
      expect(firstMismatch(elem, a, a, got, await products(cpu, elem, a, a))).toBeNull();
      webgpu.free(da);
      webgpu.free(out);
    }
  });

  test('empty buffers multiply to nothing', async () => {
    expect(await products(webgpu, 'K', new Uint32Array(0), new Uint32Array(0))).toEqual(new Uint32Array(0));
    expect(await products(webgpu, 'E', new Uint32Array(0), new Uint32Array(0))).toEqual(new Uint32Array(0));
  });
});
