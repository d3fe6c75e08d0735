// Machine words as the compiler makes them: source literals (the low 128 bits of a word),
// f192 limbs, powers of the generator g = x (addresses, indices and pcs live in the exponent),
// and the BLAKE2s constants an instruction carries.
import { type E, eFromLimbs } from '../field/e';
import { type K, kInv, kMul, kOne, kSquare } from '../field/k';
import { PARAM_IV } from '../hash/blake2s';
import { U64_MAX } from './u128';

const limb = (v: bigint): K => Uint32Array.of(Number(v & 0xffffffffn), Number((v >> 32n) & 0xffffffffn));

/** The word with limbs (c0, c1, c2), each a u64. */
export function f192(c0: bigint, c1: bigint, c2: bigint): E {
  return eFromLimbs(limb(c0), limb(c1), limb(c2));
}

/** A source literal: its 128 bits fill c0 (low) and c1 (high). */
export function litWord(v: bigint): E {
  return f192(v & U64_MAX, v >> 64n, 0n);
}

export function wordLimb(w: E, i: number): bigint {
  return BigInt(w[2 * i]) | (BigInt(w[2 * i + 1]) << 32n);
}

/** A key for maps of words. */
export function wordKey(w: E): string {
  return `${w[0]},${w[1]},${w[2]},${w[3]},${w[4]},${w[5]}`;
}

export const ORDER_G = (1n << 64n) - 1n;
const G: K = Uint32Array.of(2, 0);

// g^0 .. g^(n-1) as packed K pairs, grown on demand: pcs and frame offsets are small and dense.
const TABLE_MAX = 1 << 22;
let table = new Uint32Array(2 * 1024);
let tableLen = 0;

function gPowSmall(e: number): K {
  if (e >= tableLen) {
    let need = table.length / 2;
    while (need <= e) need *= 2;
    if (need > table.length / 2) {
      const t = new Uint32Array(2 * need);
      t.set(table.subarray(0, 2 * tableLen));
      table = t;
    }
    if (tableLen === 0) {
      table[0] = 1;
      tableLen = 1;
    }
    for (; tableLen <= e; tableLen++) {
      const p = kMul(table.subarray(2 * tableLen - 2, 2 * tableLen), G);
      table[2 * tableLen] = p[0];
      table[2 * tableLen + 1] = p[1];
    }
  }
  return table.slice(2 * e, 2 * e + 2);
}

/** g^e in K (e any non-negative integer; g has order 2^64 - 1). */
export function gPowK(e: bigint): K {
  const r = e % ORDER_G;
  if (r < BigInt(TABLE_MAX)) return gPowSmall(Number(r));
  let acc = kOne();
  for (let bit = BigInt(r.toString(2).length - 1); bit >= 0n; bit--) {
    acc = kSquare(acc);
    if ((r >> bit) & 1n) acc = kMul(acc, G);
  }
  return acc;
}

/** g^e as a word (c0 = g^e, c1 = c2 = 0). */
export function gPow(e: bigint | number): E {
  const k = typeof e === 'number' && e < TABLE_MAX ? gPowSmall(e) : gPowK(BigInt(e));
  return Uint32Array.of(k[0], k[1], 0, 0, 0, 0);
}

/** g^-1 as a word. */
export const G_INV: E = (() => {
  const k = kInv(G);
  return Uint32Array.of(k[0], k[1], 0, 0, 0, 0);
})();

/** The BLAKE2s-256 initial chaining value as the two cells a chaining value occupies: cell j
 * holds IV words 4j..4j+4 as the 128-bit chunk (c0, c1, 0). */
export const IV_CELLS: readonly E[] = [0, 1].map((j) => Uint32Array.of(...PARAM_IV.subarray(4 * j, 4 * j + 4), 0, 0));

/** A BLAKE2S instruction's metadata immediate: (counter, f0 | f1 << 32, 0). */
export function blake2sMetadata(counter: bigint, f0: number, f1: number): E {
  return f192(counter, BigInt(f0 >>> 0) | (BigInt(f1 >>> 0) << 32n), 0n);
}
