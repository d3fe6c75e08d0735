// The native fused zerocheck round (Backend.zerocheckStep) gives the cpu backend's unfused
// bytes (fold at stride 1, eqTable, zerocheckSums): sums and bound tables from random tables of
// 2^1 .. 2^14 values (2 values: a point of no coordinates, so both halves of the split eq are
// empty) and 2^16, each chained over several rounds, each binding the last round's χ, on every
// path at 1, 2 and 3 threads (2^16 values pass the kernel's grain, so its in-place phases are
// split over threads).
import { afterAll, expect, test } from 'vitest';
import { BackendUsageError, type Backend, type DeviceBuffer, type ZerocheckStep, type ZerocheckTables } from '../../src/backend/backend';
import { ArrayDeviceBuffer } from '../../src/backend/cpu/arrays';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { type E, eOne } from '../../src/field/e';
import { SplitMix64 } from '../../src/util/splitmix64';
import { firstDifference } from '../workloads/vectors';
import { describeNative, eachPath } from './native';

const bytes = (w: Uint32Array): Uint8Array => new Uint8Array(w.buffer, w.byteOffset, w.byteLength);

/** log2 of the first round's table length, and the rounds chained from there. */
const CHAINS: [number, number][] = [...Array.from({ length: 14 }, (_, i): [number, number] => [i + 1, Math.min(i + 1, 4)]), [16, 16]];

type Step = (tables: ZerocheckTables, chi: E | null, point: Uint32Array) => Promise<ZerocheckStep>;

/** The unfused round on the cpu backend. */
function unfused(cpu: Backend): Step {
  return async (tables, chi, point) => {
    let bound = tables;
    if (chi !== null) {
      const [a, b, c] = await Promise.all(tables.map((t) => cpu.fold(t, 1, chi)));
      bound = [a, b, c];
    }
    const eq = await cpu.eqTable(point, eOne());
    return { sums: await cpu.zerocheckSums(bound[0], bound[1], bound[2], eq), tables: bound };
  };
}

/** Each round's sums and bound tables over every chain, from one seed. */
async function outputs(backend: Backend, step: Step, seed: number): Promise<Uint32Array[]> {
  const rng = new SplitMix64(seed);
  const out: Uint32Array[] = [];
  for (const [logN, rounds] of CHAINS) {
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => backend.upload('E', rng.words(3 << logN))));
    let tables: ZerocheckTables = [a, b, c];
    let chi: E | null = null;
    for (let round = 0; round < rounds; round++) {
      const coords = logN - 1 - round;
      const next = await step(tables, chi, rng.words(3 * coords));
      tables = next.tables;
      out.push(next.sums, ...(await Promise.all(tables.map((t) => backend.download(t)))));
      chi = rng.words(3);
    }
    for (const t of tables) backend.free(t);
  }
  return out;
}

describeNative('the native fused zerocheck round', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const cpu = createCpuBackend();
  let want: Uint32Array[] | null = null;
  const reference = async (): Promise<Uint32Array[]> => (want ??= await outputs(cpu, unfused(cpu), 11));

  eachPath(module, 'zerocheckStep gives the unfused rounds bytes at 1, 2 and 3 threads', async () => {
    const expected = await reference();
    for (const threads of [1, 2, 3]) {
      const native = createNativeBackend(module, { threads });
      const step = native.zerocheckStep;
      if (step === undefined) throw new Error('the native backend has no zerocheckStep');
      const got = await outputs(native, step.bind(native), 11);
      expect(got.length).toBe(expected.length);
      got.forEach((words, i) => expect(firstDifference(bytes(words), bytes(expected[i])), `output ${i} at ${threads} threads`).toBe(-1));
      await native.dispose();
    }
  });

  test('a step spends its tables, keeps their storage, and refuses a point that does not pair', async () => {
    const native = createNativeBackend(module, { threads: 1 });
    const put = (n: number): Promise<DeviceBuffer> => native.upload('E', new SplitMix64(n).words(3 * n));
    const tables: ZerocheckTables = [await put(8), await put(8), await put(8)];
    const step = native.zerocheckStep!.bind(native);
    await expect(step(tables, null, new Uint32Array(6 * 3))).rejects.toThrow(BackendUsageError);
    await expect(step(tables, eOne(), new Uint32Array(6 * 2))).rejects.toThrow(BackendUsageError);
    const storage = tables.map((t) => (t as ArrayDeviceBuffer).words?.buffer);
    const bound = (await step(tables, eOne(), new Uint32Array(6 * 1))).tables;
    expect(bound.map((t) => t.length)).toEqual([4, 4, 4]);
    bound.forEach((t, i) => expect((t as ArrayDeviceBuffer).words?.buffer).toBe(storage[i]));
    await expect(native.download(tables[0])).rejects.toThrow(/after free/);
    // χ = 1 keeps the high values: value x of the bound table is value 2x + 1 of the given one.
    const given = new SplitMix64(8).words(3 * 8);
    const kept = Uint32Array.from({ length: 24 }, (_, i) => given[6 * (2 * Math.floor(i / 6) + 1) + (i % 6)]);
    expect(await native.download(bound[0])).toEqual(kept);
    for (const t of bound) native.free(t);
    await native.dispose();
  });
});
