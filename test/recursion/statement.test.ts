// The node statement (docs/recursion.md §4) and the signer union (§5 [N2]): the digest is the
// BLAKE2s of the documented 192 bytes (checked with @noble/hashes), the claims digest the
// documented transcript's chaining value; a signer added, dropped or swapped, another message,
// epoch, program digest or any claim scalar changes the digest; the union of overlapping lists
// is sorted and deduplicated, each overlap counted once and every key covered by one first
// occurrence.
import { blake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { eAdd, eOne } from '../../src/field/e';
import { FiatShamir } from '../../src/transcript/fiat-shamir';
import { claimScalars, claimsFromScalars, type NodeClaims } from '../../src/workloads/recursion/claims';
import { CLAIMS_LABEL, claimsDigest, NODE_MAX_SIGNERS, NODE_TAG, nodeStatementDigest, unionKeyDigest } from '../../src/workloads/recursion/statement';
import { signerUnion } from '../../src/workloads/recursion/union';
import { AggregateInputError } from '../../src/workloads/xmss-aggregate/errors';
import { KEY_LIST_TAG, keyListDigest } from '../../src/workloads/xmss-aggregate/statement';
import { randomBytes, xorshift32 } from '../hash/prng';
import { randomE } from '../flock/helpers';
import { shape } from './fixtures';

const next = xorshift32(0x5157);
const key = (): Uint8Array => randomBytes(next, 32);
const byKey = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const concat = (...p: Uint8Array[]) => Uint8Array.from(p.flatMap((x) => Array.from(x)));
const u32 = (v: number) => concat(Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24), new Uint8Array(12));

const claims: NodeClaims = claimsFromScalars(randomE(next, shape.leafVars + 1 + shape.nodeVars + 1 + 28 + 2), shape);
const message = randomBytes(next, 32);
const programDigest = randomBytes(next, 32);
const keys = Array.from({ length: 5 }, key).sort(byKey);

describe('node statement digest', () => {
  it('is BLAKE2s of tag ‖ m ‖ e ‖ n ‖ K_n ‖ H_N ‖ C, C the claims transcript\'s chaining value', () => {
    const fs = FiatShamir.init(CLAIMS_LABEL, []);
    fs.observeAll(claimScalars(claims));
    const c = new Uint8Array(fs.cv.slice().buffer);
    expect(hex(claimsDigest(claims))).toBe(hex(c));
    let k = blake2s(concat(KEY_LIST_TAG, u32(5), new Uint8Array(16)));
    for (const pk of keys) k = blake2s(concat(k, pk));
    expect(hex(unionKeyDigest(keys))).toBe(hex(k));
    expect(hex(unionKeyDigest(keys))).toBe(hex(keyListDigest(keys))); // the leaf's chain
    const want = blake2s(concat(NODE_TAG, message, u32(9), u32(5), k, programDigest, c));
    expect(hex(nodeStatementDigest(message, 9, keys, programDigest, claims))).toBe(hex(want));
    expect(new TextDecoder().decode(NODE_TAG).replace(/\0+$/, '')).toBe('leanvm-gpu/xmss-agg-node/v1');
  });

  it('changes with a signer added, dropped or swapped, the message, the epoch, the program, any claim scalar', () => {
    const base = hex(nodeStatementDigest(message, 9, keys, programDigest, claims));
    const variants: Uint8Array[] = [
      nodeStatementDigest(message, 9, [...keys, new Uint8Array(32).fill(0xff)], programDigest, claims),
      nodeStatementDigest(message, 9, keys.slice(1), programDigest, claims),
      nodeStatementDigest(message, 9, [...keys.slice(0, 4), key()].sort(byKey), programDigest, claims),
      nodeStatementDigest(Uint8Array.from(message, (b, i) => (i === 31 ? b ^ 1 : b)), 9, keys, programDigest, claims),
      nodeStatementDigest(message, 10, keys, programDigest, claims),
      nodeStatementDigest(message, 9, keys, Uint8Array.from(programDigest, (b, i) => (i === 0 ? b ^ 1 : b)), claims),
    ];
    const scalars = claimScalars(claims);
    for (let s = 0; s < scalars.length / 6; s += 7) {
      const changed = scalars.slice();
      changed.set(eAdd(changed.subarray(6 * s, 6 * s + 6), eOne()), 6 * s);
      variants.push(nodeStatementDigest(message, 9, keys, programDigest, claimsFromScalars(changed, shape)));
    }
    const all = new Set([base, ...variants.map(hex)]);
    expect(all.size).toBe(variants.length + 1);
  });

  it('refuses unsorted, repeated, too many or no keys', () => {
    const refuse = (k: Uint8Array[], problem: string) => {
      try {
        unionKeyDigest(k);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AggregateInputError);
        expect((e as AggregateInputError).problem).toBe(problem);
      }
    };
    refuse([keys[1], keys[0]], 'unsorted-keys');
    refuse([keys[0], keys[0]], 'unsorted-keys');
    refuse([], 'no-signers');
    refuse(Array.from({ length: NODE_MAX_SIGNERS + 1 }, () => keys[0]), 'too-many-signers');
  });
});

describe('signer union', () => {
  it('overlapping lists: sorted, deduplicated, each overlap once, every key one first occurrence', () => {
    const a = Array.from({ length: 6 }, key), b = [a[2], a[5], key(), key()], raw = [b[2], key()];
    const u = signerUnion([a, b, raw]);
    expect(u.keys.length).toBe(6 + 2 + 1);
    expect(u.overlaps).toBe(3);
    expect(u.keys.map(hex)).toEqual([...new Set([...a, ...b, ...raw].map(hex))].sort());
    [a, b, raw].forEach((list, l) => list.forEach((k, i) => expect(hex(u.keys[u.indices[l][i]])).toBe(hex(k))));
    const firsts = u.indices.flatMap((idx, l) => idx.filter((_, i) => u.first[l][i]));
    expect(firsts.slice().sort((x, y) => x - y)).toEqual(u.keys.map((_, i) => i));
    expect(u.first[1]).toEqual([false, false, true, true]);
    expect(u.first[2]).toEqual([false, true]);
  });
  it('the same list twice is that list', () => {
    const a = Array.from({ length: 4 }, key);
    const u = signerUnion([a, a]);
    expect(u.keys.map(hex)).toEqual(a.slice().sort(byKey).map(hex));
    expect(u.overlaps).toBe(4);
  });
});
