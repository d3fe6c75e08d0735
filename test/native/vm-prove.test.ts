// VM proofs on the native backend against the reference's, byte for byte: every vector at 2
// threads (big's 2^11 BLAKE2S rows are witnessed off the JavaScript thread while the columns are
// gathered there, the others' few rows on it), two at 1 and 3 threads, and big under an
// AbortSignal never fired (the backend for a signal may start the witness a turn later).
import { afterAll, expect, test } from 'vitest';
import { createNativeBackend } from '../../src/backend/native/index';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { firstDifference } from '../workloads/vectors';
import { VM_PROGRAMS, vmBytes, vmSummary, vmText } from '../vm/vm-vectors';
import { describeNative } from './native';

describeNative('VM proofs on the native backend', (module) => {
  const before = module.threads();
  afterAll(() => module.setThreads(before));

  const differs = async (name: string, threads: number, signal?: AbortSignal): Promise<number> => {
    const program = parseProgram(vmText(name, 'program.json'));
    const pi = parsePublicInputJson(vmText(name, 'public.json'));
    const backend = createNativeBackend(module, { threads });
    try {
      const { proof } = await proveProgram(program, pi, { backend, signal, logInvRate: vmSummary(name).announced.log_inv_rate });
      return firstDifference(proof, vmBytes(name, 'proof'));
    } finally {
      await backend.dispose();
    }
  };

  for (const name of VM_PROGRAMS) {
    test(`${name}.proof at 2 threads`, async () => {
      expect(await differs(name, 2)).toBe(-1);
    }, 120_000);
  }

  test('arith.proof and hash.proof at 1 and 3 threads', async () => {
    for (const name of ['arith', 'hash']) for (const threads of [1, 3]) expect(await differs(name, threads), `${name} at ${threads} threads`).toBe(-1);
  }, 120_000);

  test('big.proof at 2 threads under a signal never fired', async () => {
    expect(await differs('big', 2, new AbortController().signal)).toBe(-1);
  }, 120_000);
});
