// The witness streams of programs/aggregate-xmss.py for one signer set: what each hint_witness of
// the program pops, entry by entry, in the order the program runs. The program asserts
// everything it reads here (docs/xmss-aggregation.md §3); these are the values an honest prover
// supplies.
import { type E, eFromK, eOne, eZero } from '../../field/e';
import { kPow } from '../../field/k';
import type { PublicInput } from '../../vm/public-input';
import { XMSS_CHAINS, XMSS_TREE_HEIGHT } from '../../xmss';
import { type AggregateRequest, type CheckedSigner, checkSigners } from './signers';
import { cellOf, digestPublicInput, statementDigest } from './statement';

/** The program reads n from this many bits (n ≤ AGGREGATE_MAX_SIGNERS = 2^12 − 1). */
export const N_BITS = 12;

export interface AggregateWitness {
  /** The signers' public keys in the order the program hashes them: strictly increasing. */
  publicKeys: Uint8Array[];
  /** The statement digest D; the public input is its two halves. */
  digest: Uint8Array;
  publicInput: PublicInput;
  /** Stream name → entries → words, in the program's consumption order. */
  streams: Map<string, E[][]>;
}

const G = Uint32Array.of(2, 0);
const bit = (b: number): E => (b ? eOne() : eZero());

/** Refuses a bad request (checkSigners) and builds the program's witness for the rest. */
export function aggregateWitness(request: AggregateRequest): AggregateWitness {
  const signers = checkSigners(request);
  const publicKeys = signers.map((s) => s.publicKey);
  const digest = statementDigest(request.message, request.epoch, publicKeys);
  const streams = new Map<string, E[][]>();
  const push = (name: string, entry: E[]) => {
    let entries = streams.get(name);
    if (entries === undefined) streams.set(name, (entries = []));
    entries.push(entry);
  };
  const n = signers.length;
  push('n_bits', Array.from({ length: N_BITS }, (_, k) => bit((n >>> k) & 1)));
  push('message', [cellOf(request.message, 0), cellOf(request.message, 16)]);
  push('epoch_bits', Array.from({ length: 32 }, (_, k) => bit(Math.floor(request.epoch / 2 ** k) % 2)));
  for (const s of signers) {
    push('pk', [cellOf(s.publicKey, 0)]);
    push('pk', [cellOf(s.publicKey, 16)]);
    pushSignature(push, s);
  }
  return { publicKeys, digest, publicInput: digestPublicInput(digest), streams };
}

/** The entries one signature's verification pops (the program's loop body after its key; the
 * node program verifies raw signatures with the same body). */
export function pushSignature(push: (name: string, entry: E[]) => void, s: CheckedSigner): void {
  const r = new Uint8Array(32);
  r.set(s.signature.randomness);
  push('rand', [cellOf(r, 0), cellOf(r, 16)]);
  // one dispatch per pair of chains: g^(8·e_2p + e_2p+1)
  push('digits', Array.from({ length: XMSS_CHAINS / 2 }, (_, p) => eFromK(kPow(G, 8 * s.digits[2 * p] + s.digits[2 * p + 1]))));
  for (let j = 0; j < XMSS_CHAINS; j++) push('chains', [cellOf(s.signature.chainValues, 16 * j)]);
  for (let l = 0; l < XMSS_TREE_HEIGHT; l++) push('siblings', [cellOf(s.signature.merklePath, 16 * l)]);
}
