// Operands longer than a storage binding: the webgpu backend told to bind at most a few KiB
// (WebGpuBackendOptions.maxBindingBytes) splits every operand into windows as it would on a
// device whose limit that is, and its results stay the cpu reference's byte for byte; told also
// to make buffers of at most two windows (maxBufferBytes), it keeps longer operands in parts and
// binds the windows across a part's end through copies, with the same results.
import { beforeAll, describe, expect, test } from 'vitest';
import { stack } from '../../bench/device-check/commit-check';
import { AllocationError } from '../../src/util/allocation';
import { E_LINEAR_TABLE_WORDS } from '../../src/field/e-linear';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';

/** Bytes a binding spans in these tests: 2^14 (a stack of 2^12 K words is two windows). */
const SMALL = 2 ** 14;
/** Bytes a buffer holds in the parted backend's tests: two windows. */
const PART = 2 * SMALL;

async function commitment(backend: Backend, q: Uint32Array, logN: number, rate: number, lanes: number, queries: number[]) {
  const msg = await backend.upload('K', q);
  const codeword = await backend.encode(msg, logN, rate);
  backend.free(msg);
  const tree = await backend.merkleBuild(codeword, lanes, 64);
  const words = await backend.download(codeword);
  const opened = await backend.openRows(codeword, tree, queries.map((x) => x % tree.nLeaves));
  backend.freeTree(tree);
  backend.free(codeword);
  return { words, root: tree.root, opened };
}

await describeGpu('webgpu operands in windows', ({ device }) => {
  const cpu = createCpuBackend();
  let small: Backend[];
  /** small[0] and the parted backend: each test's results from both. */
  let windowed: Backend[];
  beforeAll(() => {
    small = [1, 4].map((nttGroupLayers) => createWebGpuBackend(device, { maxBindingBytes: SMALL, nttGroupLayers }));
    small.push(createWebGpuBackend(device, { maxBindingBytes: SMALL, maxBufferBytes: PART }));
    windowed = [small[0], small[2]];
  });

  /** `run`'s result on each windowed backend equals the cpu backend's. */
  async function sameAsCpu<T>(run: (be: Backend) => Promise<T>): Promise<void> {
    const want = await run(cpu);
    for (const be of windowed) expect(await run(be)).toEqual(want);
  }

  test('a kernel that would bind more than the limit is refused, not run', async () => {
    // Flock's entry byte tables (96 KiB) are bound whole (docs/gpu-scale.md).
    const z = await small[0].upload('K', new Uint32Array(2 * 256));
    const weights = { lz: new Uint32Array(6 * 64), lzChi: new Uint32Array(6 * 64) };
    const refused = await small[0].flock.zerocheckTables({ nBlocksLog: 0, live: 1, z, a: z, b: z }, weights).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(AllocationError);
    expect((refused as Error).message).toMatch(/a binding of subsetSums: over the 16384-byte storage binding limit/);
    small[0].free(z);
  });

  test('maxBindingBytes or maxBufferBytes below 64 alignments is a usage error', () => {
    expect(() => createWebGpuBackend(device, { maxBindingBytes: 100 })).toThrow(/maxBindingBytes/);
    expect(() => createWebGpuBackend(device, { maxBufferBytes: 100 })).toThrow(/maxBufferBytes/);
  });

  test('an operand in parts: uploaded and read back whole, its parts freed', async () => {
    const words = new SplitMix64(5).words((3 * PART / 4 + 6) / 2); // 3 parts and 6 words
    const buf = await small[2].upload('K', words);
    expect(await small[2].download(buf)).toEqual(words);
    const held = small[2].held();
    small[2].free(buf);
    expect(small[2].held()).toMatchObject({ buffers: held.buffers - 4, bytes: held.bytes - words.byteLength });
  });

  describe('commitment: codeword, root and openings', () => {
    const queries = Array.from(new SplitMix64(7).words(24), (x) => x);
    for (const [logN, rate, lanes] of [
      [12, 1, 64],
      [12, 3, 16],
      [14, 2, 3],
      [15, 1, 64],
      [11, 4, 1],
      // Twiddle tables longer than a window: radix-2 passes over windows of one layer.
      [18, 1, 1],
      [17, 2, 2],
    ] as const) {
      test(`2^${logN} words, rate 2^-${rate}, ${lanes} lanes`, async () => {
        const q = stack(logN, lanes, logN + rate);
        const want = await commitment(cpu, q, logN, rate, lanes, queries);
        for (const gpu of small) {
          const got = await commitment(gpu, q, logN, rate, lanes, queries);
          expect(got.words).toEqual(want.words);
          expect(got.root).toEqual(want.root);
          expect(got.opened).toEqual(want.opened);
        }
      });
    }
  });

  describe('elementwise kernels', () => {
    const words = (n: number, seed: number) => new SplitMix64(seed).words(n / 2);
    for (const [elem, n] of [['K', 5000], ['E', 3001]] as const) {
      test(`mul${elem} over ${n} values`, async () => {
        const w = elem === 'K' ? 2 : 6;
        const [a, b] = [words(w * n, 1), words(w * n, 2)];
        const run = async (be: Backend) => {
          const [ga, gb, out] = [await be.upload(elem, a), await be.upload(elem, b), await be.alloc(elem, n)];
          await (elem === 'K' ? be.mulK(ga, gb, out) : be.mulE(ga, gb, out));
          return be.download(out);
        };
        await sameAsCpu(run);
      });
    }

    // The map's byte tables (144 KiB) are bound whole: a window of 256 KiB holds them.
    test('the ring map over 20000 E values', async () => {
      const [t, tables] = [words(6 * 20000, 3), words(E_LINEAR_TABLE_WORDS, 4)];
      const run = async (be: Backend) => {
        const buf = await be.upload('E', t);
        await be.mapByTables(buf, tables);
        return be.download(buf);
      };
      expect(await run(createWebGpuBackend(device, { maxBindingBytes: 2 ** 18 }))).toEqual(await run(cpu));
    });
  });

  describe('sumcheck rounds: pairs in windows, at strides within a window and wider than one', () => {
    const words = (n: number, seed: number) => new SplitMix64(seed).words(n / 2);
    const n = 2 ** 12;
    const r = words(6, 9);
    for (const stride of [1, 32, 2 ** 11]) {
      for (const elem of ['K', 'E'] as const) {
        test(`roundSums, fold and foldRound of ${elem} at stride ${stride}`, async () => {
          const [f, b] = [words((elem === 'K' ? 2 : 6) * n, stride), words(6 * n, stride + 1)];
          const run = async (be: Backend) => {
            const [gf, gb] = [await be.upload(elem, f), await be.upload('E', b)];
            const sums = await be.roundSums(gf, gb, stride);
            const folded = await be.download(await be.fold(gf, stride, r));
            const nextStride = Math.max(1, stride / 2);
            const next = be.foldRound
              ? await be.foldRound(gf, gb, stride, r, nextStride)
              : await (async () => {
                  const [nf, nb] = [await be.fold(gf, stride, r), await be.fold(gb, stride, r)];
                  return { f: nf, b: nb, sums: await be.roundSums(nf, nb, nextStride) };
                })();
            return { sums, folded, f: await be.download(next.f), b: await be.download(next.b), next: next.sums };
          };
          await sameAsCpu(run);
        });
      }
    }

    test('zerocheckSums over 2^11 pairs', async () => {
      const [a, b, c, eq] = [words(6 * 2 ** 12, 11), words(6 * 2 ** 12, 12), words(6 * 2 ** 12, 13), words(6 * 2 ** 11, 14)];
      const run = async (be: Backend) => {
        const t = await Promise.all([a, b, c, eq].map((x) => be.upload('E', x)));
        return be.zerocheckSums(t[0], t[1], t[2], t[3]);
      };
      await sameAsCpu(run);
    });
  });

  describe('the opening\'s tables in windows', () => {
    const words = (n: number, seed: number) => new SplitMix64(seed).words(n / 2);
    test('eqTable of 12 coordinates', async () => {
      const [point, seed] = [words(6 * 12, 21), words(6, 22)];
      const run = async (be: Backend) => be.download(await be.eqTable(point, seed));
      await sameAsCpu(run);
    });

    for (const [at, stride, scaled] of [[0, 1, false], [5, 3, true], [1, 1, true]] as const) {
      test(`addScaled of 1500 values into 2^13 at ${at}, stride ${stride}${scaled ? ', scaled' : ''}`, async () => {
        const [acc, src, s] = [words(6 * 2 ** 13, 23), words(6 * 1500, 24), words(6, 25)];
        const run = async (be: Backend) => {
          const [a, b] = [await be.upload('E', acc), await be.upload('E', src)];
          await be.addScaled(a, b, at, scaled ? s : undefined, stride);
          return be.download(a);
        };
        await sameAsCpu(run);
      });
    }

    test('queryWeights over a domain of 2^12 positions (9 variables, rate 2^-3)', async () => {
      const rng = new SplitMix64(26);
      const queries = Array.from(rng.words(40), (x) => x % 2 ** 12);
      queries.push(queries[0], 2 ** 12 - 1, 0);
      const coeffs = words(6 * queries.length, 27);
      const run = async (be: Backend) => be.download(await be.queryWeights(queries, coeffs, 9, 3));
      await sameAsCpu(run);
    });
  });
});
