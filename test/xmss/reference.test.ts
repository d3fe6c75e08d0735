// Every key, signing randomness, signature and verdict in shared/vectors/xmss, reproduced.
import { describe, expect, it } from 'vitest';
import { blake2s } from '@noble/hashes/blake2.js';
import { StdRng } from '../../src/util/std-rng';
import {
  decodePublicKey, decodeSignature, encodePublicKey, encodeSignature, XMSS_CHAINS, XMSS_MESSAGE_BYTES, XMSS_PUBLIC_KEY_BYTES,
  XMSS_RANDOMNESS_BYTES, XMSS_SIGNATURE_BYTES, XMSS_TARGET_SUM, XMSS_TREE_HEIGHT, xmssKeyGen, xmssSignUnsafeInMemory, xmssVerify,
} from '../../src/xmss/index';
import { fromHex, readVector, toHex, xmssIndex } from './vectors';

const keys = new Map(xmssIndex.keys.map((k) => [k.key, xmssKeyGen(fromHex(k.seed), k.epoch_start, k.epoch_end)]));

describe('XMSS reference vectors (leanVM-b 5df6c37)', () => {
  it('uses the reference parameters', () => {
    expect(xmssIndex.parameters).toEqual({
      V: XMSS_CHAINS, W: 3, TARGET_SUM: XMSS_TARGET_SUM, LOG_LIFETIME: XMSS_TREE_HEIGHT, DIGEST_LEN: 16,
      MESSAGE_LEN: XMSS_MESSAGE_BYTES, RANDOMNESS_LEN: XMSS_RANDOMNESS_BYTES, PUB_KEY_SIZE: XMSS_PUBLIC_KEY_BYTES,
      SIGNATURE_SIZE: XMSS_SIGNATURE_BYTES,
    });
  });

  it.each(xmssIndex.keys.map((k) => [k.key, k] as const))('key %i: keygen(seed, range) gives its public key, root and public parameter', (_, k) => {
    const pk = keys.get(k.key)!.publicKey;
    expect(toHex(pk.merkleRoot)).toBe(k.merkle_root);
    expect(toHex(pk.publicParam)).toBe(k.public_param);
    expect(toHex(encodePublicKey(pk))).toBe(k.public_key);
    expect(toHex(readVector(k.public_key_file))).toBe(k.public_key);
  });

  const valid = xmssIndex.cases.filter((c) => c.kind === 'valid');
  it.each(valid.map((c) => [c.case, c] as const))('%s: signing with StdRng::seed_from_u64 gives its randomness, attempts, encoding and signature', (_, c) => {
    const signing = xmssSignUnsafeInMemory(keys.get(c.key)!, fromHex(c.message), c.epoch, StdRng.seedFromU64(c.sign_rng_seed_u64!, 0));
    expect(toHex(signing.signature.randomness)).toBe(c.randomness);
    expect(signing.grindAttempts).toBe(c.grind_attempts);
    expect(Array.from(signing.encoding)).toEqual(c.wots_encoding);
    const bytes = encodeSignature(signing.signature);
    expect(toHex(bytes)).toBe(toHex(readVector(c.signature_file)));
    expect(toHex(blake2s(bytes))).toBe(c.signature_blake2s);
  });

  it.each(xmssIndex.cases.map((c) => [c.case, c.expected, c] as const))('%s: verify → %s', (_, expected, c) => {
    const pk = decodePublicKey(readVector(c.public_key_file));
    const verdict = xmssVerify(pk, fromHex(c.message), decodeSignature(readVector(c.signature_file)), c.epoch);
    expect(verdict.valid ? 'accept' : `reject:${verdict.reason}`).toBe(expected);
  });

  it('covers every kind of case for every key', () => {
    for (const k of xmssIndex.keys) {
      const kinds = new Set(xmssIndex.cases.filter((c) => c.key === k.key).map((c) => c.kind));
      expect([...kinds].sort()).toEqual(['flipped_message_bit', 'flipped_signature_byte', 'valid', 'wrong_epoch']);
    }
    expect(xmssIndex.cases).toHaveLength(22);
  });
});
