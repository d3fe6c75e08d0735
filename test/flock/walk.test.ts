// The forward walk (A_0 w, B_0 w) and its transpose (docs/protocol.md §9.2).
import { describe, expect, it } from 'vitest';
import { eMulAt } from '../../src/field/e';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { CONST_POS, GS_BASE, H_BASE, M_BASE, OUT_BASE, T_LO_BASE, USEFUL_BITS, gBase, G_C2 } from '../../src/kernels/flock/layout';
import { forwardWalk, transposeWalk } from '../../src/kernels/flock/walk';
import { generateWitness } from '../../src/kernels/flock/witness';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { blockBitsAsE, dot, randomCompression, randomE, sameWords, xorshift32 } from './helpers';

/** Whether (A_0 z)·(B_0 z) = z on every row of a 0/1 block vector. */
function satisfied(zE: Uint32Array): boolean {
  const { a, b } = forwardWalk(zE);
  const p = new Uint32Array(6);
  for (let k = 0; k < zE.length; k += 6) {
    eMulAt(p, 0, a, k, b, k);
    for (let i = 0; i < 6; i++) if (p[i] !== zE[k + i]) return false;
  }
  return true;
}

describe('forwardWalk', () => {
  it('gives the witness generator’s a and b rows on the bits of z', () => {
    const next = xorshift32(77);
    const cs = [...pinnedCompressions(referenceMessages(3)), randomCompression(next), randomCompression(next)];
    const w = generateWitness(cs, 3);
    for (let t = 0; t < cs.length; t++) {
      const { a, b } = forwardWalk(blockBitsAsE(w.z, t));
      expect(sameWords(a, blockBitsAsE(w.a, t))).toBe(true);
      expect(sameWords(b, blockBitsAsE(w.b, t))).toBe(true);
    }
  });

  it('rejects a witness with one product bit flipped, in every kind of row', () => {
    const w = generateWitness(pinnedCompressions(referenceMessages(1)), 3);
    const z = blockBitsAsE(w.z, 0);
    expect(satisfied(z)).toBe(true);
    for (const pos of [gBase(79) + 5, gBase(79) + 31 + 5, gBase(79) + G_C2 + 7, gBase(0) + 3, OUT_BASE + 9, CONST_POS]) {
      z[6 * pos] ^= 1;
      expect(satisfied(z)).toBe(false);
      z[6 * pos] ^= 1;
    }
    expect(satisfied(z)).toBe(true);
  });

  it('constrains exactly the layout’s rows: nonzero at random w there, zero on empty rows', () => {
    const { a, b } = forwardWalk(randomE(xorshift32(9), 16384));
    const claimed = (j: number): boolean =>
      (j >= H_BASE && j < OUT_BASE + 256) || j === CONST_POS || (j >= M_BASE && j < T_LO_BASE + 128) || (j >= GS_BASE && j < USEFUL_BITS);
    for (let j = 0; j < 16384; j++) {
      let nz = 0;
      for (let i = 0; i < 6; i++) nz |= a[6 * j + i] | b[6 * j + i];
      expect(nz !== 0).toBe(claimed(j));
    }
  });
});

describe('transposeWalk', () => {
  it('is the transpose: ⟨A w, uA⟩ + ⟨B w, uB⟩ = ⟨w, Aᵀ uA + Bᵀ uB⟩ on random E vectors', () => {
    const next = xorshift32(1234);
    for (let rep = 0; rep < 2; rep++) {
      const w = randomE(next, 16384), uA = randomE(next, 16384), uB = randomE(next, 16384);
      const { a, b } = forwardWalk(w);
      const lhs = dot(a, uA), rB = dot(b, uB);
      for (let i = 0; i < 6; i++) lhs[i] ^= rB[i];
      expect(dot(w, transposeWalk(uA, uB))).toEqual(lhs);
    }
  });

  it('separates the two matrices (uB = 0 gives A_0ᵀ uA alone)', () => {
    const next = xorshift32(99);
    const w = randomE(next, 16384), uA = randomE(next, 16384);
    expect(dot(w, transposeWalk(uA, new Uint32Array(uA.length)))).toEqual(dot(forwardWalk(w).a, uA));
    expect(dot(w, transposeWalk(new Uint32Array(uA.length), uA))).toEqual(dot(forwardWalk(w).b, uA));
  });
});
