// Independent BigInt models of K and E for the field tests, plus the seeded SplitMix64
// generator the reference vectors draw their operands from.
import type { E } from '../../src/field/e';
import type { K } from '../../src/field/k';

const MASK64 = (1n << 64n) - 1n;

/** SplitMix64: state += 0x9e3779b97f4a7c15, then two xor-shift-multiply rounds and a final xor-shift. */
export function splitMix64(seed: bigint): () => bigint {
  let state = seed & MASK64;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

export function toK(v: bigint): K {
  return Uint32Array.of(Number(v & 0xffffffffn), Number(v >> 32n));
}

export function fromK(a: Uint32Array, at = 0): bigint {
  return BigInt(a[at]) | (BigInt(a[at + 1]) << 32n);
}

export function toE(c: readonly bigint[]): E {
  return Uint32Array.of(...c.flatMap((v) => Array.from(toK(v))));
}

export function fromE(a: Uint32Array, at = 0): bigint[] {
  return [fromK(a, at), fromK(a, at + 2), fromK(a, at + 4)];
}

/** Polynomial product over GF(2), bit by bit. */
function clmul(a: bigint, b: bigint): bigint {
  let r = 0n;
  for (let i = 0n; b >> i !== 0n; i++) if ((b >> i) & 1n) r ^= a << i;
  return r;
}

/** Remainder modulo x^64 + x^4 + x^3 + x + 1, by long division from the top bit. */
function reduceK(v: bigint): bigint {
  const p = (1n << 64n) | 0x1bn;
  for (let i = BigInt(v.toString(2).length - 1); i >= 64n; i--) if ((v >> i) & 1n) v ^= p << (i - 64n);
  return v;
}

export function kMulOracle(a: bigint, b: bigint): bigint {
  return reduceK(clmul(a, b));
}

/** Schoolbook in y with each coefficient an unreduced GF(2)[x] sum, then y^3 = y + 1, then mod the K polynomial. */
export function eMulOracle(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const p = [0n, 0n, 0n, 0n, 0n];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) p[i + j] ^= clmul(a[i], b[j]);
  for (let d = 4; d >= 3; d--) {
    // y^d = y^(d-2) + y^(d-3)
    p[d - 2] ^= p[d];
    p[d - 3] ^= p[d];
    p[d] = 0n;
  }
  return p.slice(0, 3).map(reduceK);
}
