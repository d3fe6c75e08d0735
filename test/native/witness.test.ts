// The native backend's witness pass (host/native/src/flock_witness.cc) writes generateWitness's
// columns: random compressions (every input word random, not only the pinned hash's), padding
// tails of many lengths, 2^3..2^9 blocks, at 1, 2 and 3 threads, over pool arrays full of stale
// words; z written into the caller's words (the VM's q_flock slice of its stack), on native and
// cpu; and the module's checks on shapes.
import { afterAll, expect, test } from 'vitest';
import { firstDifference } from '../../bench/device-check/compare';
import { BackendUsageError } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import type { Compression } from '../../src/kernels/flock/compression';
import { PARAM_IV } from '../../src/hash/blake2s';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { wordsOf } from '../../src/backend/cpu/arrays';
import { generateWitness, witnessInputs } from '../../src/kernels/flock/witness';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeNative } from './native';

const THREADS = [1, 2, 3];

function randomCompressions(rng: SplitMix64, n: number): Compression[] {
  return Array.from({ length: n }, () => {
    const w = rng.words(14); // 28 u32
    return { h: w.subarray(0, 8), m: w.subarray(8, 24), tLo: w[24], tHi: w[25], f0: w[26], f1: w[27] };
  });
}

describeNative('the native Flock witness', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));

  test('z, a, b equal generateWitness at 2^3..2^9 blocks, any live count, 1, 2 and 3 threads', async () => {
    const rng = new SplitMix64(0x5eed);
    for (let nBlocksLog = 3; nBlocksLog <= 9; nBlocksLog++) {
      const blocks = 2 ** nBlocksLog;
      for (const live of new Set([0, 1, blocks >>> 1, blocks - 65, blocks - 1, blocks].filter((l) => l >= 0))) {
        const compressions = randomCompressions(rng, live);
        const want = generateWitness(compressions, nBlocksLog);
        for (const threads of THREADS) {
          const native = createNativeBackend(module, { threads });
          // Stale words in the pool's arrays must be overwritten, as generateWitness does.
          const stale = await native.upload('K', rng.words(blocks * BLOCK_U32 / 2));
          native.free(stale);
          const got = await native.flock.witness(witnessInputs(compressions), nBlocksLog);
          const at = `2^${nBlocksLog} blocks, ${live} live, ${threads} threads`;
          expect({ live: got.live, nBlocksLog: got.nBlocksLog }, at).toEqual({ live, nBlocksLog });
          const [z, a, b] = [got.z, got.a, got.b].map((buf) => wordsOf('native', buf));
          expect(firstDifference(z, want.z), `z: ${at}`).toBe(-1);
          expect(firstDifference(a, want.a), `a: ${at}`).toBe(-1);
          expect(firstDifference(b, want.b), `b: ${at}`).toBe(-1);
          await native.dispose();
        }
      }
    }
  });

  test('headers given once for all or once per compression give the same columns', async () => {
    const rng = new SplitMix64(7);
    const pinned = witnessInputs(randomCompressions(rng, 5).map((c) => ({ ...c, h: PARAM_IV, tLo: 64, tHi: 0, f0: 0xffffffff, f1: 0 })));
    expect(pinned.headers.length).toBe(12);
    const spelled = { ...pinned, headers: Uint32Array.from({ length: 12 * 6 }, (_, i) => pinned.headers[i % 12]) };
    const native = createNativeBackend(module);
    const [x, y] = [await native.flock.witness(pinned, 3), await native.flock.witness(spelled, 3)];
    for (const k of ['z', 'a', 'b'] as const) expect(firstDifference(wordsOf('native', x[k]), wordsOf('native', y[k])), k).toBe(-1);
    await native.dispose();
  });

  test('z into the caller\'s words (a slice inside a larger array, as q_flock in the VM\'s stack): the same columns, nothing around it touched, never freed by the backend', async () => {
    const rng = new SplitMix64(11);
    const compressions = randomCompressions(rng, 21);
    const want = generateWitness(compressions, 5);
    const words = 32 * BLOCK_U32;
    for (const backend of [createNativeBackend(module, { threads: 2 }), createCpuBackend()]) {
      for (const at of [0, 64]) {
        const stack = rng.words((2 * words + 128) / 2);
        const before = stack.slice();
        const into = stack.subarray(at, at + words);
        const got = await backend.flock.witness(witnessInputs(compressions), 5, into);
        expect(got.zInto, backend.name).toBe(true);
        expect(firstDifference(into, want.z), `${backend.name} z at ${at}`).toBe(-1);
        expect(firstDifference(wordsOf(backend.name, got.z), want.z), `${backend.name} z buffer`).toBe(-1);
        expect(firstDifference(wordsOf(backend.name, got.a), want.a), `${backend.name} a`).toBe(-1);
        expect(stack.subarray(0, at)).toEqual(before.subarray(0, at));
        expect(stack.subarray(at + words)).toEqual(before.subarray(at + words));
        backend.free(got.a);
        backend.free(got.b);
        // A column the backend takes next is not the caller's array.
        const next = wordsOf(backend.name, await backend.alloc('K', words / 2));
        expect(next.buffer === stack.buffer, backend.name).toBe(false);
      }
      await expect(backend.flock.witness(witnessInputs(compressions), 5, new Uint32Array(words - 2))).rejects.toThrow(BackendUsageError);
      await backend.dispose();
    }
  });

  test('the module rejects inputs and columns of the wrong shape', () => {
    const rng = new SplitMix64(3);
    const { messages, headers } = witnessInputs(randomCompressions(rng, 4));
    const col = (blocks: number): Uint32Array => new Uint32Array(blocks * BLOCK_U32);
    expect(() => module.flockWitness(messages, headers, 4, col(8), col(8), col(4))).toThrow(/one length/);
    expect(() => module.flockWitness(messages, headers, 4, col(8), col(8), new Uint32Array(8 * BLOCK_U32 - 1))).toThrow(/whole blocks/);
    expect(() => module.flockWitness(messages, headers, 3, col(8), col(8), col(8))).toThrow(/messages must hold/);
    expect(() => module.flockWitness(messages, headers, 4, col(2), col(2), col(2))).toThrow(/messages must hold/);
    expect(() => module.flockWitness(messages, headers.subarray(12), 4, col(8), col(8), col(8))).toThrow(/headers must hold/);
  });
});
