// Grinding's nonce search on the GPU: the smallest nonce, as the host's smallestNonce finds it,
// within the first round of candidates and past it; grindBy with it sends grind's bytes; bad
// arguments are refused before any dispatch.
import { beforeAll, expect, test } from 'vitest';
import { BackendUsageError, type Backend } from '../../src/backend/backend';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { smallestNonce } from '../../src/transcript/pow';
import { ProverState } from '../../src/transcript/prover-state';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeGpu } from './gpu';

await describeGpu('webgpu grinding', ({ device }) => {
  let gpu: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
  });

  test('the smallest nonce equals smallestNonce for random bases, bits 0..14', async () => {
    const rng = new SplitMix64(0x677075);
    for (const bits of [0, 1, 4, 9, 14]) {
      const base = rng.words(4);
      expect(await gpu.smallestNonce!(base, bits), `bits ${bits}`).toEqual(smallestNonce(base, bits));
    }
  });

  test('a nonce past the first round of candidates', async () => {
    // At 18 bits the smallest nonce passes 2^16 (a CPU adapter's round) for about 4 bases in 5.
    let seed = 0, base: Uint32Array, want: [number, number];
    do {
      base = new SplitMix64(++seed).words(4);
      want = smallestNonce(base, 18);
    } while (want[0] < 2 ** 16);
    expect(await gpu.smallestNonce!(base, 18)).toEqual(want);
  });

  test('grindBy with the GPU search sends the bytes grind sends', async () => {
    const a = new ProverState('grind-test', [Uint32Array.of(7, 0, 0, 0, 0, 0)]);
    const b = new ProverState('grind-test', [Uint32Array.of(7, 0, 0, 0, 0, 0)]);
    for (const bits of [3, 11]) {
      expect(await b.grindBy(bits, (base, n) => gpu.smallestNonce!(base, n))).toEqual(a.grind(bits));
      expect(b.sample()).toEqual(a.sample());
    }
  });

  test('bits outside 0..63 and a base that is not one digest are refused', async () => {
    await expect(gpu.smallestNonce!(new Uint32Array(8), 64)).rejects.toThrow(RangeError);
    await expect(gpu.smallestNonce!(new Uint32Array(8), 1.5)).rejects.toThrow(RangeError);
    await expect(gpu.smallestNonce!(new Uint32Array(9), 3)).rejects.toThrow(BackendUsageError);
  });
});
