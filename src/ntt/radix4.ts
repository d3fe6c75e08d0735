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

/** Forward layers ℓ, ℓ+1 on the block at data[start .. start + 4·quarter). */
export function forwardRadix4(
  data: Uint32Array,
  start: number,
  quarter: number,
  t: KConstMulByte,
  tA: KConstMulByte,
  tB: KConstMulByte,
): void {
  const tl = t.lo, th = t.hi, al = tA.lo, ah = tA.hi, bl = tB.lo, bh = tB.hi;
  for (let i = start, end = start + quarter; i < end; i += 2) {
    const ib = i + quarter, ic = ib + quarter, id = ic + quarter;
    let a0 = data[i] | 0, a1 = data[i + 1] | 0, b0 = data[ib] | 0, b1 = data[ib + 1] | 0;
    let c0 = data[ic] | 0, c1 = data[ic + 1] | 0, d0 = data[id] | 0, d1 = data[id + 1] | 0;
    let x, r0, r1;
    // A += t·C, C += A
    x = c0 & 255; r0 = tl[x]; r1 = th[x];
    x = 256 | ((c0 >>> 8) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 512 | ((c0 >>> 16) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 768 | (c0 >>> 24); r0 ^= tl[x]; r1 ^= th[x];
    x = 1024 | (c1 & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1280 | ((c1 >>> 8) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1536 | ((c1 >>> 16) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1792 | (c1 >>> 24); r0 ^= tl[x]; r1 ^= th[x];
    a0 ^= r0; a1 ^= r1; c0 ^= a0; c1 ^= a1;
    // B += t·D, D += B
    x = d0 & 255; r0 = tl[x]; r1 = th[x];
    x = 256 | ((d0 >>> 8) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 512 | ((d0 >>> 16) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 768 | (d0 >>> 24); r0 ^= tl[x]; r1 ^= th[x];
    x = 1024 | (d1 & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1280 | ((d1 >>> 8) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1536 | ((d1 >>> 16) & 255); r0 ^= tl[x]; r1 ^= th[x];
    x = 1792 | (d1 >>> 24); r0 ^= tl[x]; r1 ^= th[x];
    b0 ^= r0; b1 ^= r1; d0 ^= b0; d1 ^= b1;
    // A += tA·B, B += A
    x = b0 & 255; r0 = al[x]; r1 = ah[x];
    x = 256 | ((b0 >>> 8) & 255); r0 ^= al[x]; r1 ^= ah[x];
    x = 512 | ((b0 >>> 16) & 255); r0 ^= al[x]; r1 ^= ah[x];
    x = 768 | (b0 >>> 24); r0 ^= al[x]; r1 ^= ah[x];
    x = 1024 | (b1 & 255); r0 ^= al[x]; r1 ^= ah[x];
    x = 1280 | ((b1 >>> 8) & 255); r0 ^= al[x]; r1 ^= ah[x];
    x = 1536 | ((b1 >>> 16) & 255); r0 ^= al[x]; r1 ^= ah[x];
    x = 1792 | (b1 >>> 24); r0 ^= al[x]; r1 ^= ah[x];
    a0 ^= r0; a1 ^= r1; b0 ^= a0; b1 ^= a1;
    // C += tB·D, D += C
    x = d0 & 255; r0 = bl[x]; r1 = bh[x];
    x = 256 | ((d0 >>> 8) & 255); r0 ^= bl[x]; r1 ^= bh[x];
    x = 512 | ((d0 >>> 16) & 255); r0 ^= bl[x]; r1 ^= bh[x];
    x = 768 | (d0 >>> 24); r0 ^= bl[x]; r1 ^= bh[x];
    x = 1024 | (d1 & 255); r0 ^= bl[x]; r1 ^= bh[x];
    x = 1280 | ((d1 >>> 8) & 255); r0 ^= bl[x]; r1 ^= bh[x];
    x = 1536 | ((d1 >>> 16) & 255); r0 ^= bl[x]; r1 ^= bh[x];
    x = 1792 | (d1 >>> 24); r0 ^= bl[x]; r1 ^= bh[x];
    c0 ^= r0; c1 ^= r1; d0 ^= c0; d1 ^= c1;
    data[i] = a0; data[i + 1] = a1; data[ib] = b0; data[ib + 1] = b1;
    data[ic] = c0; data[ic + 1] = c1; data[id] = d0; data[id + 1] = d1;
  }
}
