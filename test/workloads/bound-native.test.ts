// Bound hash-batch proofs on the native backend are the cpu backend's bytes, at 1 and 2
// threads, for a padded batch and a full one, and verify for their messages only.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { describeNative } from '../native/native';
import { firstDifference } from './vectors';

const BOUND = { statement: 'bound' } as const;

describeNative('bound hash-batch proofs on native', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));
  const cases = [200, 1024].map((n) => ({ n, messages: seededMessages(n, { lo: n, hi: 0xbd }) }));
  const want = new Map<number, Uint8Array>();
  beforeAll(async () => {
    for (const { n, messages } of cases) want.set(n, (await proveHashBatch(messages, { backend: createCpuBackend(), ...BOUND })).proof);
  });

  test.each(cases.flatMap((c) => [1, 2].map((threads) => ({ ...c, threads }))))('n = $n, a pool of $threads: the cpu bytes', async ({ n, messages, threads }) => {
    const { proof } = await proveHashBatch(messages, { backend: createNativeBackend(module, { threads }), ...BOUND });
    expect(firstDifference(proof, want.get(n)!)).toBe(-1);
    expect(verifyHashBatch(messages, proof, BOUND)).toEqual({ valid: true });
    expect(verifyHashBatch(seededMessages(n, { lo: n + 1, hi: 0xbd }), proof, BOUND).valid).toBe(false);
  });
});
