// Signing and verification beyond the vectors: every epoch of a range, both ends of the u32
// epochs, every single-bit tamper of a signature, and typed errors for malformed input.
import { describe, expect, it } from 'vitest';
import { StdRng } from '../../src/util/std-rng';
import {
  decodePublicKey, decodeSignature, encodePublicKey, encodeSignature, XmssEpochError, XmssFormatError, xmssKeyGen, xmssSignUnsafeInMemory,
  xmssVerify, type XmssSignature,
} from '../../src/xmss/index';
import { randomBytes, xorshift32 } from '../hash/prng';

const next = xorshift32(0x7369676e);
const message = randomBytes(next, 32);
const rng = (s: number) => StdRng.seedFromU64(s, 0);

function expectThrows(f: () => unknown, kind: typeof XmssFormatError | typeof XmssEpochError, field: string, value: string) {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(kind);
    expect((e as Record<string, unknown>)[field]).toBe(value);
    return;
  }
  throw new Error('expected a throw');
}

describe('XMSS sign and verify', () => {
  it('signs and verifies at every epoch of a range across bottom subtrees, and at no other epoch', () => {
    const key = xmssKeyGen(randomBytes(next, 32), 13, 45);
    for (let e = 13; e <= 45; e++) {
      const { signature, encoding, grindAttempts } = xmssSignUnsafeInMemory(key, message, e, rng(e));
      expect(encoding.reduce((a, b) => a + b, 0)).toBe(195);
      expect(grindAttempts).toBeGreaterThan(0);
      expect(xmssVerify(key.publicKey, message, signature, e)).toEqual({ valid: true });
      expect(xmssVerify(key.publicKey, message, signature, e + 1).valid).toBe(false);
    }
  });

  it.each([[0, 0], [2 ** 32 - 1, 2 ** 32 - 1], [2 ** 32 - 4, 2 ** 32 - 1]])('a key for %i..%i signs at its last epoch', (lo, hi) => {
    const key = xmssKeyGen(randomBytes(next, 32), lo, hi);
    const { signature } = xmssSignUnsafeInMemory(key, message, hi, rng(hi));
    expect(xmssVerify(key.publicKey, message, signature, hi)).toEqual({ valid: true });
  });

  it('the default random source draws fresh randomness each time; both signatures verify', () => {
    const key = xmssKeyGen(randomBytes(next, 32), 0, 3);
    const a = xmssSignUnsafeInMemory(key, message, 2).signature, b = xmssSignUnsafeInMemory(key, message, 2).signature;
    expect(Buffer.from(a.randomness).equals(Buffer.from(b.randomness))).toBe(false);
    expect(xmssVerify(key.publicKey, message, a, 2).valid && xmssVerify(key.publicKey, message, b, 2).valid).toBe(true);
  });

  it('keygen is deterministic, and the range is part of the key', () => {
    const seed = randomBytes(next, 32);
    const pk = (lo: number, hi: number) => Buffer.from(encodePublicKey(xmssKeyGen(seed, lo, hi).publicKey)).toString('hex');
    expect(pk(50, 60)).toBe(pk(50, 60));
    expect(pk(50, 61)).not.toBe(pk(50, 60));
    expect(pk(49, 60)).not.toBe(pk(50, 60));
  });

  it('every single-bit change of a signature is rejected: a chain value or sibling as InvalidMerklePath', () => {
    const key = xmssKeyGen(randomBytes(next, 32), 0, 15);
    const bytes = encodeSignature(xmssSignUnsafeInMemory(key, message, 9, rng(1)).signature);
    const reasons = new Map<string, number>();
    for (let bit = 0; bit < 8 * bytes.length; bit++) {
      const t = bytes.slice();
      t[bit >> 3] ^= 1 << (bit & 7);
      const verdict = xmssVerify(key.publicKey, message, decodeSignature(t), 9);
      expect(verdict.valid, `bit ${bit}`).toBe(false);
      if (verdict.valid) continue;
      const region = bit < 8 * 672 ? 'chain' : bit < 8 * 696 ? 'randomness' : 'path';
      if (region !== 'randomness') expect(verdict.reason, `bit ${bit}`).toBe('InvalidMerklePath');
      reasons.set(`${region} ${verdict.reason}`, (reasons.get(`${region} ${verdict.reason}`) ?? 0) + 1);
    }
    // A changed randomness almost never hits another valid encoding (≈ 2^-15 each).
    expect(reasons.get('randomness InvalidWots')).toBeGreaterThan(180);
  });

  it('rejects a flipped message bit, another key, and the same seed\'s key for another range', () => {
    const seed = randomBytes(next, 32);
    const key = xmssKeyGen(seed, 0, 7);
    const { signature } = xmssSignUnsafeInMemory(key, message, 3, rng(3));
    const flipped = message.slice();
    flipped[31] ^= 0x80;
    expect(xmssVerify(key.publicKey, flipped, signature, 3).valid).toBe(false);
    expect(xmssVerify(xmssKeyGen(randomBytes(next, 32), 0, 7).publicKey, message, signature, 3).valid).toBe(false);
    expect(xmssVerify(xmssKeyGen(seed, 0, 8).publicKey, message, signature, 3)).toEqual({ valid: false, reason: 'InvalidMerklePath' });
  });

  it('byte forms round-trip, and any other length is an XmssFormatError naming the input', () => {
    const key = xmssKeyGen(randomBytes(next, 32), 0, 1);
    const sig = xmssSignUnsafeInMemory(key, message, 1, rng(0)).signature;
    const bytes = encodeSignature(sig);
    expect(bytes.length).toBe(1208);
    expect(Buffer.from(encodeSignature(decodeSignature(bytes))).equals(Buffer.from(bytes))).toBe(true);
    const pk = encodePublicKey(key.publicKey);
    expect(pk.length).toBe(32);
    expect(Buffer.from(encodePublicKey(decodePublicKey(pk))).equals(Buffer.from(pk))).toBe(true);
    for (const n of [0, 1207, 1209]) expectThrows(() => decodeSignature(new Uint8Array(n)), XmssFormatError, 'input', 'signature');
    for (const n of [0, 31, 33]) expectThrows(() => decodePublicKey(new Uint8Array(n)), XmssFormatError, 'input', 'public key');
    const short: XmssSignature = { ...sig, merklePath: sig.merklePath.subarray(16) };
    expectThrows(() => xmssVerify(key.publicKey, message, short, 1), XmssFormatError, 'input', 'signature');
    expectThrows(() => xmssVerify(key.publicKey, message.subarray(1), sig, 1), XmssFormatError, 'input', 'message');
    expectThrows(() => xmssVerify({ ...key.publicKey, merkleRoot: new Uint8Array(15) }, message, sig, 1), XmssFormatError, 'input', 'public key');
    expectThrows(() => xmssSignUnsafeInMemory(key, new Uint8Array(33), 1), XmssFormatError, 'input', 'message');
  });

  it('epochs outside a key\'s range, outside u32 or an empty range are XmssEpochErrors', () => {
    const key = xmssKeyGen(randomBytes(next, 32), 16, 31);
    const sig = xmssSignUnsafeInMemory(key, message, 16, rng(0)).signature;
    expectThrows(() => xmssSignUnsafeInMemory(key, message, 15), XmssEpochError, 'problem', 'out-of-range');
    expectThrows(() => xmssSignUnsafeInMemory(key, message, 32), XmssEpochError, 'problem', 'out-of-range');
    expectThrows(() => xmssSignUnsafeInMemory(key, message, 16.5), XmssEpochError, 'problem', 'not-u32');
    for (const e of [-1, 2 ** 32, Number.NaN]) expectThrows(() => xmssVerify(key.publicKey, message, sig, e), XmssEpochError, 'problem', 'not-u32');
    expectThrows(() => xmssKeyGen(new Uint8Array(32), 5, 4), XmssEpochError, 'problem', 'empty-range');
    expectThrows(() => xmssKeyGen(new Uint8Array(32), 0, 2 ** 32), XmssEpochError, 'problem', 'not-u32');
    expectThrows(() => xmssKeyGen(new Uint8Array(31), 0, 1), XmssFormatError, 'input', 'seed');
  });
});
