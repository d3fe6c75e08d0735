// Signing at an epoch of the key's range: grind the randomness for a valid encoding, walk
// chain i from its start for e_i steps, and attach the leaf's authentication path. XMSS is
// stateful: a key must never sign twice at one epoch. xmssSign signs through a key store, which
// gives it the key exclusively and keeps the next unused epoch durably; xmssSignUnsafeInMemory
// signs with a bare key and keeps no state (tests, vectors, throwaway keys).
import { bytesToWords, wordsToBytes } from '../hash/blake2s';
import { StdRng } from '../util/std-rng';
import type { XmssSignature } from './bytes';
import { grindEncoding, type RandomSource } from './encoding';
import { checkLength, XmssFormatError } from './errors';
import { checkUnused } from './key-file';
import type { XmssKeyStore } from './key-store';
import type { XmssSecretKey } from './keys';
import { DIGEST_WORDS, XMSS_CHAINS, XMSS_MESSAGE_BYTES } from './params';
import { checkOptions } from '../util/options';
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

export interface XmssSignOptions {
  /** The encoding randomness (default: osRandom()). */
  rng?: RandomSource;
}

/** A signature made through a key store, and what the key may sign after it. */
export interface XmssStoredSigning extends XmssSigning {
  /** The key's next unused epoch, now durable: epoch + 1. */
  nextEpoch: number;
  /** The key's last epoch (nextEpoch > epochEnd: the key signs nothing more). */
  epochEnd: number;
}

/**
 * Signs the 32-byte `message` at `epoch` with the key in `store`: under the store's lease (one
 * signer at a time, across processes), refuses an epoch below the key's next unused one
 * (XmssEpochError 'already-used', whose `nextEpoch` is the first epoch the key may still sign),
 * signs, and makes epoch + 1 the key's durable next unused epoch before returning the signature.
 * A crash can lose a signature, never release two at one epoch; epochs skipped are never signed.
 */
export async function xmssSign(store: XmssKeyStore, message: Uint8Array, epoch: number, options: XmssSignOptions = {}): Promise<XmssStoredSigning> {
  checkOptions('xmssSign', options, { rng: 'random source' });
  checkLength('message', message, XMSS_MESSAGE_BYTES);
  const lease = await store.acquire();
  try {
    checkUnused(lease.file, epoch);
    const signing = xmssSignUnsafeInMemory(lease.file.key, message, epoch, options.rng);
    await lease.spend(epoch + 1);
    return { ...signing, nextEpoch: epoch + 1, epochEnd: lease.file.key.epochEnd };
  } finally {
    await lease.release();
  }
}

/**
 * Signs the 32-byte `message` at `epoch` (upstream's xmss_sign) with a bare key, keeping no
 * state: nothing stops a second call at the same epoch, which would let others forge. Use
 * xmssSign with a key store for a key that matters. `rng` draws the encoding
 * randomness: by default a fresh OS-seeded generator; StdRng.seedFromU64(s) reproduces the
 * reference's signatures. XmssEpochError if the epoch is outside the key's range. The
 * signature is verified before it is returned (144 compressions against the ~2^15 of
 * grinding), so a key whose stored subtree roots disagree with its seed cannot release a
 * signature that does not verify: XmssFormatError instead.
 */
export function xmssSignUnsafeInMemory(key: XmssSecretKey, message: Uint8Array, epoch: number, rng: RandomSource = osRandom()): XmssSigning {
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
