// leanVM-b's XMSS over BLAKE2s: keys for an epoch range, signing, verification, byte forms,
// and this project's secret key file (docs/xmss.md).
export {
  XMSS_CHAIN_LENGTH, XMSS_CHAINS, XMSS_DIGEST_BYTES, XMSS_MAX_EPOCH, XMSS_MESSAGE_BYTES, XMSS_PUBLIC_KEY_BYTES,
  XMSS_RANDOMNESS_BYTES, XMSS_SEED_BYTES, XMSS_SIGNATURE_BYTES, XMSS_TARGET_SUM, XMSS_TREE_HEIGHT,
} from './params';
export { type XmssEpochProblem, type XmssInput, XmssEpochError, XmssFormatError } from './errors';
export type { RandomSource } from './encoding';
export { type KeyGenOptions, type XmssPublicKey, XmssSecretKey, xmssKeyGen } from './keys';
export { type XmssSignature, decodePublicKey, decodeSignature, encodePublicKey, encodeSignature } from './bytes';
export { type XmssSignOptions, type XmssSigning, type XmssStoredSigning, osRandom, xmssSign, xmssSignUnsafeInMemory } from './sign';
export type { XmssKeyLease, XmssKeyStore } from './key-store';
export { type XmssRejection, type XmssVerdict, xmssVerify } from './verify';
export * from './key-file';
