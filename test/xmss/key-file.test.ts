// The secret key file (docs/xmss.md): round trips, its state, and a typed error for every
// kind of malformed file (each built with a valid checksum where the check is a later one).
import { describe, expect, it } from 'vitest';
import { blake2s } from '../../src/hash/blake2s';
import { StdRng } from '../../src/util/std-rng';
import {
  checkUnused, decodeKeyFile, encodeKeyFile, encodePublicKey, encodeSignature, XmssEpochError, XmssFormatError, xmssKeyGen,
  XmssSecretKey, xmssSignUnsafeInMemory,
} from '../../src/xmss/index';
import { randomBytes, xorshift32 } from '../hash/prng';

const next = xorshift32(0x6b657966);
const seed = randomBytes(next, 32);
const key = xmssKeyGen(seed, 1000, 1063);
const message = randomBytes(next, 32);

/** The file with bytes changed by `edit`, its checksum then recomputed. */
function resealed(bytes: Uint8Array, edit: (b: Uint8Array, view: DataView) => void): Uint8Array {
  const b = bytes.slice();
  edit(b, new DataView(b.buffer));
  b.set(blake2s(b.subarray(0, b.length - 32)), b.length - 32);
  return b;
}

function malformed(bytes: Uint8Array, reason: RegExp) {
  let error: unknown;
  try {
    decodeKeyFile(bytes);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(XmssFormatError);
  expect((error as XmssFormatError).input).toBe('secret key');
  expect((error as Error).message).toMatch(reason);
}

describe('XMSS secret key file', () => {
  const file = encodeKeyFile(key, 1031);

  it('holds a 92-byte header, the split-level band (8 roots for 1000..1063) and a checksum', () => {
    expect(file.length).toBe(92 + 16 * 8 + 32);
    expect(new TextDecoder().decode(file.subarray(0, 8))).toBe('LVXMSSSK');
    expect(Buffer.from(file.subarray(60, 92)).equals(Buffer.from(encodePublicKey(key.publicKey)))).toBe(true);
  });

  it('round-trips the key and its next unused epoch; the loaded key signs the same bytes', () => {
    const loaded = decodeKeyFile(file);
    expect(loaded.nextEpoch).toBe(1031);
    expect([loaded.key.epochStart, loaded.key.epochEnd]).toEqual([1000, 1063]);
    expect(Buffer.from(encodePublicKey(loaded.key.publicKey)).equals(Buffer.from(encodePublicKey(key.publicKey)))).toBe(true);
    const sign = (k: XmssSecretKey) => encodeSignature(xmssSignUnsafeInMemory(k, message, 1040, StdRng.seedFromU64(5, 0)).signature);
    expect(Buffer.from(sign(loaded.key)).equals(Buffer.from(sign(key)))).toBe(true);
    expect(decodeKeyFile(encodeKeyFile(key)).nextEpoch).toBe(1000);
    expect(decodeKeyFile(encodeKeyFile(key, 1064)).nextEpoch).toBe(1064);
    expect(() => encodeKeyFile(key, 1065)).toThrow(RangeError);
    expect(() => encodeKeyFile(key, 999)).toThrow(RangeError);
  });

  it('keys of one epoch and of the top of the u32 range round-trip', () => {
    for (const [lo, hi] of [[0, 0], [2 ** 32 - 17, 2 ** 32 - 1]]) {
      const k = xmssKeyGen(seed, lo, hi);
      const f = decodeKeyFile(encodeKeyFile(k, hi + 1));
      expect(f.nextEpoch).toBe(hi + 1);
      expect(Buffer.from(encodePublicKey(f.key.publicKey)).equals(Buffer.from(encodePublicKey(k.publicKey)))).toBe(true);
    }
  });

  it('refuses a truncated file, another file, another version and a corrupt byte anywhere', () => {
    malformed(file.subarray(0, 100), /at least 140 bytes, got 100/);
    malformed(file.subarray(0, file.length - 16), /checksum mismatch/);
    malformed(resealed(file, (b) => (b[0] = 0x6c)), /no "LVXMSSSK" magic/);
    malformed(resealed(file, (_, v) => v.setUint32(8, 2, true)), /version 2; this build reads version 1/);
    for (let i = 8; i < file.length; i += 7) {
      const b = file.slice();
      b[i] ^= 0x01;
      malformed(b, /checksum mismatch|version/);
    }
  });

  it('refuses an empty range, a length that does not fit the range and a next epoch outside it', () => {
    malformed(resealed(file, (_, v) => v.setUint32(44, 1064, true)), /empty epoch range 1064..1063/);
    malformed(resealed(file, (_, v) => v.setUint32(48, 2000, true)), /a key for epochs 1000..2000 has \d+ bytes, got 252/);
    malformed(resealed(file, (_, v) => v.setUint32(52, 999, true)), /next unused epoch 999 is outside 1000..1064/);
    malformed(resealed(file, (_, v) => v.setUint32(56, 1, true)), /next unused epoch 4294968327 is outside/);
  });

  it('refuses a file whose seed, roots or public key disagree, checksum notwithstanding', () => {
    malformed(resealed(file, (b) => (b[12] ^= 1)), /does not hash to its stored public key/);
    malformed(resealed(file, (b) => (b[92 + 16 * 3] ^= 1)), /does not hash to its stored public key/);
    malformed(resealed(file, (b) => (b[60] ^= 1)), /does not hash to its stored public key/);
  });

  it('a resealed range edit that keeps the band (1000..1062) loads, but will not sign in the edited subtree', () => {
    const edited = decodeKeyFile(resealed(file, (_, v) => v.setUint32(48, 1062, true)));
    expect(() => xmssSignUnsafeInMemory(edited.key, message, 1040, StdRng.seedFromU64(0, 0))).not.toThrow();
    expect(() => xmssSignUnsafeInMemory(edited.key, message, 1060, StdRng.seedFromU64(0, 0))).toThrow(/does not verify under its own public key/);
  });

  it('a key whose subtree root disagrees with its seed will not sign under it', () => {
    const roots = key.subtreeRoots;
    const bogus = { base: roots.base, nodes: roots.nodes.slice() };
    bogus.nodes[4 * 5] ^= 1; // the subtree of epochs 1040..1047
    const inconsistent = new XmssSecretKey(seed, 1000, 1063, bogus);
    expect(() => xmssSignUnsafeInMemory(inconsistent, message, 1041, StdRng.seedFromU64(0, 0))).toThrow(/does not verify under its own public key/);
  });

  it('checkUnused: in range and not below the next unused epoch', () => {
    const f = decodeKeyFile(file);
    expect(() => checkUnused(f, 1031)).not.toThrow();
    const problem = (epoch: number) => {
      try {
        checkUnused(f, epoch);
      } catch (e) {
        return (e as XmssEpochError).problem;
      }
    };
    expect(problem(1030)).toBe('already-used');
    expect(problem(1064)).toBe('out-of-range');
    expect(problem(-1)).toBe('not-u32');
  });
});
