// The native lincheck weights (host/native/src/flock_walk.cc): comb from random row weights and
// challenges is combOf's, the TypeScript transpose walk's, on every path and at 1 and 2 threads;
// the native backend's Flock passes offer it; and the module refuses the wrong sizes.
import { afterAll, expect } from 'vitest';
import { createNativeBackend } from '../../src/backend/native/index';
import { BLOCK_BITS } from '../../src/kernels/flock/layout';
import { combOf } from '../../src/kernels/flock/comb';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeNative, eachPath } from './native';

describeNative('the native lincheck weights', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const rng = new SplitMix64(0x636f6d62);
  const cases = Array.from({ length: 3 }, () => ({ e: rng.words(3 * BLOCK_BITS), alpha: rng.words(3) }));
  const want = cases.map(({ e, alpha }) => combOf(e, alpha));

  eachPath(module, "comb is combOf's", () => {
    for (const threads of [1, 2]) {
      module.setThreads(threads);
      cases.forEach(({ e, alpha }, i) => {
        const comb = new Uint32Array(e.length);
        module.lincheckComb(e, alpha, comb);
        expect(comb, `case ${i} at ${threads} threads`).toEqual(want[i]);
      });
    }
  });

  eachPath(module, 'the backend offers it; wrong sizes are refused', async () => {
    const backend = createNativeBackend(module, { threads: 2 });
    try {
      expect(backend.flock.comb!(cases[0].e, cases[0].alpha)).toEqual(want[0]);
    } finally {
      await backend.dispose();
    }
    expect(() => module.lincheckComb(cases[0].e.subarray(6), cases[0].alpha, new Uint32Array(6 * BLOCK_BITS))).toThrow(/2\^14 E values/);
    expect(() => module.lincheckComb(cases[0].e, cases[0].alpha.subarray(1), new Uint32Array(6 * BLOCK_BITS))).toThrow(/alpha must hold/);
  });
});
