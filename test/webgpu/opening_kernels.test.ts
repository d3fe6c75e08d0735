// The WebGPU backend's opening operations against the cpu backend (src/poly/bulk.ts) on
// random inputs, word for word: round sums and folds at every kind of stride (odd unit counts,
// the whole table, enough terms that each invocation sums several), eq tables, the ring map by
// byte tables, scaled adds into slices, query weights (duplicates included) and the deeper
// levels' encoding; on a 2-D dispatch grid too; and the misuse they reject.
import { beforeAll, describe, expect, test } from 'vitest';
import { BackendUsageError, type Backend, type DeviceBuffer, type Elem } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { eLinearTables } from '../../src/field/e-linear';
import { coordinateWeights } from '../../src/pcs/ring-switch';
import { OptionsError } from '../../src/util/options';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';

const WORDS: Record<Elem, number> = { K: 2, E: 6 };

/** The same words on both backends. */
async function both(cpu: Backend, gpu: Backend, elem: Elem, words: Uint32Array): Promise<[DeviceBuffer, DeviceBuffer]> {
  return [await cpu.upload(elem, words), await gpu.upload(elem, words)];
}

const random = (seed: number, elem: Elem, n: number): Uint32Array => new SplitMix64(seed).words((WORDS[elem] / 2) * n);

/** Both buffers' words are equal (a scan: deep equality of long arrays is slow). */
async function expectSame(gpu: Backend, g: DeviceBuffer, cpu: Backend, c: DeviceBuffer, what = ''): Promise<void> {
  const [gw, cw] = [await gpu.download(g), await cpu.download(c)];
  expect(gw.length, what).toBe(cw.length);
  expect(gw.findIndex((w, i) => w !== cw[i]), `${what}: first differing word`).toBe(-1);
}

await describeGpu('webgpu opening kernels', ({ device }) => {
  const cpu = createCpuBackend();
  let gpu: Backend;
  let grid: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
    grid = createWebGpuBackend(device, { maxWorkgroupsPerDimension: 8 });
  });

  // [values, stride]: LSB and inner strides, lane strides with odd unit counts (3 and 5
  // blocks), one unpaired unit (stride = n), and (below) tables of many workgroups' terms.
  const SHAPES: [number, number][] = [[1, 1], [2 ** 10, 1], [2 ** 10, 2 ** 4], [3 * 2 ** 8, 2 ** 8], [5 * 2 ** 6, 2 ** 6], [2 ** 11, 2 ** 11], [7, 7]];

  describe('roundSums and fold equal the cpu backend', () => {
    const cases: [Elem, number, number][] = [];
    for (const kind of ['K', 'E'] as Elem[]) for (const [n, stride] of SHAPES) cases.push([kind, n, stride]);
    cases.push(['K', 2 ** 18, 1], ['E', 2 ** 17, 2 ** 11]);

    test.each(cases)('f %s, %i values, stride %i', async (kind, n, stride) => {
      const [cf, gf] = await both(cpu, gpu, kind, random(n + stride, kind, n));
      const [cb, gb] = await both(cpu, gpu, 'E', random(n - stride, 'E', n));
      expect(await gpu.roundSums(gf, gb, stride)).toEqual(await cpu.roundSums(cf, cb, stride));
      const r = random(stride, 'E', 1);
      const [cFold, gFold] = [await cpu.fold(cf, stride, r), await gpu.fold(gf, stride, r)];
      expect(gFold).toMatchObject({ elem: 'E', length: cFold.length });
      await expectSame(gpu, gFold, cpu, cFold);
      for (const b of [gf, gb, gFold]) gpu.free(b);
    });
  });

  test('eqTable is seed·eq(point, ·)', async () => {
    for (const n of [0, 1, 5, 12]) {
      const point = random(n, 'E', n);
      const seed = random(100 + n, 'E', 1);
      const g = await gpu.eqTable(point, seed);
      expect(g.length).toBe(2 ** n);
      await expectSame(gpu, g, cpu, await cpu.eqTable(point, seed));
      gpu.free(g);
    }
  });

  test('mapByTables applies the map of the byte tables to every value', async () => {
    const tables = eLinearTables(coordinateWeights(random(7, 'E', 6)));
    for (const n of [1, 1000, 2 ** 13]) {
      const [c, g] = await both(cpu, gpu, 'E', random(n, 'E', n));
      await cpu.mapByTables(c, tables);
      await gpu.mapByTables(g, tables);
      await expectSame(gpu, g, cpu, c);
      gpu.free(g);
    }
  });

  test('addScaled adds src (scaled or not) into a slice of acc, at a stride or not', async () => {
    const [ca, ga] = await both(cpu, gpu, 'E', random(1, 'E', 3000));
    const cases = [[3000, 0, true, 1], [1024, 1024, false, 1], [1, 2999, true, 1], [700, 13, false, 1], [256, 7, true, 8], [93, 18, false, 32], [1, 2999, false, 5]] as const;
    for (const [len, at, scaled, stride] of cases) {
      const [cs, gs] = await both(cpu, gpu, 'E', random(len + at + stride, 'E', len));
      const scale = scaled ? random(at, 'E', 1) : undefined;
      await cpu.addScaled(ca, cs, at, scale, stride);
      await gpu.addScaled(ga, gs, at, scale, stride);
      await expectSame(gpu, ga, cpu, ca);
      gpu.free(gs);
    }
    gpu.free(ga);
  });

  test('queryWeights is the cpu table, duplicate queries counted each time', async () => {
    for (const [count, m, nu] of [[20, 5, 1], [9, 7, 3], [40, 3, 4], [3, 0, 2], [224, 12, 1], [56, 10, 4]]) {
      const rng = new SplitMix64(1000 * m + nu);
      const queries = Array.from({ length: count }, () => rng.next()[0] % 2 ** (m + nu));
      queries.push(queries[0], queries[1], queries[0]);
      const coeffs = rng.words(3 * queries.length);
      const g = await gpu.queryWeights(queries, coeffs, m, nu);
      expect(g.length).toBe(2 ** m);
      await expectSame(gpu, g, cpu, await cpu.queryWeights(queries, coeffs, m, nu));
      gpu.free(g);
    }
  });

  test('encodeFolded: the deeper levels\' codeword, every lane count and rate', async () => {
    for (const [logN, logLanes, rate] of [[3, 3, 1], [9, 3, 4], [12, 3, 1], [10, 2, 2], [6, 0, 3], [11, 3, 3]]) {
      const [c, g] = await both(cpu, gpu, 'E', random(logN, 'E', 2 ** logN));
      const [cc, gc] = [await cpu.encodeFolded(c, logLanes, rate), await gpu.encodeFolded(g, logLanes, rate)];
      expect(gc.length).toBe(2 ** (logN + rate));
      await expectSame(gpu, gc, cpu, cc, `2^${logN} values, 2^${logLanes} lanes, rate ${rate}`);
      const rowWords = 3 << logLanes;
      const [ct, gt] = [await cpu.merkleBuild(cc, rowWords, rowWords), await gpu.merkleBuild(gc, rowWords, rowWords)];
      expect(gt.root, `2^${logN} values, 2^${logLanes} lanes, rate ${rate}`).toEqual(ct.root);
      const leaves = 2 ** (logN + rate - logLanes);
      const queries = [0, 5 % leaves, leaves - 1, 5 % leaves];
      expect(await gpu.openRows(gc, gt, queries)).toEqual(await cpu.openRows(cc, ct, queries));
      gpu.freeTree(gt);
      for (const b of [g, gc]) gpu.free(b);
    }
  });

  test('a 2-D dispatch grid (8 workgroups per dimension) gives the same results', async () => {
    // Round sums of 2^18 terms fill a grid of 8 × 2 workgroups or more, whatever the adapter's
    // terms per invocation; the other kernels run one invocation per value, 2^13 at most (8 × 4).
    const big = 2 ** 19;
    const [cf, gf] = await both(cpu, grid, 'K', random(1, 'K', big));
    const [cb, gb] = await both(cpu, grid, 'E', random(2, 'E', big));
    for (const stride of [1, 2 ** 10]) expect(await grid.roundSums(gf, gb, stride)).toEqual(await cpu.roundSums(cf, cb, stride));
    const n = 2 ** 13;
    const [cs, gs] = await both(cpu, grid, 'K', random(6, 'K', n));
    const r = random(3, 'E', 1);
    await expectSame(grid, await grid.fold(gs, 1, r), cpu, await cpu.fold(cs, 1, r), 'fold');
    const point = random(4, 'E', 13);
    await expectSame(grid, await grid.eqTable(point, r), cpu, await cpu.eqTable(point, r), 'eqTable');
    const queries = [1, 2, 3, 2 ** 12 - 1];
    const coeffs = random(5, 'E', 4);
    await expectSame(grid, await grid.queryWeights(queries, coeffs, 11, 1), cpu, await cpu.queryWeights(queries, coeffs, 11, 1), 'queryWeights');
  });

  test('misuse is rejected with BackendUsageError', async () => {
    const k = await gpu.alloc('K', 12);
    const e = await gpu.alloc('E', 12);
    const e8 = await gpu.alloc('E', 8);
    const r = new Uint32Array(6);
    await expect(gpu.roundSums(k, e, 8)).rejects.toThrow(/halves of stride 8/);
    await expect(gpu.roundSums(e, k, 1)).rejects.toThrow(BackendUsageError);
    await expect(gpu.roundSums(e8, e, 1)).rejects.toThrow(/lengths differ/);
    await expect(gpu.fold(e, 0, r)).rejects.toThrow(BackendUsageError);
    await expect(gpu.fold(e, 1, new Uint32Array(5))).rejects.toThrow(/one E value/);
    await expect(gpu.eqTable(new Uint32Array(7), r)).rejects.toThrow(BackendUsageError);
    await expect(gpu.mapByTables(e, new Uint32Array(10))).rejects.toThrow(/byte tables/);
    await expect(gpu.addScaled(e8, e, 0)).rejects.toThrow(/do not fit/);
    await expect(gpu.addScaled(e, e8, 5)).rejects.toThrow(/do not fit/);
    await expect(gpu.addScaled(e, e, 0)).rejects.toThrow(/must not be src/);
    await expect(gpu.addScaled(e8, e, 0, undefined, 2)).rejects.toThrow(/every 2 do not fit/);
    await expect(gpu.addScaled(e8, e, 0, undefined, 0)).rejects.toThrow(/positive integer/);
    await expect(gpu.addScaled(k, e8, 0)).rejects.toThrow(BackendUsageError);
    await expect(gpu.queryWeights([8], r, 2, 1)).rejects.toThrow(/outside the domain/);
    await expect(gpu.queryWeights([1, 2], r, 2, 1)).rejects.toThrow(/coefficients/);
    await expect(gpu.encodeFolded(e, 1, 1)).rejects.toThrow(/power of two/);
    await expect(gpu.encodeFolded(e8, 4, 1)).rejects.toThrow(BackendUsageError);
    await expect(gpu.encodeFolded(k, 1, 1)).rejects.toThrow(BackendUsageError);
    await expect(gpu.roundSums(await cpu.alloc('E', 12), e, 1)).rejects.toThrow(/does not belong/);
    for (const b of [k, e, e8]) gpu.free(b);
    await expect(gpu.fold(e, 1, r)).rejects.toThrow(/after free/);
    expect(() => createWebGpuBackend(device, { hostBelow: -1 })).toThrow(OptionsError);
  });
});
