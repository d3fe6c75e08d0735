// The checks an aggregation request passes before anything is proved: its shape, each signer's
// key range, duplicates, and every signature verified natively. A refusal names the signer (its
// index in the caller's list and its key), so a user never reaches the prover with a signature
// the program would stop on.
import { bytesToWords } from '../../hash/blake2s';
import {
  type XmssPublicKey, type XmssSignature, XMSS_CHAINS, XmssFormatError,
  decodePublicKey, decodeSignature, encodePublicKey, encodeSignature, xmssVerify,
} from '../../xmss';
import { encodeDigest } from '../../xmss/encoding';
import { TweakHasher } from '../../xmss/hash';
import { DIGEST_WORDS } from '../../xmss/params';
import { AggregateInputError } from './errors';
import { AGGREGATE_MAX_SIGNERS, checkMessageEpoch, compareBytes } from './statement';

/** One signer of an aggregate: a public key and its signature on the request's (message, epoch),
 * as objects or in their byte forms; `epochs`, when the caller knows the key's inclusive range,
 * lets a key that cannot sign the epoch be refused as such. */
export interface AggregateSigner {
  publicKey: XmssPublicKey | Uint8Array;
  signature: XmssSignature | Uint8Array;
  epochs?: { start: number; end: number };
}

export interface AggregateRequest {
  /** 32 bytes. */
  message: Uint8Array;
  epoch: number;
  signers: readonly AggregateSigner[];
}

/** A signer that passed every check, with what the program's witness needs of it. */
export interface CheckedSigner {
  /** Its index in the request's list. */
  index: number;
  /** root ‖ P, 32 bytes: the order key. */
  publicKey: Uint8Array;
  signature: XmssSignature;
  /** The 42 digits of its encoding. */
  digits: Uint8Array;
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The digits of `signature`'s encoding on (message, epoch) under `pk`; it must verify. */
function encodingDigits(pk: XmssPublicKey, message: Uint8Array, signature: XmssSignature, epoch: number): Uint8Array {
  const hasher = new TweakHasher(bytesToWords(pk.publicParam));
  const state = new Uint32Array(8);
  hasher.encodingPrefix(epoch, bytesToWords(message), state);
  const d = new Uint32Array(DIGEST_WORDS);
  hasher.encodingDigest(state, bytesToWords(signature.randomness), 0, d);
  const digits = new Uint8Array(XMSS_CHAINS);
  if (!encodeDigest(d, digits)) throw new Error('encodingDigits: the signature was verified, its encoding must be valid');
  return digits;
}

function parsed<T>(signer: number, what: string, decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    if (e instanceof XmssFormatError) throw new AggregateInputError('malformed', `signer ${signer}: ${what}: ${e.message}`, signer);
    throw e;
  }
}

/**
 * The request's signers, checked and sorted by public key. Refuses (AggregateInputError), in this
 * order: an empty or oversized list, a malformed message or epoch, a malformed key or signature, a
 * key whose given range misses the epoch, a key listed twice, a signature that does not verify.
 */
export function checkSigners(request: AggregateRequest): CheckedSigner[] {
  const { message, epoch, signers } = request;
  if (!Array.isArray(signers)) throw new AggregateInputError('malformed', 'the signers must be a list');
  if (signers.length === 0) throw new AggregateInputError('no-signers', 'an aggregate needs at least one signer');
  if (signers.length > AGGREGATE_MAX_SIGNERS) {
    throw new AggregateInputError('too-many-signers', `an aggregate holds at most ${AGGREGATE_MAX_SIGNERS} signers, got ${signers.length}`);
  }
  checkMessageEpoch(message, epoch);
  const parsedSigners = signers.map((s, i) => {
    if (typeof s !== 'object' || s === null) throw new AggregateInputError('malformed', `signer ${i} is not an object`, i);
    const pk = parsed(i, 'public key', () => (decodePublicKey(s.publicKey instanceof Uint8Array ? s.publicKey : encodePublicKey(s.publicKey))));
    const publicKey = encodePublicKey(pk);
    const sig = parsed(i, 'signature', () => (decodeSignature(s.signature instanceof Uint8Array ? s.signature : encodeSignature(s.signature))));
    if (s.epochs !== undefined && !(s.epochs.start <= epoch && epoch <= s.epochs.end)) {
      throw new AggregateInputError(
        'epoch-out-of-range', `signer ${i} (key ${hex(publicKey)}): its key signs epochs ${s.epochs.start}..${s.epochs.end}, not ${epoch}`, i, hex(publicKey),
      );
    }
    return { index: i, pk, publicKey, signature: sig };
  });
  const sorted = parsedSigners.slice().sort((a, b) => compareBytes(a.publicKey, b.publicKey) || a.index - b.index);
  for (let i = 1; i < sorted.length; i++) {
    if (compareBytes(sorted[i - 1].publicKey, sorted[i].publicKey) === 0) {
      const [first, again] = [sorted[i - 1].index, sorted[i].index];
      throw new AggregateInputError(
        'duplicate-signer', `signer ${again} (key ${hex(sorted[i].publicKey)}) repeats signer ${first}'s key`, again, hex(sorted[i].publicKey),
      );
    }
  }
  for (const s of parsedSigners) {
    const verdict = xmssVerify(s.pk, message, s.signature, epoch);
    if (!verdict.valid) {
      throw new AggregateInputError(
        'bad-signature', `signer ${s.index} (key ${hex(s.publicKey)}): its signature does not verify at epoch ${epoch} (${verdict.reason})`, s.index, hex(s.publicKey),
      );
    }
  }
  return sorted.map((s) => ({ index: s.index, publicKey: s.publicKey, signature: s.signature, digits: encodingDigits(s.pk, message, s.signature, epoch) }));
}
