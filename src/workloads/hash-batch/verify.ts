// The hash-batch verifier (PROTOCOL.md §10.4): root, Flock replay (zerocheck, lincheck and its
// terminal identity), then the ring-switched stacked opening, and the whole proof consumed.
import { qflockVars } from '../../flock/layout';
import { verifyFlock } from '../../flock/reduction';
import { VerificationError } from '../../transcript/errors';
import { parseProof } from '../../transcript/proof';
import { VerifierState } from '../../transcript/verifier-state';
import { batchSize, HASH_BATCH_LABEL } from './batch';
import { verifyQflockOpening } from './pcs';

export type HashBatchVerdict = { valid: true } | { valid: false; reason: string };

/**
 * Checks a proof for n messages (n × 16 u32 words). Bytes that are no proof at all throw
 * ProofFormatError, inputs of an unsupported shape HashBatchInputError; a proof that parses
 * and fails a check is `{ valid: false, reason }`. The statement is empty (as in the
 * reference flow), so only n is taken from the inputs: the proof does not bind the messages.
 */
export function verifyHashBatch(inputs: Uint32Array, proofBytes: Uint8Array): HashBatchVerdict {
  return verifyBatch(proofBytes, batchSize(inputs).nLog);
}

/** The verifier below verifyHashBatch's size check: a proof over 2^nBlocksLog blocks. */
export function verifyBatch(proofBytes: Uint8Array, nBlocksLog: number): HashBatchVerdict {
  const proof = parseProof(proofBytes);
  try {
    const vs = new VerifierState(HASH_BATCH_LABEL, [], proof);
    const root = vs.nextRoot();
    const { claim } = verifyFlock(vs, nBlocksLog);
    verifyQflockOpening(vs, root, claim, qflockVars(nBlocksLog));
    vs.finish();
    return { valid: true };
  } catch (e) {
    if (e instanceof VerificationError) return { valid: false, reason: e.message };
    throw e;
  }
}
