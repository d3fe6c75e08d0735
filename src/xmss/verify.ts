// Verification, with the reference's two rejections: InvalidWots when the randomness gives
// no valid encoding, InvalidMerklePath when the recovered leaf does not authenticate to the
// root. A constant 144 compressions: 2 (encoding) + 99 (chain steps: Σ 7 − e_i = 294 − 195)
// + 11 (leaf) + 32 (path).
import { bytesToWords } from '../hash/blake2s';
import { encodeDigest } from './encoding';
import { checkEpoch, checkLength } from './errors';
import { TweakHasher } from './hash';
import { checkPublicKey, publicKeyWords, type XmssPublicKey } from './keys';
import { checkSignature, type XmssSignature } from './bytes';
import { DIGEST_WORDS, XMSS_CHAIN_LENGTH, XMSS_CHAINS, XMSS_MESSAGE_BYTES, XMSS_TREE_HEIGHT } from './params';

/** Upstream's XmssVerifyError kinds. */
export type XmssRejection = 'InvalidWots' | 'InvalidMerklePath';

export type XmssVerdict = { valid: true } | { valid: false; reason: XmssRejection };

/** Does `signature` sign the 32-byte `message` at `epoch` under `pk`? Malformed inputs (wrong
 * lengths, an epoch that is not a u32) throw XmssFormatError / XmssEpochError. */
export function xmssVerify(pk: XmssPublicKey, message: Uint8Array, signature: XmssSignature, epoch: number): XmssVerdict {
  checkPublicKey(pk);
  checkLength('message', message, XMSS_MESSAGE_BYTES);
  checkSignature(signature);
  checkEpoch(epoch);
  const { root, publicParam } = publicKeyWords(pk);
  const hasher = new TweakHasher(publicParam);
  const state = new Uint32Array(8);
  hasher.encodingPrefix(epoch, bytesToWords(message), state);
  const d = new Uint32Array(DIGEST_WORDS);
  hasher.encodingDigest(state, bytesToWords(signature.randomness), 0, d);
  const digits = new Uint8Array(XMSS_CHAINS);
  if (!encodeDigest(d, digits)) return { valid: false, reason: 'InvalidWots' };

  const ends = bytesToWords(signature.chainValues);
  for (let i = 0; i < XMSS_CHAINS; i++) hasher.walk(ends, DIGEST_WORDS * i, epoch, i, digits[i], XMSS_CHAIN_LENGTH - 1 - digits[i]);
  const node = new Uint32Array(DIGEST_WORDS);
  hasher.leaf(ends, epoch, node, 0);
  const path = bytesToWords(signature.merklePath);
  let index = epoch;
  for (let level = 0; level < XMSS_TREE_HEIGHT; level++) {
    const offset = DIGEST_WORDS * level;
    const isLeft = index % 2 === 0;
    index = Math.floor(index / 2);
    if (isLeft) hasher.node(level + 1, index, node, 0, path, offset, node, 0);
    else hasher.node(level + 1, index, path, offset, node, 0, node, 0);
  }
  for (let i = 0; i < DIGEST_WORDS; i++) if (node[i] !== root[i]) return { valid: false, reason: 'InvalidMerklePath' };
  return { valid: true };
}
