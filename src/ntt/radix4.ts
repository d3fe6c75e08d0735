// Two forward layers in one pass (radix 4). A layer-ℓ block splits into quarters
// A, B, C, D (each a contiguous run of `quarter` u32 words): layer ℓ pairs A–C and B–D
// under t, layer ℓ+1 pairs A–B under tA and C–D under tB. Each group of four K words is
// loaded once, takes its four butterflies in registers, and is stored once: against two
// radix-2 sweeps that saves half the loads and stores and the separate XOR pass, ≈ 25% of
// a byte-table layer pair on V8.
//
// The four products are spelled out: V8 keeps neither a two-word result of a helper call
// nor a small result array in registers, and either form gives the gain back.
import type { KConstMulByte } from '../field/k-const';

/**
 * Forward layers ℓ, ℓ+1 on the groups of a block whose A words are data[start .. start +
 * words): B, C, D lie `quarter`, 2·quarter, 3·quarter words on (a whole block is words =
 * quarter from its first word; a part of it, a column range).
 */
export function forwardRadix4(
  data: Uint32Array,
  start: number,
  quarter: number,
  words: number,
  t: KConstMulByte,
  tA: KConstMulByte,
  tB: KConstMulByte,
): void {
  const tt = t.table, at = tA.table, bt = tB.table;
  for (let i = start, end = start + words; i < end; i += 2) {
    const ib = i + quarter, ic = ib + quarter, id = ic + quarter;
    let a0 = data[i] | 0, a1 = data[i + 1] | 0, b0 = data[ib] | 0, b1 = data[ib + 1] | 0;
    let c0 = data[ic] | 0, c1 = data[ic + 1] | 0, d0 = data[id] | 0, d1 = data[id + 1] | 0;
    let x, r0, r1;
    // A += t·C, C += A
    x = (c0 & 255) << 1; r0 = tt[x]; r1 = tt[x + 1];
    x = 512 | ((c0 >>> 7) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 1024 | ((c0 >>> 15) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 1536 | ((c0 >>> 23) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 2048 | ((c1 & 255) << 1); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 2560 | ((c1 >>> 7) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 3072 | ((c1 >>> 15) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 3584 | ((c1 >>> 23) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    a0 ^= r0; a1 ^= r1; c0 ^= a0; c1 ^= a1;
    // B += t·D, D += B
    x = (d0 & 255) << 1; r0 = tt[x]; r1 = tt[x + 1];
    x = 512 | ((d0 >>> 7) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 1024 | ((d0 >>> 15) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 1536 | ((d0 >>> 23) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 2048 | ((d1 & 255) << 1); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 2560 | ((d1 >>> 7) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 3072 | ((d1 >>> 15) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    x = 3584 | ((d1 >>> 23) & 510); r0 ^= tt[x]; r1 ^= tt[x + 1];
    b0 ^= r0; b1 ^= r1; d0 ^= b0; d1 ^= b1;
    // A += tA·B, B += A
    x = (b0 & 255) << 1; r0 = at[x]; r1 = at[x + 1];
    x = 512 | ((b0 >>> 7) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 1024 | ((b0 >>> 15) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 1536 | ((b0 >>> 23) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 2048 | ((b1 & 255) << 1); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 2560 | ((b1 >>> 7) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 3072 | ((b1 >>> 15) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    x = 3584 | ((b1 >>> 23) & 510); r0 ^= at[x]; r1 ^= at[x + 1];
    a0 ^= r0; a1 ^= r1; b0 ^= a0; b1 ^= a1;
    // C += tB·D, D += C
    x = (d0 & 255) << 1; r0 = bt[x]; r1 = bt[x + 1];
    x = 512 | ((d0 >>> 7) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 1024 | ((d0 >>> 15) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 1536 | ((d0 >>> 23) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 2048 | ((d1 & 255) << 1); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 2560 | ((d1 >>> 7) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 3072 | ((d1 >>> 15) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    x = 3584 | ((d1 >>> 23) & 510); r0 ^= bt[x]; r1 ^= bt[x + 1];
    c0 ^= r0; c1 ^= r1; d0 ^= c0; d1 ^= c1;
    data[i] = a0; data[i + 1] = a1; data[ib] = b0; data[ib + 1] = b1;
    data[ic] = c0; data[ic + 1] = c1; data[id] = d0; data[id + 1] = d1;
  }
}

/**
 * forwardRadix4 on block 0, whose twiddles t and tA are 0: C += A, D += B, B += A, then
 * the one product C += tB·D, D += C. Block 0 of the first pair is a quarter to a half of
 * the codeword, so skipping the three zero products is worth its own loop.
 */
export function forwardRadix4FirstBlock(data: Uint32Array, start: number, quarter: number, words: number, tB: KConstMulByte): void {
  const bt = tB.table;
  for (let i = start, end = start + words; i < end; i += 2) {
    const ib = i + quarter, ic = ib + quarter, id = ic + quarter;
    const a0 = data[i] | 0, a1 = data[i + 1] | 0, b0 = data[ib] | 0, b1 = data[ib + 1] | 0;
    let c0 = data[ic] ^ a0, c1 = data[ic + 1] ^ a1;
    const d0 = data[id] ^ b0, d1 = data[id + 1] ^ b1;
    let x;
    x = (d0 & 255) << 1; c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 512 | ((d0 >>> 7) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 1024 | ((d0 >>> 15) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 1536 | ((d0 >>> 23) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 2048 | ((d1 & 255) << 1); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 2560 | ((d1 >>> 7) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 3072 | ((d1 >>> 15) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    x = 3584 | ((d1 >>> 23) & 510); c0 ^= bt[x]; c1 ^= bt[x + 1];
    data[ib] = b0 ^ a0; data[ib + 1] = b1 ^ a1;
    data[ic] = c0; data[ic + 1] = c1;
    data[id] = d0 ^ c0; data[id + 1] = d1 ^ c1;
  }
}
