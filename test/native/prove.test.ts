// Whole proofs on the native backend: proveHashBatch reproduces every reference proof
// (vectors/flock, n = 2^7 .. 2^13) byte for byte, at the module's default threads, at 1, 2
// and 3 (n = 2^9), and on the portable path (n = 2^7). The zerocheck and lincheck alone, with
// the skip pass, tables, rounds and fold over the blocks on the module, write the host
// prover's stream for a random batch with a padding tail at 1, 2 and 3 threads and on every path.
import { afterAll, expect, test } from 'vitest';
import { wordsOf } from '../../src/backend/cpu/arrays';
import { createCpuBackend } from '../../src/backend/cpu/index';
import type { FlockPasses } from '../../src/backend/flock-passes';
import { createNativeBackend } from '../../src/backend/native/index';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { BLOCK_U32 } from '../../src/kernels/flock/layout';
import { generateWitness, witnessInputs } from '../../src/kernels/flock/witness';
import { proveLincheck, proveLincheckOn } from '../../src/flock/lincheck/prover';
import { proveZerocheck, proveZerocheckOn } from '../../src/flock/zerocheck/prover';
import { ProverState } from '../../src/transcript/prover-state';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { SplitMix64 } from '../../src/util/splitmix64';
import { digestHex, firstDifference, PUBLISHED, readInputs, readProof, SIZES } from '../workloads/vectors';
import { describeNative } from './native';

describeNative('whole proofs on the native backend', (module) => {
  const before = module.threads();
  const best = module.activePath().name;
  afterAll(() => module.setThreads(before));

  const prove = async (k: number, threads?: number): Promise<Uint8Array> =>
    (await proveHashBatch(readInputs(k), { backend: createNativeBackend(module, { threads }), statement: 'none' })).proof;

  for (const k of SIZES) {
    test(`n = 2^${k}: the reference proof's bytes and digest`, async () => {
      const proof = await prove(k, before);
      expect(firstDifference(proof, readProof(k))).toBe(-1);
      expect([proof.length, digestHex(proof)]).toEqual(PUBLISHED[k]);
    }, 60_000);
  }

  test('witness columns on spares full of stale words: the reference proof still', async () => {
    const backend = createNativeBackend(module, { threads: before });
    const spares = await Promise.all([0, 1, 2].map(() => backend.upload('K', new Uint32Array(BLOCK_U32 * 2 ** 7).fill(0xa5a5a5a5))));
    const stale = spares.map((buf) => wordsOf('native', buf).buffer);
    for (const buf of spares) backend.free(buf);
    const taken: ArrayBufferLike[] = [];
    const flock: FlockPasses = {
      ...backend.flock,
      async witness(inputs, nBlocksLog) {
        const cols = await backend.flock.witness(inputs, nBlocksLog);
        taken.push(...[cols.z, cols.a, cols.b].map((buf) => wordsOf('native', buf).buffer));
        return cols;
      },
    };
    const proof = (await proveHashBatch(readInputs(7), { backend: { ...backend, flock }, statement: 'none' })).proof;
    expect(taken).toHaveLength(3);
    for (const buffer of taken) expect(stale).toContain(buffer); // the stale ones, reused
    expect(firstDifference(proof, readProof(7))).toBe(-1);
    await backend.dispose();
  });

  test('n = 2^9 at 1, 2 and 3 threads, and n = 2^7 on the portable path', async () => {
    for (const threads of [1, 2, 3]) expect(firstDifference(await prove(9, threads), readProof(9)), `${threads} threads`).toBe(-1);
    module.usePath('generic');
    try {
      expect(firstDifference(await prove(7, 2), readProof(7))).toBe(-1);
    } finally {
      module.usePath(best);
    }
  }, 120_000);

  test('the zerocheck and lincheck of a random batch with a padding tail write the host stream at 1, 2 and 3 threads and on every path', async () => {
    const nBlocksLog = 6;
    const compressions = pinnedCompressions(seededMessages(45, { lo: 0x1234, hi: 0x5678 }));
    const w = generateWitness(compressions, nBlocksLog);
    const cols = { a: w.a, b: w.b, c: w.z }, live = Math.min(w.live, 2 ** nBlocksLog);
    expect(live).toBeLessThan(2 ** nBlocksLog);
    const prefix = new SplitMix64(77).words(6);
    const host = new ProverState('flock-blake2s-batch');
    host.addScalars(prefix);
    proveLincheck(proveZerocheck(cols, nBlocksLog, host, { live }), w.z, nBlocksLog, host, { live });
    const want = host.finish().stream;
    // The module at 1, 2 and 3 threads, every other path at 2, then the cpu backend (every
    // step on the host).
    const runs: [string, number][] = [[best, 1], [best, 2], [best, 3], ...module.paths().map(({ name }): [string, number] => [name, 2]), ['', 0]];
    try {
      for (const [path, threads] of runs) {
        if (path !== '') module.usePath(path);
        const backend = threads === 0 ? createCpuBackend() : createNativeBackend(module, { threads });
        const ps = new ProverState('flock-blake2s-batch');
        ps.addScalars(prefix);
        const onBackend = await backend.flock.witness(witnessInputs(compressions), nBlocksLog);
        const zc = await proveZerocheckOn(backend, onBackend, ps);
        await proveLincheckOn(backend, zc, onBackend, ps);
        const got = ps.finish().stream;
        expect(got.length).toBe(want.length);
        expect(got.findIndex((x, i) => x !== want[i]), `${backend.name} ${path} at ${threads} threads`).toBe(-1);
      }
    } finally {
      module.usePath(best);
    }
  }, 60_000);
});
