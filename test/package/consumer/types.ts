// A consumer's program against the installed package's declarations: test/package/consumer.test.ts
// compiles it (strict, nodenext), runs it and checks what it prints. The line under its one
// expect-error directive must be a real error: the test removes the directive and expects that
// line, and only it, to fail to compile.
import {
  HashBatchInputError, ProofFormatError, openBackend, proveHashBatch, verifyHashBatch,
  type HashBatchVerdict, type HashBatchVerifyOptions,
} from 'leanvm-gpu';

// @ts-expect-error a proof binds 'bound' or 'none', nothing else
export const unknownMode: HashBatchVerifyOptions = { statement: 'everything' };

/** Which of the package's errors a call throws, or 'nothing'. */
function thrown(call: () => unknown): string {
  try {
    call();
    return 'nothing';
  } catch (e) {
    if (e instanceof ProofFormatError) return 'ProofFormatError';
    if (e instanceof HashBatchInputError) return 'HashBatchInputError';
    throw e;
  }
}

const messages = new Uint32Array(3 * 16).fill(0x01020304);
const other = messages.slice();
other[5] ^= 1;
const { backend } = await openBackend('cpu', { threads: 1 });
try {
  const { proof } = await proveHashBatch(messages, { backend, statement: 'bound' });
  const verdicts: HashBatchVerdict[] = [verifyHashBatch(messages, proof), verifyHashBatch(other, proof)];
  console.log(JSON.stringify({
    verdicts,
    notAProof: thrown(() => verifyHashBatch(messages, new Uint8Array(7))),
    halfAMessage: thrown(() => verifyHashBatch(messages.subarray(0, 8), proof)),
  }));
} finally {
  await backend.dispose();
}
