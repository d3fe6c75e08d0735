// Signing at an epoch of the key's range: grind the randomness for a valid encoding, walk
// chain i from its start for e_i steps, and attach the leaf's authentication path. XMSS is
// stateful: a key must never sign twice at one epoch (the secret key file keeps the next
// unused epoch; this function does not).
import { bytesToWords, wordsToBytes } from '../hash/blake2s';
import { StdRng } from '../util/std-rng';
import type { XmssSignature } from './bytes';
import { grindEncoding, type RandomSource } from './encoding';
import { checkLength, XmssFormatError } from './errors';
import type { XmssSecretKey } from './keys';
import { DIGEST_WORDS, XMSS_CHAINS, XMSS_MESSAGE_BYTES } from './params';
import { chainStarts } from './tree';
import { xmssVerify } from './verify';

export interface XmssSigning {
  signature: XmssSignature;
  /** The 42 digits e_i of the encoding. */
  encoding: Uint8Array;
  /** Randomness draws until the encoding was valid (about 2^15 on average). */
  grindAttempts: number;
}

/** rand's StdRng (ChaCha12) seeded from the platform's cryptographic random source. */
export function osRandom(): RandomSource {
  return StdRng.fromKey(globalThis.crypto.getRandomValues(new Uint32Array(8)));
}

/**
 * Signs the 32-byte `message` at `epoch` (upstream's xmss_sign). `rng` draws the encoding
 * randomness: by default a fresh OS-seeded generator; StdRng.seedFromU64(s) reproduces the
 * reference's signatures. XmssEpochError if the epoch is outside the key's range. The
 * signature is verified before it is returned (144 compressions against the ~2^15 of
 * grinding), so a key whose stored subtree roots disagree with its seed cannot release a
 * signature that does not verify: XmssFormatError instead.
 */
export function xmssSign(key: XmssSecretKey, message: Uint8Array, epoch: number, rng: RandomSource = osRandom()): XmssSigning {
  checkLength('message', message, XMSS_MESSAGE_BYTES);
  key.checkSigns(epoch);
  const { hasher } = key.treeHashes;
  const grind = grindEncoding(hasher, epoch, bytesToWords(message), rng);
  const values = new Uint32Array(DIGEST_WORDS * XMSS_CHAINS);
  chainStarts(key.treeHashes, epoch, values);
  for (let i = 0; i < XMSS_CHAINS; i++) hasher.walk(values, DIGEST_WORDS * i, epoch, i, 0, grind.digits[i]);
  const signature: XmssSignature = {
    chainValues: wordsToBytes(values),
    randomness: wordsToBytes(grind.randomness),
    merklePath: wordsToBytes(key.authPath(epoch)),
  };
  const verdict = xmssVerify(key.publicKey, message, signature, epoch);
  if (!verdict.valid) {
    throw new XmssFormatError('secret key', `its signature at epoch ${epoch} does not verify under its own public key (${verdict.reason}): the key's tree disagrees with its seed`);
  }
  return { signature, encoding: grind.digits, grindAttempts: grind.attempts };
}
