// Multiplication by a fixed K element t. The map a ↦ t·a is GF(2)-linear, so t·a is the
// XOR of one table entry per w-bit window of a: T_j[v] = t·(v·x^(w·j)), already reduced.
// A product is then 64/w lookups and XORs, with no carry-less multiply and no reduction.
// NTT twiddles are the intended use: one t, thousands of products.
//
// Cost on V8 (Node 20, this project's 2-core EPYC; runs of products): byte windows ≈ 9 ns
// a product after a ≈ 4.2 µs build (8 × 256 entries), nibble windows ≈ 15.5 ns after
// ≈ 0.3 µs (16 × 16 entries, built spelled out), kMulAt ≈ 60–85 ns. `KConstMuls` picks by
// the number of products the constant will serve.
import { kMulAt } from './k';

/** Products by the constant t of the last `set`. Runs, not single products: one call per
 * run keeps the per-product loop monomorphic whichever kind a caller holds. */
export interface KConstMul {
  /** Rebuild for t = (lo, hi) u32 words. */
  set(lo: number, hi: number): void;
  /** out[o + 2i ..] ^= t·a[ai + 2i ..] for i < count (packed K); out must not overlap a. */
  mulXorRun(out: Uint32Array, o: number, a: Uint32Array, ai: number, count: number): void;
}

/**
 * Fills `table` with T_j[v] = t·(v·x^(w·j)) for windows j = 0 .. 64/w − 1: entry
 * e = (j << w) | v as its low and high words at 2e, 2e + 1. Each window's table is
 * doubled up from the basis products t·x^i, which are walked one x at a time.
 */
function buildWindowTables(table: Int32Array, w: number, t0: number, t1: number): void {
  let b0 = t0 | 0;
  let b1 = t1 | 0;
  for (let j = 0, windows = (64 / w) | 0; j < windows; j++) {
    const base = (2 * j) << w;
    table[base] = 0;
    table[base + 1] = 0;
    for (let k = 0; k < w; k++) {
      const s = 2 << k;
      for (let v = 0; v < s; v += 2) {
        table[base + s + v] = table[base + v] ^ b0;
        table[base + s + v + 1] = table[base + v + 1] ^ b1;
      }
      // b ← b·x mod x^64 + x^4 + x^3 + x + 1.
      const spill = b1 >> 31;
      b1 = (b1 << 1) | (b0 >>> 31);
      b0 = (b0 << 1) ^ (spill & 0x1b);
    }
  }
}

/** Eight 256-entry tables (16 KiB): the fastest per product, for constants used ≳ 1000 times. */
export class KConstMulByte implements KConstMul {
  /** Entry (j << 8) | v at words 2e, 2e + 1: the low and high word of t·(v·x^(8j)). One
   * array rather than a low and a high one: an entry is one cache line, not two, and the
   * three tables of a radix-4 pass (48 KiB) contend less for L1. Read by fused kernels. */
  readonly table = new Int32Array(4096);

  set(t0: number, t1: number): void {
    buildWindowTables(this.table, 8, t0, t1);
  }

  mulXorRun(out: Uint32Array, o: number, a: Uint32Array, ai: number, count: number): void {
    const t = this.table;
    for (let i = 0; i < 2 * count; i += 2) {
      const a0 = a[ai + i] | 0;
      const a1 = a[ai + i + 1] | 0;
      let x = (a0 & 255) << 1;
      let r0 = t[x];
      let r1 = t[x + 1];
      x = 512 | ((a0 >>> 7) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 1024 | ((a0 >>> 15) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 1536 | ((a0 >>> 23) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 2048 | ((a1 & 255) << 1); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 2560 | ((a1 >>> 7) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 3072 | ((a1 >>> 15) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      x = 3584 | ((a1 >>> 23) & 510); r0 ^= t[x]; r1 ^= t[x + 1];
      out[o + i] ^= r0;
      out[o + i + 1] ^= r1;
    }
  }
}

/** Sixteen 16-entry tables (2 KiB): cheap to build, for constants used ≳ 10 times. */
export class KConstMulNibble implements KConstMul {
  private readonly lo = new Int32Array(256);
  private readonly hi = new Int32Array(256);

  /** buildWindowTables' w = 4 tables (in separate low and high arrays), spelled out: the
   * loop form's tiny inner loops cost more than the 256 XORs, and the deep NTT layers
   * rebuild these tables every 64 to 512 products. */
  set(t0: number, t1: number): void {
    const lo = this.lo;
    const hi = this.hi;
    let b0 = t0 | 0;
    let b1 = t1 | 0;
    for (let base = 0; base < 256; base += 16) {
      // The window's basis products t·x^(4j+k), k = 0..3, then every XOR of them.
      const p0 = b0, q0 = b1;
      let spill = b1 >> 31;
      b1 = (b1 << 1) | (b0 >>> 31); b0 = (b0 << 1) ^ (spill & 0x1b);
      const p1 = b0, q1 = b1;
      spill = b1 >> 31;
      b1 = (b1 << 1) | (b0 >>> 31); b0 = (b0 << 1) ^ (spill & 0x1b);
      const p2 = b0, q2 = b1;
      spill = b1 >> 31;
      b1 = (b1 << 1) | (b0 >>> 31); b0 = (b0 << 1) ^ (spill & 0x1b);
      const p3 = b0, q3 = b1;
      spill = b1 >> 31;
      b1 = (b1 << 1) | (b0 >>> 31); b0 = (b0 << 1) ^ (spill & 0x1b);
      const p01 = p0 ^ p1, q01 = q0 ^ q1, p23 = p2 ^ p3, q23 = q2 ^ q3;
      lo[base] = 0; hi[base] = 0;
      lo[base + 1] = p0; hi[base + 1] = q0;
      lo[base + 2] = p1; hi[base + 2] = q1;
      lo[base + 3] = p01; hi[base + 3] = q01;
      lo[base + 4] = p2; hi[base + 4] = q2;
      lo[base + 5] = p2 ^ p0; hi[base + 5] = q2 ^ q0;
      lo[base + 6] = p2 ^ p1; hi[base + 6] = q2 ^ q1;
      lo[base + 7] = p2 ^ p01; hi[base + 7] = q2 ^ q01;
      lo[base + 8] = p3; hi[base + 8] = q3;
      lo[base + 9] = p3 ^ p0; hi[base + 9] = q3 ^ q0;
      lo[base + 10] = p3 ^ p1; hi[base + 10] = q3 ^ q1;
      lo[base + 11] = p3 ^ p01; hi[base + 11] = q3 ^ q01;
      lo[base + 12] = p23; hi[base + 12] = q23;
      lo[base + 13] = p23 ^ p0; hi[base + 13] = q23 ^ q0;
      lo[base + 14] = p23 ^ p1; hi[base + 14] = q23 ^ q1;
      lo[base + 15] = p23 ^ p01; hi[base + 15] = q23 ^ q01;
    }
  }

  mulXorRun(out: Uint32Array, o: number, a: Uint32Array, ai: number, count: number): void {
    const lo = this.lo;
    const hi = this.hi;
    for (let i = 0; i < 2 * count; i += 2) {
      const a0 = a[ai + i] | 0;
      const a1 = a[ai + i + 1] | 0;
      // Unrolled: V8 does not unroll a window loop, and the loop form is half as fast.
      let x = a0 & 15;
      let r0 = lo[x];
      let r1 = hi[x];
      x = 16 | ((a0 >>> 4) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 32 | ((a0 >>> 8) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 48 | ((a0 >>> 12) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 64 | ((a0 >>> 16) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 80 | ((a0 >>> 20) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 96 | ((a0 >>> 24) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 112 | (a0 >>> 28); r0 ^= lo[x]; r1 ^= hi[x];
      x = 128 | (a1 & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 144 | ((a1 >>> 4) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 160 | ((a1 >>> 8) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 176 | ((a1 >>> 12) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 192 | ((a1 >>> 16) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 208 | ((a1 >>> 20) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 224 | ((a1 >>> 24) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 240 | (a1 >>> 28); r0 ^= lo[x]; r1 ^= hi[x];
      out[o + i] ^= r0;
      out[o + i + 1] ^= r1;
    }
  }

  /**
   * Forward NTT butterflies u += t·v, v += u on `words` u32 words: u at data[start..],
   * v `half` words on. One pass, where mulXorRun and a separate XOR would take two: the
   * deep layers that use these tables are a third of an encode.
   */
  forwardButterflies(data: Uint32Array, start: number, half: number, words: number): void {
    const lo = this.lo;
    const hi = this.hi;
    for (let i = start, end = start + words; i < end; i += 2) {
      const a0 = data[i + half] | 0;
      const a1 = data[i + half + 1] | 0;
      let x = a0 & 15;
      let r0 = lo[x];
      let r1 = hi[x];
      x = 16 | ((a0 >>> 4) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 32 | ((a0 >>> 8) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 48 | ((a0 >>> 12) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 64 | ((a0 >>> 16) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 80 | ((a0 >>> 20) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 96 | ((a0 >>> 24) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 112 | (a0 >>> 28); r0 ^= lo[x]; r1 ^= hi[x];
      x = 128 | (a1 & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 144 | ((a1 >>> 4) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 160 | ((a1 >>> 8) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 176 | ((a1 >>> 12) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 192 | ((a1 >>> 16) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 208 | ((a1 >>> 20) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 224 | ((a1 >>> 24) & 15); r0 ^= lo[x]; r1 ^= hi[x];
      x = 240 | (a1 >>> 28); r0 ^= lo[x]; r1 ^= hi[x];
      const u0 = data[i] ^ r0;
      const u1 = data[i + 1] ^ r1;
      data[i] = u0;
      data[i + 1] = u1;
      data[i + half] = a0 ^ u0;
      data[i + half + 1] = a1 ^ u1;
    }
  }
}

/** No tables: a full product per call, for constants used only a few times. */
export class KConstMulDirect implements KConstMul {
  private readonly t = new Uint32Array(2);
  private readonly p = new Uint32Array(2);

  set(t0: number, t1: number): void {
    this.t[0] = t0;
    this.t[1] = t1;
  }

  mulXorRun(out: Uint32Array, o: number, a: Uint32Array, ai: number, count: number): void {
    const t = this.t;
    const p = this.p;
    for (let i = 0; i < 2 * count; i += 2) {
      kMulAt(p, 0, t, 0, a, ai + i);
      out[o + i] ^= p[0];
      out[o + i + 1] ^= p[1];
    }
  }
}

/** Below this many products per constant, building even the nibble tables does not pay. */
const NIBBLE_MIN_USES = 8;
/** From this many products per constant on, the byte tables' build cost is repaid. */
export const BYTE_MIN_USES = 1024;

/** One multiplier of each kind, handed out by expected use, so that a caller changing
 * its constant often (an NTT walking its blocks) allocates nothing. */
export class KConstMuls {
  private readonly byte = new KConstMulByte();
  private readonly nibble = new KConstMulNibble();
  private readonly direct = new KConstMulDirect();

  /** The kind that is cheapest for a constant serving `uses` products (call set on it). */
  forUses(uses: number): KConstMul {
    if (uses >= BYTE_MIN_USES) return this.byte;
    if (uses >= NIBBLE_MIN_USES) return this.nibble;
    return this.direct;
  }
}
