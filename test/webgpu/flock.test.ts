// The webgpu backend's Flock passes (src/backend/webgpu/flock.ts) against the cpu backend's,
// the TypeScript reference, value for value: batches of 8 blocks, of 8 with a padding tail
// of one, 2^7 with and without a tail, and 2^10 (several eight-block steps a run), also with
// dispatches on a 2-D grid; and the VM's BLAKE2S rows' form (a header per compression, a
// padding instance of its own); and 2^11 blocks in windows of a 2 MiB binding limit.
import { beforeAll, expect, test } from 'vitest';
import { firstDifference } from '../../bench/device-check/compare';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import type { FlockColumns } from '../../src/backend/flock-passes';
import type { WitnessInputs } from '../../src/kernels/flock/witness';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { blockWeightsOn } from '../../src/flock/passes';
import { witnessInputs } from '../../src/kernels/flock/witness';
import { entryWeights } from '../../src/kernels/flock/materialize';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { SplitMix64 } from '../../src/util/splitmix64';
import { randomCompression, xorshift32 } from '../flock/helpers';
import { describeGpu } from './gpu';

const randomE = (seed: number, n: number): Uint32Array => new SplitMix64(seed).words(3 * n);

await describeGpu('webgpu Flock passes', ({ device }) => {
  const cpu = createCpuBackend();
  let gpu: Backend, grid: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
    grid = createWebGpuBackend(device, { maxWorkgroupsPerDimension: 64 });
  });

  /** Every pass on `dev` against the cpu backend, for n messages in 2^nBlocksLog blocks. */
  async function compare(dev: Backend, n: number, nBlocksLog: number): Promise<void> {
    await compareInputs(dev, witnessInputs(pinnedCompressions(seededMessages(n, { lo: n, hi: 7 }))), nBlocksLog);
  }

  /** Every pass on `dev` against the cpu backend, for `inputs` in 2^nBlocksLog blocks. */
  async function compareInputs(dev: Backend, inputs: WitnessInputs, nBlocksLog: number): Promise<void> {
    const n = inputs.live, at = `${n} in 2^${nBlocksLog}`;
    const [c, g] = [await cpu.flock.witness(inputs, nBlocksLog), await dev.flock.witness(inputs, nBlocksLog)];
    expect([g.live, g.nBlocksLog]).toEqual([n, nBlocksLog]);
    for (const k of ['z', 'a', 'b'] as const) expect(firstDifference(await dev.download(g[k]), await cpu.download(c[k])), `${k}: ${at}`).toBe(-1);
    const r = randomE(n, nBlocksLog), lo = randomE(n + 1, 32);
    const [wc, wg] = [await blockWeightsOn(cpu, r, n), await blockWeightsOn(dev, r, n)];
    expect(firstDifference(await dev.flock.skipSums(g, lo, wg), await cpu.flock.skipSums(c, lo, wc)), `skipSums: ${at}`).toBe(-1);
    const weights = entryWeights(randomE(3, 1), randomE(4, 1));
    const [tc, tg] = [await cpu.flock.zerocheckTables(c, weights), await dev.flock.zerocheckTables(g, weights)];
    for (let i = 0; i < 3; i++) expect(firstDifference(await dev.download(tg[i]), await cpu.download(tc[i])), `table ${i}: ${at}`).toBe(-1);
    const [zc, zg] = [await cpu.flock.foldBlocks(c, wc), await dev.flock.foldBlocks(g, wg)];
    expect(firstDifference(await dev.download(zg), await cpu.download(zc)), `foldBlocks: ${at}`).toBe(-1);
    for (const buf of [g.z, g.a, g.b, wg.eq, zg, ...tg]) dev.free(buf);
  }

  test.each([[8, 3], [7, 3], [128, 7], [100, 7], [1000, 10]])('%i compressions in 2^%i blocks: witness, skip sums, tables and block fold are the cpu backend\'s', async (n, log) => {
    await compare(gpu, n, log);
  }, 120_000);

  test('on a 2-D grid of dispatches (64 workgroups a dimension): the same', async () => {
    await compare(grid, 1000, 10);
  }, 120_000);

  test('a header per compression and a padding instance of its own (the VM\'s BLAKE2S rows): the same', async () => {
    const next = xorshift32(0x24);
    const compressions = Array.from({ length: 100 }, () => randomCompression(next));
    const inputs = witnessInputs(compressions, randomCompression(next));
    expect(inputs.headers.length).toBe(12 * 101);
    await compareInputs(gpu, inputs, 7);
  }, 120_000);

  // 2 MiB bindings: the skip pass's folded sums (1.3 MiB) still fit one, 2^11 blocks' columns
  // (4 MiB) and zerocheck tables take windows, as a device binding 2 MiB would split them.
  test('columns and tables longer than a binding (2 MiB), in windows: the same', async () => {
    const windowed = createWebGpuBackend(device, { maxBindingBytes: 2 ** 21 });
    await compare(windowed, 2000, 11);
    const next = xorshift32(0x25);
    const compressions = Array.from({ length: 1500 }, () => randomCompression(next));
    await compareInputs(windowed, witnessInputs(compressions, randomCompression(next)), 11);
  }, 300_000);

  test('a witness rejects inputs that do not fit its blocks', async () => {
    const inputs = witnessInputs(pinnedCompressions(seededMessages(9, { lo: 1, hi: 2 })));
    await expect(gpu.flock.witness(inputs, 3)).rejects.toThrow(/exceed/);
    await expect(gpu.flock.witness({ ...inputs, messages: inputs.messages.subarray(16) }, 4)).rejects.toThrow(/message words/);
    await expect(gpu.flock.skipSums(await gpu.flock.witness(inputs, 4), new Uint32Array(6), await blockWeightsOn(gpu, randomE(1, 4), 9))).rejects.toThrow(/lo holds 32/);
  });
});
