// A backend for a signal (src/backend/abort.ts, abortable) puts a bulk call off to the next turn
// of the event loop once a turn is due, but never a call whose result is used at once: with a
// turn pending, host words, the interpreter's stepper and lincheck's weights still come back
// as values, not Promises (the proof would read a Promise as its words).
import { expect, test } from 'vitest';
import { abortable } from '../../src/backend/abort';
import { createNativeBackend } from '../../src/backend/native/index';
import { BLOCK_BITS } from '../../src/kernels/flock/layout';
import { REGISTERS } from '../../src/kernels/vm/steps';
import { describeNative } from '../native/native';

describeNative('in-line calls under a signal', (module) => {
  test('host words, the stepper and the lincheck weights stay synchronous with a turn pending', async () => {
    const backend = createNativeBackend(module, { threads: 1 });
    try {
      const w = abortable(backend, new AbortController().signal);
      await new Promise((r) => setTimeout(r, 80));
      // A bulk call past the yield interval: the next turn is now pending.
      const buf = await backend.alloc('K', 4);
      const pending = w.mulK(buf, buf, buf);
      expect(w.vm.take(6)).toBeInstanceOf(Uint32Array);
      expect(w.vm.zeroed(6)).toBeInstanceOf(Uint32Array);
      const stepper = w.vm.steps!(new Uint32Array(8), new Uint32Array(6), new Int32Array(1), new Uint32Array(1), new Float64Array(REGISTERS));
      expect(typeof stepper.run).toBe('function');
      expect(w.flock.comb!(new Uint32Array(6 * BLOCK_BITS), Uint32Array.of(1, 0, 0, 0, 0, 0))).toBeInstanceOf(Uint32Array);
      await pending;
      backend.free(buf);
    } finally {
      await backend.dispose();
    }
  });
});
