// The module's thread pool changes no byte: encode + merkleBuild of a stack past the cache
// chunk (breadth slabs, depth blocks, leaf ranges and lower levels all split), transforms of
// blocks too small to run alone (their runs split among the threads), and K/E
// products long enough to split unevenly, at 1, 2 and 3 threads against the cpu backend.
import { afterAll, expect, test } from 'vitest';
import { BackendUsageError, type Backend, type Elem } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { SplitMix64 } from '../../src/util/splitmix64';
import { hex } from '../backend/commit-vectors';
import { forwardNtt } from '../../src/ntt/transform';
import { describeNative } from './native';
import { expectSameWords } from '../same-words';

const THREADS = [1, 2, 3];

/** Codeword and root of a committed 2^logN stack of 64 lanes, the last partly filled. */
async function commit(backend: Backend, logN: number, rate: number): Promise<{ codeword: Uint32Array; root: string }> {
  const q = new SplitMix64(logN * 10 + rate).words(2 ** logN - 100);
  const codeword = await backend.encode(await backend.upload('K', q), logN, rate);
  const tree = await backend.merkleBuild(codeword, 64, 64);
  return { codeword: await backend.download(codeword), root: hex(tree.root) };
}

async function product(backend: Backend, elem: Elem, wa: Uint32Array, wb: Uint32Array): Promise<Uint32Array> {
  const a = await backend.upload(elem, wa), b = await backend.upload(elem, wb);
  const out = await backend.alloc(elem, a.length);
  await (elem === 'K' ? backend.mulK(a, b, out) : backend.mulE(a, b, out));
  return backend.download(out);
}

describeNative('the native thread pool', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const cpu = createCpuBackend();

  test('encode + merkleBuild give the cpu backend bytes at 1, 2 and 3 threads', async () => {
    for (const [logN, rate] of [[17, 1], [14, 2]]) {
      const want = await commit(cpu, logN, rate);
      for (const threads of THREADS) {
        const native = createNativeBackend(module, { threads });
        expect(module.threads()).toBe(threads);
        const got = await commit(native, logN, rate);
        expect(got.root, `2^${logN} at rate 1/${2 ** rate}, ${threads} threads`).toBe(want.root);
        expectSameWords(got.codeword, want.codeword, `codeword, ${threads} threads`);
        await native.dispose();
      }
    }
  });

  test('forwardNtt of blocks under 64 rows (run several to a call, a run cut at a task\'s end) gives src/ntt words at 1, 2 and 3 threads', () => {
    for (const [logSize, lanes, start] of [[13, 3, 11], [15, 24, 10], [12, 5, 9]]) {
      const data = new SplitMix64(logSize * 100 + lanes).words(2 * lanes * 2 ** logSize);
      const want = data.slice();
      forwardNtt(want, lanes, start);
      for (const threads of THREADS) {
        module.setThreads(threads);
        const got = data.slice();
        module.forwardNtt(got, lanes, start);
        expectSameWords(got, want, `2^${logSize} positions × ${lanes} lanes from layer ${start}, ${threads} threads`);
      }
    }
  });

  test('mulK and mulE give the cpu backend bytes at 1, 2 and 3 threads', async () => {
    const rng = new SplitMix64(11);
    for (const [elem, n] of [['K', 3 * 4096 + 5], ['E', 2 * 4096 + 3]] as const) {
      const words = elem === 'K' ? n : 3 * n;
      const wa = rng.words(words), wb = rng.words(words);
      const want = await product(cpu, elem, wa, wb);
      for (const threads of THREADS) {
        const native = createNativeBackend(module, { threads });
        expect(await product(native, elem, wa, wb), `${n} ${elem} products, ${threads} threads`).toEqual(want);
        await native.dispose();
      }
    }
  });

  test('a thread count that is not a positive integer is refused', () => {
    for (const threads of [0, -1, 1.5, Number.NaN]) {
      expect(() => createNativeBackend(module, { threads })).toThrow(BackendUsageError);
    }
    expect(() => module.setThreads(0)).toThrow(RangeError);
  });
});
