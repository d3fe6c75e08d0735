// Shared test helpers for the Flock tests: random inputs, bit access, naive oracles.
import { type E, eMulAt, eMulKAt } from '../../src/field/e';
import { PHI } from '../../src/field/phi8';
import { eqTable } from '../../src/poly/eq';
import type { Compression } from '../../src/kernels/flock/compression';
import { xorshift32, randomWords } from '../hash/prng';

export { xorshift32 };

/** Bit j of a packed column. */
export const bitAt = (col: Uint32Array, j: number): number => (col[j >>> 5] >>> (j & 31)) & 1;

/** n random E values, packed. */
export function randomE(next: () => number, n: number): Uint32Array {
  return randomWords(next, 6 * n);
}

/** A general compression: random h, m, counter and flags (not just the pinned form). */
export function randomCompression(next: () => number): Compression {
  return { h: randomWords(next, 8), m: randomWords(next, 16), tLo: next(), tHi: next(), f0: next() & 1 ? 0xffffffff : 0, f1: next() & 1 ? 0xffffffff : 0 };
}

/** One block's bits as an E vector (0 or 1 in limb c0), 6·16384 words. */
export function blockBitsAsE(col: Uint32Array, block: number): Uint32Array {
  const w = new Uint32Array(6 * 16384);
  for (let j = 0; j < 16384; j++) w[6 * j] = bitAt(col, 16384 * block + j);
  return w;
}

/** Σ_i x[i]·y[i] (packed E). */
export function dot(x: Uint32Array, y: Uint32Array): E {
  const acc = new Uint32Array(6), p = new Uint32Array(6);
  for (let i = 0; i < x.length; i += 6) {
    eMulAt(p, 0, x, i, y, i);
    for (let k = 0; k < 6; k++) acc[k] ^= p[k];
  }
  return acc;
}

/**
 * The quirky evaluation f̂(z, χ) = Σ_v eq(χ, v)·Σ_s L_s(z)·f(64v + s) of a packed bit column,
 * given the skip weights L (64 E) — the plain formula, no tables.
 */
export function quirkyEval(col: Uint32Array, weights: Uint32Array, chi: Uint32Array): E {
  const eq = eqTable(chi);
  const acc = new Uint32Array(6), p = new Uint32Array(6);
  for (let v = 0; v < eq.length / 6; v++) {
    const inner = new Uint32Array(6);
    for (let s = 0; s < 64; s++) if (bitAt(col, 64 * v + s)) for (let k = 0; k < 6; k++) inner[k] ^= weights[6 * s + k];
    eMulAt(p, 0, inner, 0, eq, 6 * v);
    for (let k = 0; k < 6; k++) acc[k] ^= p[k];
  }
  return acc;
}

/** E value times φ8(byte). */
export function mulPhi(out: Uint32Array, o: number, e: Uint32Array, eo: number, byte: number): void {
  eMulKAt(out, o, e, eo, PHI, 2 * byte);
}

/** Word-for-word equality of two arrays (fast on large arrays, where toEqual is slow). */
export const sameWords = (x: Uint32Array, y: Uint32Array): boolean =>
  x.length === y.length && Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
