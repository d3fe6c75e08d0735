// The byte forms (bincode 1, fixed arrays with no length prefix, as the reference's vectors):
// a public key is merkle_root ‖ public_param (32 bytes); a signature is the 42 chain values
// (16 bytes each) ‖ the randomness (24) ‖ the 32 Merkle siblings, leaf level first (1208).
import { checkLength, XmssFormatError } from './errors';
import { checkPublicKey, type XmssPublicKey } from './keys';
import { XMSS_DIGEST_BYTES, XMSS_PUBLIC_KEY_BYTES, XMSS_RANDOMNESS_BYTES, XMSS_SIGNATURE_BYTES, XMSS_CHAINS, XMSS_TREE_HEIGHT } from './params';

export interface XmssSignature {
  /** Chain i's value at its digit e_i: bytes 16i .. 16i + 16 (672 bytes). */
  chainValues: Uint8Array;
  /** The 24 bytes the signer ground for a valid encoding. */
  randomness: Uint8Array;
  /** The level-l sibling at bytes 16l .. 16l + 16 (512 bytes). */
  merklePath: Uint8Array;
}

const CHAIN_VALUES_BYTES = XMSS_CHAINS * XMSS_DIGEST_BYTES; // 672
const PATH_BYTES = XMSS_TREE_HEIGHT * XMSS_DIGEST_BYTES; // 512
const RANDOMNESS_OFFSET = CHAIN_VALUES_BYTES;
const PATH_OFFSET = RANDOMNESS_OFFSET + XMSS_RANDOMNESS_BYTES; // 696

export function encodePublicKey(pk: XmssPublicKey): Uint8Array {
  checkPublicKey(pk);
  const out = new Uint8Array(XMSS_PUBLIC_KEY_BYTES);
  out.set(pk.merkleRoot, 0);
  out.set(pk.publicParam, XMSS_DIGEST_BYTES);
  return out;
}

/** A public key from its 32 bytes (copied); XmssFormatError for any other length. */
export function decodePublicKey(bytes: Uint8Array): XmssPublicKey {
  checkLength('public key', bytes, XMSS_PUBLIC_KEY_BYTES);
  return { merkleRoot: bytes.slice(0, XMSS_DIGEST_BYTES), publicParam: bytes.slice(XMSS_DIGEST_BYTES) };
}

/** Throws XmssFormatError unless the three parts have their lengths. */
export function checkSignature(sig: XmssSignature): void {
  if (typeof sig !== 'object' || sig === null) throw new XmssFormatError('signature', 'not an object');
  checkLength('signature', sig.chainValues, CHAIN_VALUES_BYTES);
  checkLength('signature', sig.randomness, XMSS_RANDOMNESS_BYTES);
  checkLength('signature', sig.merklePath, PATH_BYTES);
}

export function encodeSignature(sig: XmssSignature): Uint8Array {
  checkSignature(sig);
  const out = new Uint8Array(XMSS_SIGNATURE_BYTES);
  out.set(sig.chainValues, 0);
  out.set(sig.randomness, RANDOMNESS_OFFSET);
  out.set(sig.merklePath, PATH_OFFSET);
  return out;
}

/** A signature from its 1208 bytes (copied); XmssFormatError for any other length. Every
 * 1208-byte string parses: whether it verifies is xmssVerify's question. */
export function decodeSignature(bytes: Uint8Array): XmssSignature {
  checkLength('signature', bytes, XMSS_SIGNATURE_BYTES);
  return {
    chainValues: bytes.slice(0, RANDOMNESS_OFFSET),
    randomness: bytes.slice(RANDOMNESS_OFFSET, PATH_OFFSET),
    merklePath: bytes.slice(PATH_OFFSET),
  };
}
