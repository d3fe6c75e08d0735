// This project's secret key file, version 1 (docs/xmss.md). All integers LE:
//   0    8   magic "LVXMSSSK"
//   8    4   version, 1
//   12   32  seed
//   44   4   epoch_start     48  4  epoch_end (inclusive)
//   52   8   next_epoch: the lowest epoch the key may still sign, epoch_end + 1 once spent
//   60   32  public key (merkle_root ‖ public_param)
//   92   16N the split-level band (the bottom subtrees' roots), N = (end >> s) − (start >> s) + 1
//   end  32  BLAKE2s-256 of everything before it
// Loading rebuilds the tree above the split level from the band and requires the stored
// public key: a corrupt file is refused, never used to sign.
import { blake2s } from '../hash/blake2s';
import { checkEpoch, XmssEpochError, XmssFormatError } from './errors';
import { splitLevelOf, XmssSecretKey } from './keys';
import { DIGEST_WORDS, XMSS_DIGEST_BYTES, XMSS_PUBLIC_KEY_BYTES, XMSS_SEED_BYTES } from './params';
import { encodePublicKey } from './bytes';
import { shr } from './tree';

const MAGIC = new TextEncoder().encode('LVXMSSSK');
export const XMSS_KEY_FILE_VERSION = 1;
const HEADER_BYTES = 92;
const CHECKSUM_BYTES = 32;
const TWO_32 = 2 ** 32;

/** A secret key and its state: the lowest epoch it may still sign. */
export interface XmssKeyFile {
  key: XmssSecretKey;
  nextEpoch: number;
}

/** Subtree roots a key of this range stores. */
const bandLength = (start: number, end: number): number => {
  const s = splitLevelOf(start, end);
  return shr(end, s) - shr(start, s) + 1;
};

/** The file's bytes for `key` whose epochs below `nextEpoch` are used (default: none). */
export function encodeKeyFile(key: XmssSecretKey, nextEpoch = key.epochStart): Uint8Array {
  checkNextEpoch(key.epochStart, key.epochEnd, nextEpoch);
  const roots = key.subtreeRoots.nodes;
  const bytes = new Uint8Array(HEADER_BYTES + 4 * roots.length + CHECKSUM_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(8, XMSS_KEY_FILE_VERSION, true);
  bytes.set(key.seed, 12);
  view.setUint32(44, key.epochStart, true);
  view.setUint32(48, key.epochEnd, true);
  view.setUint32(52, nextEpoch % TWO_32, true);
  view.setUint32(56, Math.floor(nextEpoch / TWO_32), true);
  bytes.set(encodePublicKey(key.publicKey), 60);
  for (let i = 0; i < roots.length; i++) view.setUint32(HEADER_BYTES + 4 * i, roots[i], true);
  bytes.set(blake2s(bytes.subarray(0, bytes.length - CHECKSUM_BYTES)), bytes.length - CHECKSUM_BYTES);
  return bytes;
}

function checkNextEpoch(start: number, end: number, next: number): void {
  if (!Number.isInteger(next) || next < start || next > end + 1) {
    throw new RangeError(`the next unused epoch of a key for ${start}..${end} lies in ${start}..${end + 1}, got ${next}`);
  }
}

const bad = (message: string) => new XmssFormatError('secret key', message);

/** A key file's key and state; XmssFormatError names what is wrong with a malformed one. */
export function decodeKeyFile(bytes: Uint8Array): XmssKeyFile {
  const minimum = HEADER_BYTES + XMSS_DIGEST_BYTES + CHECKSUM_BYTES;
  if (!(bytes instanceof Uint8Array) || bytes.length < minimum) throw bad(`a key file has at least ${minimum} bytes, got ${bytes?.length}`);
  if (!MAGIC.every((b, i) => bytes[i] === b)) throw bad('not an XMSS secret key file (no "LVXMSSSK" magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== XMSS_KEY_FILE_VERSION) throw bad(`version ${version}; this build reads version ${XMSS_KEY_FILE_VERSION}`);
  const body = bytes.subarray(0, bytes.length - CHECKSUM_BYTES);
  const checksum = blake2s(body);
  if (!checksum.every((b, i) => bytes[body.length + i] === b)) throw bad('checksum mismatch: the file is corrupt or truncated');
  const start = view.getUint32(44, true), end = view.getUint32(48, true);
  if (start > end) throw bad(`empty epoch range ${start}..${end}`);
  const n = bandLength(start, end);
  const expected = HEADER_BYTES + XMSS_DIGEST_BYTES * n + CHECKSUM_BYTES;
  if (bytes.length !== expected) throw bad(`a key for epochs ${start}..${end} has ${expected} bytes, got ${bytes.length}`);
  const nextEpoch = view.getUint32(52, true) + TWO_32 * view.getUint32(56, true);
  if (nextEpoch < start || nextEpoch > end + 1) throw bad(`next unused epoch ${nextEpoch} is outside ${start}..${end + 1}`);
  const roots = new Uint32Array(DIGEST_WORDS * n);
  for (let i = 0; i < roots.length; i++) roots[i] = view.getUint32(HEADER_BYTES + 4 * i, true);
  const seed = bytes.slice(12, 12 + XMSS_SEED_BYTES);
  const key = new XmssSecretKey(seed, start, end, { base: shr(start, splitLevelOf(start, end)), nodes: roots });
  const stored = bytes.subarray(60, 60 + XMSS_PUBLIC_KEY_BYTES);
  if (!encodePublicKey(key.publicKey).every((b, i) => stored[i] === b)) {
    throw bad('its tree does not hash to its stored public key (inconsistent seed, range or subtree roots)');
  }
  return { key, nextEpoch };
}

/** Throws XmssEpochError unless the key file may sign at `epoch`: in range and not below its next unused epoch. */
export function checkUnused(file: XmssKeyFile, epoch: number): void {
  checkEpoch(epoch);
  file.key.checkSigns(epoch);
  if (epoch < file.nextEpoch) {
    const next = file.nextEpoch, end = file.key.epochEnd;
    const left = next > end ? `this key has signed its last epoch (${end}): it signs nothing more` : `this key signs only epochs from ${next} on (${next}..${end})`;
    throw new XmssEpochError('already-used', `epoch ${epoch} is spent: ${left}; XMSS never signs twice at one epoch`, next);
  }
}
