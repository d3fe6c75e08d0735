// Machine words as the compiler makes them: source literals (the low 128 bits of a word),
// f192 limbs, powers of the generator g = x (addresses, indices and pcs live in the exponent),
// and the BLAKE2s constants an instruction carries.
import { type E, eFromLimbs } from '../field/e';
import { type K, kInv, kMul, kOne, kSquare } from '../field/k';
import { PARAM_IV } from '../hash/blake2s';
import { GPow } from '../vm/gpow';
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

/** A key for maps of words. */
export function wordKey(w: E): string {
  return `${w[0]},${w[1]},${w[2]},${w[3]},${w[4]},${w[5]}`;
}

/** The order of g: exponents are taken modulo it. */
const ORDER_G = (1n << 64n) - 1n;
const G: K = Uint32Array.of(2, 0);

// pcs, frame offsets and most indices are small: those powers come from a table grown on demand.
const TABLE_MAX = 1 << 22;
let table: GPow | null = null;

/** g^e as a word (c0 = g^e, c1 = c2 = 0), for any non-negative integer e. */
export function gPow(e: bigint | number): E {
  const r = typeof e === 'number' ? e : e % ORDER_G;
  if (r < TABLE_MAX) {
    const k = Number(r);
    table ??= new GPow(0);
    table.growTo(k);
    return Uint32Array.of(table.lo(k), table.hi(k), 0, 0, 0, 0);
  }
  let acc = kOne();
  const big = BigInt(r);
  for (let bit = BigInt(big.toString(2).length - 1); bit >= 0n; bit--) {
    acc = kSquare(acc);
    if ((big >> bit) & 1n) acc = kMul(acc, G);
  }
  return Uint32Array.of(acc[0], acc[1], 0, 0, 0, 0);
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
