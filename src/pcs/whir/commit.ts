// The level-0 commitment of a WHIR opening (PROTOCOL.md §6.2): the K stack's data lanes,
// encoded block by block and hashed into one Merkle root. Nothing enters the transcript here;
// the caller sends the root.
import { WhirError } from './errors';
import { commitStackOracle, type Oracle } from './bulk';
import { INITIAL_FOLDING_FACTOR, whirConfig } from './config';

export interface WhirCommitment {
  readonly logN: number;
  readonly logInvRate: number;
  /** Level-0 blocks holding data: the committed lanes (the rest of the 64 are zero). */
  readonly nLanes: number;
  /** The committed words: nLanes blocks of 2^(logN−6) K words, zero-padded past the stack. */
  readonly witness: Uint32Array;
  readonly oracle: Oracle;
  readonly root: Uint8Array;
}

/**
 * Commits a stack of up to 2^logN K words (2 u32 each; the words past it are zero) at inverse
 * rate 2^logInvRate. The witness is the stack itself when it already fills whole blocks.
 */
export function commitWhir(stack: Uint32Array, logN: number, logInvRate: number): WhirCommitment {
  whirConfig(logN, logInvRate); // the admissible window
  const block = 2 ** (logN - INITIAL_FOLDING_FACTOR);
  const words = stack.length / 2;
  if (!Number.isInteger(words) || words < 1 || words > 2 ** logN) {
    throw new WhirError(`commitWhir: a stack of 2^${logN} words holds 1 to 2^${logN} K words, got ${stack.length} u32`);
  }
  const nLanes = Math.ceil(words / block);
  let witness = stack;
  if (words !== nLanes * block) {
    witness = new Uint32Array(2 * nLanes * block);
    witness.set(stack);
  }
  const oracle = commitStackOracle(witness, logN, logInvRate);
  return { logN, logInvRate, nLanes, witness, oracle, root: oracle.root };
}
