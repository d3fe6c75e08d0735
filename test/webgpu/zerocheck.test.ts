// The zerocheck's multilinear rounds through the Backend seam: the round-sum kernel against
// the cpu backend on random tables (and the cpu backend's sums against the pairs written out),
// and whole zerochecks over the columns the backend's flock passes write, whose streams must
// equal the host prover's byte for byte — on the reference inputs n = 2^7..2^9 (and so the
// reference proofs' scalars) and a random batch with a padding tail, with the device handing
// over to the host at hostBelow or never.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { BackendUsageError, type Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { eAdd, eMul } from '../../src/field/e';
import { type Compression, pinnedCompressions } from '../../src/kernels/flock/compression';
import { proveFlock, proveFlockOn } from '../../src/flock/reduction';
import { generateWitness, witnessInputs } from '../../src/kernels/flock/witness';
import { proveZerocheck, proveZerocheckOn } from '../../src/flock/zerocheck/prover';
import { parseProof } from '../../src/transcript/proof';
import { ProverState } from '../../src/transcript/prover-state';
import { referenceMessages, seededMessages } from '../../src/workloads/hash-batch/inputs';
import { SplitMix64 } from '../../src/util/splitmix64';
import { vectorPath } from '../vectors';
import { describeGpu } from './gpu';

const LABEL = 'flock-blake2s-batch';

/** n random E values. */
const randomE = (seed: number, n: number): Uint32Array => new SplitMix64(seed).words(3 * n);

/** A batch's compressions in 2^nBlocksLog blocks. */
interface Batch {
  readonly compressions: Compression[];
  readonly nBlocksLog: number;
}

const batch = (messages: Uint32Array, nBlocksLog: number): Batch => ({ compressions: pinnedCompressions(messages), nBlocksLog });

/** The stream of a zerocheck after `prefix` scalars, on the host or over the columns that
 * `backend`'s flock passes write. */
async function stream({ compressions, nBlocksLog }: Batch, prefix: Uint32Array, backend?: Backend): Promise<Uint32Array> {
  const ps = new ProverState(LABEL);
  ps.addScalars(prefix);
  if (backend) {
    const cols = await backend.flock.witness(witnessInputs(compressions), nBlocksLog);
    try {
      await proveZerocheckOn(backend, cols, ps);
    } finally {
      for (const buf of [cols.z, cols.a, cols.b]) backend.free(buf);
    }
  } else {
    const w = generateWitness(compressions, nBlocksLog);
    proveZerocheck({ a: w.a, b: w.b, c: w.z }, nBlocksLog, ps, { live: Math.min(w.live, 2 ** nBlocksLog) });
  }
  return ps.finish().stream;
}

const firstDifference = (x: Uint32Array, y: Uint32Array): number => (x.length !== y.length ? -2 : x.findIndex((w, i) => w !== y[i]));

describe('cpu backend zerocheckSums', () => {
  test('is G(1), G(∞) of the pairs written out', async () => {
    const cpu = createCpuBackend();
    const n = 37;
    const [a, b, c, eq] = [1, 2, 3, 4].map((s) => randomE(s, s === 4 ? n : 2 * n));
    const want = new Uint32Array(12);
    const e = (t: Uint32Array, i: number) => t.subarray(6 * i, 6 * i + 6);
    for (let x = 0; x < n; x++) {
      const g1 = eAdd(eMul(e(a, 2 * x + 1), e(b, 2 * x + 1)), e(c, 2 * x + 1));
      const gi = eMul(eAdd(e(a, 2 * x), e(a, 2 * x + 1)), eAdd(e(b, 2 * x), e(b, 2 * x + 1)));
      want.set(eAdd(want.subarray(0, 6), eMul(g1, e(eq, x))), 0);
      want.set(eAdd(want.subarray(6), eMul(gi, e(eq, x))), 6);
    }
    const bufs = await Promise.all([a, b, c, eq].map((t) => cpu.upload('E', t)));
    expect(await cpu.zerocheckSums(bufs[0], bufs[1], bufs[2], bufs[3])).toEqual(want);
    await expect(cpu.zerocheckSums(bufs[0], bufs[1], bufs[2], bufs[0])).rejects.toThrow(BackendUsageError);
  });

  test('proveZerocheckOn(cpu) writes the host prover stream, with its rounds on the seam or not (random batch with a tail)', async () => {
    const b = batch(seededMessages(21, { lo: 5, hi: 6 }), 5);
    const prefix = randomE(9, 2);
    const host = await stream(b, prefix);
    const onSeam: Backend = { ...createCpuBackend(), zerocheckRounds: 'device' };
    expect(firstDifference(await stream(b, prefix, onSeam), host)).toBe(-1);
    expect(firstDifference(await stream(b, prefix, createCpuBackend()), host)).toBe(-1);
  });
});

await describeGpu('webgpu zerocheck', ({ device }) => {
  const cpu = createCpuBackend();
  let gpu: Backend, never: Backend, grid: Backend, tiny: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
    never = createWebGpuBackend(device, { hostBelow: 0 });
    // The rounds on a 2-D grid; the flock passes' dispatches outgrow 8 × 8 workgroups, so this
    // one borrows the plain backend's (test/webgpu/flock.test.ts runs them on a 2-D grid).
    grid = { ...createWebGpuBackend(device, { hostBelow: 0, maxWorkgroupsPerDimension: 8 }), flock: gpu.flock };
    tiny = createWebGpuBackend(device, { maxWorkgroupsPerDimension: 2 });
  });

  // Pair counts: one, odd, under and over one workgroup, several terms an invocation, and
  // (on a 2-D grid of 2 × 2 workgroups) many per invocation.
  test.each([1, 5, 255, 300, 2 ** 15 + 3])('zerocheckSums on %i pairs equals the cpu backend', async (n) => {
    const tables = [1, 2, 3, 4].map((s) => randomE(1000 * n + s, s === 4 ? n : 2 * n));
    const want = await cpu.zerocheckSums(...((await Promise.all(tables.map((t) => cpu.upload('E', t)))) as [never, never, never, never]));
    for (const be of [gpu, tiny]) {
      const bufs = await Promise.all(tables.map((t) => be.upload('E', t)));
      expect(await be.zerocheckSums(bufs[0], bufs[1], bufs[2], bufs[3])).toEqual(want);
      for (const buf of bufs) be.free(buf);
    }
  });

  test('zerocheckSums rejects tables that do not pair with eq', async () => {
    const [t, eq] = await Promise.all([gpu.upload('E', randomE(1, 8)), gpu.upload('E', randomE(2, 3))]);
    await expect(gpu.zerocheckSums(t, t, t, eq)).rejects.toThrow(BackendUsageError);
  });

  test.each([7, 8, 9])('n = 2^%i reference inputs: the stream equals the host prover and the reference proof', async (k) => {
    const proof = parseProof(new Uint8Array(readFileSync(vectorPath('flock', `blake2s_batch_n${k}.proof`))));
    const prefix = proof.stream.subarray(0, 12); // the commitment root, as the reference sent it
    const b = batch(referenceMessages(2 ** k), k);
    const host = await stream(b, prefix);
    expect(firstDifference(host, proof.stream.subarray(0, host.length))).toBe(-1);
    expect(firstDifference(await stream(b, prefix, gpu), host)).toBe(-1);
    if (k === 7) expect(firstDifference(await stream(b, prefix, never), host)).toBe(-1);
  }, 30_000);

  test('a random batch with a padding tail: same stream with hostBelow at 2^12, 0, and on a 2-D grid', async () => {
    const b = batch(seededMessages(45, { lo: 0x1234, hi: 0x5678 }), 6);
    const prefix = randomE(77, 2);
    const host = await stream(b, prefix);
    for (const be of [gpu, never, grid]) expect(firstDifference(await stream(b, prefix, be), host), be.name).toBe(-1);
  }, 30_000);

  test('proveFlockOn writes proveFlock\'s stream (zerocheck and lincheck, n = 2^7 with a tail)', async () => {
    const compressions = pinnedCompressions(seededMessages(100, { lo: 3, hi: 4 }));
    const w = generateWitness(compressions, 7);
    const [host, dev] = [new ProverState(LABEL), new ProverState(LABEL)];
    const want = proveFlock(w, host);
    const got = await proveFlockOn(gpu, await gpu.flock.witness(witnessInputs(compressions), 7), dev);
    expect(got.zerocheck).toEqual(want.zerocheck);
    expect(firstDifference(dev.finish().stream, host.finish().stream)).toBe(-1);
  }, 30_000);
});
