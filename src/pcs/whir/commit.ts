// The level-0 commitment of a WHIR opening (docs/protocol.md §6.2): the K stack's data lanes,
// encoded block by block and hashed into one Merkle root, on a backend that keeps the witness,
// the codeword and the tree for the opening. Nothing enters the transcript here; the caller
// sends the root.
import type { Backend, DeviceBuffer, MerkleHandle } from '../../backend/backend';
import { STACK_LEAF_WORDS } from '../../ntt/encode';
import { ShapeError } from '../../util/errors';
import { INITIAL_FOLDING_FACTOR, whirConfig } from './config';

/** A committed oracle: its codeword and tree, held by the backend that built them. */
export interface Oracle {
  readonly backend: Backend;
  readonly codeword: DeviceBuffer;
  readonly tree: MerkleHandle;
}

export interface WhirCommitment {
  readonly logN: number;
  readonly logInvRate: number;
  /** Level-0 blocks holding data: the committed lanes (the rest of the 64 are zero). */
  readonly nLanes: number;
  /** The committed words (K): nLanes blocks of 2^(logN−6), zero-padded past the stack. */
  readonly witness: DeviceBuffer;
  readonly oracle: Oracle;
  readonly root: Uint8Array;
}

/** Frees an oracle's codeword and tree. */
export function freeOracle(oracle: Oracle): void {
  oracle.backend.freeTree(oracle.tree);
  oracle.backend.free(oracle.codeword);
}

/** Frees what a commitment holds on its backend; it cannot be opened afterwards. */
export function freeCommitment(commitment: WhirCommitment): void {
  freeOracle(commitment.oracle);
  commitment.oracle.backend.free(commitment.witness);
}

/**
 * Commits a stack of up to 2^logN K words (2 u32 each; the words past it are zero) at inverse
 * rate 2^logInvRate on `backend`, which then holds the witness for the opening. If a step
 * fails, what the earlier ones made is freed.
 */
export async function commitWhir(backend: Backend, stack: Uint32Array, logN: number, logInvRate: number): Promise<WhirCommitment> {
  whirConfig(logN, logInvRate); // the admissible window
  const block = 2 ** (logN - INITIAL_FOLDING_FACTOR);
  const words = stack.length / 2;
  if (!Number.isInteger(words) || words < 1 || words > 2 ** logN) {
    throw new ShapeError(`commitWhir: a stack of 2^${logN} words holds 1 to 2^${logN} K words, got ${stack.length} u32`);
  }
  const nLanes = Math.ceil(words / block);
  let padded = stack;
  if (words !== nLanes * block) {
    padded = new Uint32Array(2 * nLanes * block);
    padded.set(stack);
  }
  const witness = await backend.upload('K', padded);
  try {
    return await commitWitness(backend, witness, logN, logInvRate);
  } catch (e) {
    backend.free(witness);
    throw e;
  }
}

/**
 * commitWhir of a stack already on `backend`: a K buffer of whole level-0 blocks of 2^(logN−6)
 * words (up to 64 of them), which the commitment holds from then on (freeCommitment frees it).
 */
export async function commitWitness(backend: Backend, witness: DeviceBuffer, logN: number, logInvRate: number): Promise<WhirCommitment> {
  whirConfig(logN, logInvRate);
  const block = 2 ** (logN - INITIAL_FOLDING_FACTOR);
  const nLanes = witness.length / block;
  if (witness.elem !== 'K' || !Number.isInteger(nLanes) || nLanes < 1 || nLanes > STACK_LEAF_WORDS) {
    throw new ShapeError(`commitWitness: a stack of 2^${logN} words is 1 to 64 whole blocks of 2^${logN - INITIAL_FOLDING_FACTOR} K words, got ${witness.length} ${witness.elem} values`);
  }
  const codeword = await backend.encode(witness, logN, logInvRate);
  try {
    const tree = await backend.merkleBuild(codeword, nLanes, STACK_LEAF_WORDS);
    return { logN, logInvRate, nLanes, witness, oracle: { backend, codeword, tree }, root: tree.root };
  } catch (e) {
    backend.free(codeword);
    throw e;
  }
}

/**
 * The oracle of a deeper level (docs/protocol.md §4.4): the E table f as 2^logLanes lanes (its low
 * index bits) at rate 2^−logInvRate, rows of 3·2^logLanes K words hashed as they are.
 */
export async function commitFolded(backend: Backend, f: DeviceBuffer, logLanes: number, logInvRate: number): Promise<Oracle> {
  const codeword = await backend.encodeFolded(f, logLanes, logInvRate);
  const rowWords = 3 << logLanes;
  try {
    return { backend, codeword, tree: await backend.merkleBuild(codeword, rowWords, rowWords) };
  } catch (e) {
    backend.free(codeword);
    throw e;
  }
}
