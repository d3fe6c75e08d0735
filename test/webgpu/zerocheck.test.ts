// The zerocheck's multilinear rounds through the Backend seam: the round-sum kernel against
// the cpu backend on random tables (and the cpu backend's sums against the pairs written out),
// and whole zerochecks whose streams must equal the host prover's byte for byte — on the
// reference inputs n = 2^7..2^9 (and so the reference proofs' scalars) and a random batch
// with a padding tail, with the device handing over to the host at hostBelow or never.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { BackendUsageError, type Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { eAdd, eMul } from '../../src/field/e';
import { pinnedCompressions } from '../../src/flock/compression';
import { proveFlock, proveFlockOn } from '../../src/flock/reduction';
import { generateWitness } from '../../src/flock/witness';
import { proveZerocheck, proveZerocheckOn } from '../../src/flock/zerocheck/prover';
import type { ZerocheckColumns } from '../../src/flock/zerocheck/skip-pass';
import { parseProof } from '../../src/transcript/proof';
import { ProverState } from '../../src/transcript/prover-state';
import { referenceMessages, seededMessages } from '../../src/workloads/hash-batch/inputs';
import { SplitMix64 } from '../../src/util/splitmix64';
import { vectorPath } from '../vectors';
import { describeGpu } from './gpu';

const LABEL = 'flock-blake2s-batch';

/** n random E values. */
const randomE = (seed: number, n: number): Uint32Array => new SplitMix64(seed).words(3 * n);

/** A batch's zerocheck columns and tail, as proveFlock hands them over. */
function batch(messages: Uint32Array, nBlocksLog: number): { cols: ZerocheckColumns; live: number } {
  const w = generateWitness(pinnedCompressions(messages), nBlocksLog);
  return { cols: { a: w.a, b: w.b, c: w.z }, live: Math.min(w.live, 2 ** nBlocksLog) };
}

/** The stream of a zerocheck after `prefix` scalars, on the host or on `backend`. */
async function stream(cols: ZerocheckColumns, nBlocksLog: number, live: number, prefix: Uint32Array, backend?: Backend): Promise<Uint32Array> {
  const ps = new ProverState(LABEL);
  ps.addScalars(prefix);
  if (backend) await proveZerocheckOn(backend, cols, nBlocksLog, ps, { live });
  else proveZerocheck(cols, nBlocksLog, ps, { live });
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
    const { cols, live } = batch(seededMessages(21, { lo: 5, hi: 6 }), 5);
    const prefix = randomE(9, 2);
    const host = await stream(cols, 5, live, prefix);
    const onSeam: Backend = { ...createCpuBackend(), zerocheckRounds: 'device' };
    expect(firstDifference(await stream(cols, 5, live, prefix, onSeam), host)).toBe(-1);
    expect(firstDifference(await stream(cols, 5, live, prefix, createCpuBackend()), host)).toBe(-1);
  });
});

await describeGpu('webgpu zerocheck', ({ device }) => {
  const cpu = createCpuBackend();
  let gpu: Backend, never: Backend, grid: Backend, tiny: Backend;
  beforeAll(() => {
    gpu = createWebGpuBackend(device);
    never = createWebGpuBackend(device, { hostBelow: 0 });
    grid = createWebGpuBackend(device, { hostBelow: 0, maxWorkgroupsPerDimension: 8 });
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
    const { cols, live } = batch(referenceMessages(2 ** k), k);
    const host = await stream(cols, k, live, prefix);
    expect(firstDifference(host, proof.stream.subarray(0, host.length))).toBe(-1);
    expect(firstDifference(await stream(cols, k, live, prefix, gpu), host)).toBe(-1);
    if (k === 7) expect(firstDifference(await stream(cols, k, live, prefix, never), host)).toBe(-1);
  }, 30_000);

  test('a random batch with a padding tail: same stream with hostBelow at 2^12, 0, and on a 2-D grid', async () => {
    const { cols, live } = batch(seededMessages(45, { lo: 0x1234, hi: 0x5678 }), 6);
    const prefix = randomE(77, 2);
    const host = await stream(cols, 6, live, prefix);
    for (const be of [gpu, never, grid]) expect(firstDifference(await stream(cols, 6, live, prefix, be), host), be.name).toBe(-1);
  }, 30_000);

  test('proveFlockOn writes proveFlock\'s stream (zerocheck and lincheck, n = 2^7 with a tail)', async () => {
    const w = generateWitness(pinnedCompressions(seededMessages(100, { lo: 3, hi: 4 })), 7);
    const [host, dev] = [new ProverState(LABEL), new ProverState(LABEL)];
    const want = proveFlock(w, host);
    const got = await proveFlockOn(gpu, w, dev);
    expect(got.zerocheck).toEqual(want.zerocheck);
    expect(firstDifference(dev.finish().stream, host.finish().stream)).toBe(-1);
  }, 30_000);
});
