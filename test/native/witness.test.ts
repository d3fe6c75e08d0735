// Backend.flockWitness on the module (host/native/src/flock_witness.cc) writes generateWitness's
// columns: random compressions (every input word random, not only the pinned hash's), padding
// tails of many lengths, 2^3..2^9 blocks, at 1, 2 and 3 threads; and its checks on shapes.
import { afterAll, expect, test } from 'vitest';
import { firstDifference } from '../../bench/device-check/compare';
import { createNativeBackend } from '../../src/backend/native/index';
import type { Compression } from '../../src/flock/compression';
import { BLOCK_U32 } from '../../src/flock/layout';
import { generateWitness } from '../../src/flock/witness';
import { generateWitnessOn, witnessInputs } from '../../src/flock/witness-on';
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
          // Stale words in the destination must be overwritten, as generateWitness does.
          const z = rng.words(blocks * BLOCK_U32 / 2);
          const got = await generateWitnessOn(native, compressions, nBlocksLog, { z });
          const at = `2^${nBlocksLog} blocks, ${live} live, ${threads} threads`;
          expect(got.z, at).toBe(z);
          expect({ live: got.live, nBlocksLog: got.nBlocksLog }, at).toEqual({ live, nBlocksLog });
          expect(firstDifference(got.z, want.z), `z: ${at}`).toBe(-1);
          expect(firstDifference(got.a, want.a), `a: ${at}`).toBe(-1);
          expect(firstDifference(got.b, want.b), `b: ${at}`).toBe(-1);
          await native.dispose();
        }
      }
    }
  });

  test('columns not on an 8-byte boundary are written all the same', async () => {
    const rng = new SplitMix64(7);
    const compressions = randomCompressions(rng, 5);
    const want = generateWitness(compressions, 3);
    const words = 8 * BLOCK_U32;
    const into = { z: new Uint32Array(words + 1).subarray(1), a: new Uint32Array(words + 1).subarray(1), b: new Uint32Array(words + 3).subarray(3) };
    const native = createNativeBackend(module);
    const got = await generateWitnessOn(native, compressions, 3, into);
    expect(got.z).toBe(into.z);
    expect([got.z, got.a, got.b]).toEqual([want.z, want.a, want.b]);
    await native.dispose();
  });

  test('the module rejects inputs and columns of the wrong shape', () => {
    const rng = new SplitMix64(3);
    const inputs = witnessInputs(randomCompressions(rng, 4));
    const col = (blocks: number): Uint32Array => new Uint32Array(blocks * BLOCK_U32);
    expect(() => module.flockWitness(inputs, 4, col(8), col(8), col(4))).toThrow(/one length/);
    expect(() => module.flockWitness(inputs, 4, col(8), col(8), new Uint32Array(8 * BLOCK_U32 - 1))).toThrow(/whole blocks/);
    expect(() => module.flockWitness(inputs, 3, col(8), col(8), col(8))).toThrow(/inputs must hold/);
    expect(() => module.flockWitness(inputs, 4, col(2), col(2), col(2))).toThrow(/inputs must hold/);
  });
});
