// The node's statement digest (docs/recursion.md §4.1):
//   D_N = BLAKE2s(NODE_TAG ‖ m ‖ e ‖ n ‖ K_n ‖ H_N ‖ C)     192 bytes
// with e and n as u32 LE 16-byte fields, K_n the leaf's count-led key chain over the sorted union,
// H_N the node program's bytecode digest and C the claims digest: the chaining value of a
// transcript labelled CLAIMS_LABEL after observing the claims' scalars in statement order.
import { blake2s } from '../../hash/blake2s';
import { FiatShamir } from '../../transcript/fiat-shamir';
import type { PublicInput } from '../../vm/public-input';
import { XMSS_PUBLIC_KEY_BYTES } from '../../xmss';
import { AggregateInputError } from '../xmss-aggregate/errors';
import { checkMessageEpoch, compareBytes, concat, digestPublicInput, KEY_LIST_TAG, tag, u32Field } from '../xmss-aggregate/statement';
import { claimScalars, type NodeClaims } from './claims';

/** Leads a node's statement digest (ASCII, zero-padded to 32 bytes). */
export const NODE_TAG = tag('leanvm-gpu/xmss-agg-node/v1');
/** The label of the claims digest's transcript. */
export const CLAIMS_LABEL = 'leanvm-gpu/recursion-claims/v1';
/** The most signers a node's union holds (a 16-bit count). */
export const NODE_MAX_SIGNERS = 65535;

/** Throws AggregateInputError unless `keys` are 1 ..= max 32-byte keys, strictly increasing. */
export function checkUnionKeys(keys: readonly Uint8Array[], max = NODE_MAX_SIGNERS): void {
  if (keys.length === 0) throw new AggregateInputError('no-signers', 'an aggregate needs at least one signer');
  if (keys.length > max) throw new AggregateInputError('too-many-signers', `a node aggregate holds at most ${max} signers, got ${keys.length}`);
  keys.forEach((k, i) => {
    if (!(k instanceof Uint8Array) || k.length !== XMSS_PUBLIC_KEY_BYTES) throw new AggregateInputError('malformed', `public key ${i} is not ${XMSS_PUBLIC_KEY_BYTES} bytes`, i);
    if (i > 0 && compareBytes(keys[i - 1], k) >= 0) throw new AggregateInputError('unsorted-keys', `public keys ${i - 1} and ${i} are not in strictly increasing byte order`, i);
  });
}

/** K_n, the leaf's key chain (docs/xmss-aggregation.md §2), for a union of up to NODE_MAX_SIGNERS keys. */
export function unionKeyDigest(keys: readonly Uint8Array[]): Uint8Array {
  checkUnionKeys(keys);
  let k = blake2s(concat([KEY_LIST_TAG, u32Field(keys.length), new Uint8Array(16)]));
  for (const pk of keys) k = blake2s(concat([k, pk]));
  return k;
}

/** C: the claims digest (32 bytes). */
export function claimsDigest(claims: NodeClaims): Uint8Array {
  const fs = FiatShamir.init(CLAIMS_LABEL, []);
  fs.observeAll(claimScalars(claims));
  return new Uint8Array(fs.cv.buffer.slice(fs.cv.byteOffset, fs.cv.byteOffset + 32));
}

/** D_N for (message, epoch, the sorted union, the node program's digest, the claims). */
export function nodeStatementDigest(message: Uint8Array, epoch: number, keys: readonly Uint8Array[], nodeProgramDigest: Uint8Array, claims: NodeClaims): Uint8Array {
  checkMessageEpoch(message, epoch);
  if (nodeProgramDigest.length !== 32) throw new RangeError(`a program digest is 32 bytes, got ${nodeProgramDigest.length}`);
  return blake2s(concat([NODE_TAG, message, u32Field(epoch), u32Field(keys.length), unionKeyDigest(keys), nodeProgramDigest, claimsDigest(claims)]));
}

/** The node's two public-input words. */
export function nodePublicInput(message: Uint8Array, epoch: number, keys: readonly Uint8Array[], nodeProgramDigest: Uint8Array, claims: NodeClaims): PublicInput {
  return digestPublicInput(nodeStatementDigest(message, epoch, keys, nodeProgramDigest, claims));
}
