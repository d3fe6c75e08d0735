// Multiplication by a fixed K element t. The map a ↦ t·a is GF(2)-linear, so t·a is the
// XOR of one table entry per w-bit window of a: T_j[v] = t·(v·x^(w·j)), already reduced.
// A product is then 64/w lookups and XORs, with no carry-less multiply and no reduction.
// NTT twiddles are the intended use: one t, thousands of products.
//
// Cost on V8 (Node 20, this project's 2-core EPYC; runs of products): byte windows ≈ 9.4 ns
// a product after a ≈ 4.2 µs build (8 × 256 entries), nibble windows ≈ 15.5 ns after
// ≈ 0.55 µs (16 × 16 entries), kMulAt ≈ 60–85 ns. `KConstMuls` picks by the number of
// products the constant will serve.
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
 * Fills lo/hi (the low and high words of each entry) with T_j[v] = t·(v·x^(w·j)) for
 * windows j = 0 .. 64/w − 1, entry (j << w) | v. Each window's table is doubled up from
 * the basis products t·x^i, which are walked one x at a time.
 */
function buildWindowTables(lo: Int32Array, hi: Int32Array, w: number, t0: number, t1: number): void {
  let b0 = t0 | 0;
  let b1 = t1 | 0;
  for (let j = 0, windows = (64 / w) | 0; j < windows; j++) {
    const base = j << w;
    lo[base] = 0;
    hi[base] = 0;
    for (let k = 0; k < w; k++) {
      const s = 1 << k;
      for (let v = 0; v < s; v++) {
        lo[base + s + v] = lo[base + v] ^ b0;
        hi[base + s + v] = hi[base + v] ^ b1;
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
  /** Entry (j << 8) | v holds the low / high word of t·(v·x^(8j)); read by fused kernels. */
  readonly lo = new Int32Array(2048);
  readonly hi = new Int32Array(2048);

  set(t0: number, t1: number): void {
    buildWindowTables(this.lo, this.hi, 8, t0, t1);
  }

  mulXorRun(out: Uint32Array, o: number, a: Uint32Array, ai: number, count: number): void {
    const lo = this.lo;
    const hi = this.hi;
    for (let i = 0; i < 2 * count; i += 2) {
      const a0 = a[ai + i] | 0;
      const a1 = a[ai + i + 1] | 0;
      let x = a0 & 255;
      let r0 = lo[x];
      let r1 = hi[x];
      x = 256 | ((a0 >>> 8) & 255); r0 ^= lo[x]; r1 ^= hi[x];
      x = 512 | ((a0 >>> 16) & 255); r0 ^= lo[x]; r1 ^= hi[x];
      x = 768 | (a0 >>> 24); r0 ^= lo[x]; r1 ^= hi[x];
      x = 1024 | (a1 & 255); r0 ^= lo[x]; r1 ^= hi[x];
      x = 1280 | ((a1 >>> 8) & 255); r0 ^= lo[x]; r1 ^= hi[x];
      x = 1536 | ((a1 >>> 16) & 255); r0 ^= lo[x]; r1 ^= hi[x];
      x = 1792 | (a1 >>> 24); r0 ^= lo[x]; r1 ^= hi[x];
      out[o + i] ^= r0;
      out[o + i + 1] ^= r1;
    }
  }
}

/** Sixteen 16-entry tables (2 KiB): cheap to build, for constants used ≳ 10 times. */
export class KConstMulNibble implements KConstMul {
  private readonly lo = new Int32Array(256);
  private readonly hi = new Int32Array(256);

  set(t0: number, t1: number): void {
    buildWindowTables(this.lo, this.hi, 4, t0, t1);
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
