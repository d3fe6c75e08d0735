// The zerocheck's univariate-skip pass (docs/protocol.md §9.3), in GF(2^8). For λ ∈ Λ the skip
// extension a♯(λ, v) = Σ_s L_s(λ)·a(s, v) of a bit word is a GF(2^8) value, an F2-linear image
// of the 64 bits, so the round-1 message
//   P(λ) = Σ_v eq(r, v)·(a♯(λ,v)·b♯(λ,v) + c♯(λ,v))
// is byte arithmetic until the last step. All 64 λ are done at once, bitsliced: "plane j" is a
// 64-bit lane mask holding bit j of the byte for every λ, the linear maps are byte-indexed
// tables of planes, and a product is a carry-less 8×8 multiply of planes.
//
// The weights split as eq(r, v) = C_s·t^K · W(g) for the word v = 8g + K: the low three bits
// carry GF(2^8) powers of t, so Σ_K t^K·y_K is a shift-and-XOR of planes reduced once per
// group; the group weight W(g) = eq(r_3.., g) is an E value. The pass's sums are, per set of
// group bytes and lane λ, Σ_g W(g)·φ8(the group's byte at λ) (SKIP_SUM_WORDS): here W is added
// into bins keyed by (plane, lane byte, byte value), resolved into those sums per run, as φ8 is
// linear; a native backend may sum them its own way (host/native/src/skip_bytes.h).
// W is never tabulated: it is eq on the group's bits within its block times eq on the block's
// bits (SkipWeights), one product a group, and a padding tail of copies is its first block
// weighted by the copies' summed block weights.
//
// The same pass collects what the first multilinear round needs (it binds the lowest word
// bit v_0 once z is drawn): that round's G(1) and G(∞) are the values at z of
//   Q1(Y) = Σ_x eq(r_{>0}, x)·f♯(Y, 1, x)                   (zero on S for a satisfying witness)
//   Q∞(Y) = Σ_x eq(r_{>0}, x)·(a0 + a1)♯(Y, x)·(b0 + b1)♯(Y, x)
// over the pairs x = (2j, 2j + 1) of every group, f = a·b + c. Their weights are GF(2^8)
// multiples of the same W(g): eq(r_{>0}, x) = eq(r, 2j + 1)/r_0 = C_s·t^(2j)/(1 + r_0)·W(g).
// So Q1 on Λ is the odd words' share of round 1 over r_0, and Q∞ is binned like round 1,
// on Λ from the pair sums' bytes and on S from their bits.
import { type E, eMulKAt } from '../../field/e';
import { gf8Inv, gf8Mul } from '../../field/gf8';
import { PHI } from '../../field/phi8';
import { ShapeError } from '../../util/errors';
import { eqTableFast } from './eq-table';
import { BLOCK_U32 } from './layout';
import { LAMBDA_LAGRANGE, SKIP_NODES } from './skip-domain';
import { C_S_F8, SMALL_F8 } from './challenges';
import { ConstMul } from './padded-tables';

/** LT[(256k + β)·16 + 8h + p]: lanes 32h..32h+31 of plane p of the Λ image of byte β at byte position k. */
const LT = new Int32Array(8 * 256 * 16);
for (let k = 0; k < 8; k++) {
  const base = k * 256 * 16;
  for (let bit = 0; bit < 8; bit++) {
    const s = 8 * k + bit, at = base + 16 * (1 << bit);
    for (let lane = 0; lane < 64; lane++) {
      const l = LAMBDA_LAGRANGE[SKIP_NODES * lane + s];
      for (let p = 0; p < 8; p++) LT[at + 8 * (lane >>> 5) + p] |= ((l >>> p) & 1) << (lane & 31);
    }
  }
  for (let beta = 3; beta < 256; beta++) {
    const low = beta & -beta;
    if (low === beta) continue;
    for (let q = 0; q < 16; q++) LT[base + 16 * beta + q] = LT[base + 16 * (beta ^ low) + q] ^ LT[base + 16 * low + q];
  }
}

// Bin keys: set base + 8·plane + lane byte (bytes 0..3 of the low lane word, 4..7 of the high).
const KEY_E = 0; // Λ: Σ_{K even} t^K·f♯ over the group's even words, f = a·b + c
const KEY_O = 64; // Λ: the same over odd words
const KEY_I = 128; // Λ: Σ_j t^(2j)·(a_2j + a_2j+1)♯·(b_2j + b_2j+1)♯
const KEY_D = 192; // S: slot j holds plane 2j, the bits (a_2j ⊕ a_2j+1) ∧ (b_2j ⊕ b_2j+1)
const KEYS = 224;

/** Planes (both lane halves, 16 words each) of a, b, c of the current even word, then of the odd one. */
const PL = new Int32Array(96);
/** Per lane half (65 words each): E accumulator (22 planes), O (22), I (21), unreduced. */
const ACC = new Int32Array(130);

/** out[o..o+16) = the planes of the Λ image of the 64-bit word (lo, hi), both lane halves. */
function planes(out: Int32Array, o: number, lo: number, hi: number): void {
  const t = LT;
  let i = (lo & 255) << 4;
  let p0 = t[i], p1 = t[i + 1], p2 = t[i + 2], p3 = t[i + 3], p4 = t[i + 4], p5 = t[i + 5], p6 = t[i + 6], p7 = t[i + 7], p8 = t[i + 8], p9 = t[i + 9], p10 = t[i + 10], p11 = t[i + 11], p12 = t[i + 12], p13 = t[i + 13], p14 = t[i + 14], p15 = t[i + 15];
  i = (256 | ((lo >>> 8) & 255)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (512 | ((lo >>> 16) & 255)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (768 | (lo >>> 24)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (1024 | (hi & 255)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (1280 | ((hi >>> 8) & 255)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (1536 | ((hi >>> 16) & 255)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  i = (1792 | (hi >>> 24)) << 4;
  p0 ^= t[i]; p1 ^= t[i + 1]; p2 ^= t[i + 2]; p3 ^= t[i + 3]; p4 ^= t[i + 4]; p5 ^= t[i + 5]; p6 ^= t[i + 6]; p7 ^= t[i + 7]; p8 ^= t[i + 8]; p9 ^= t[i + 9]; p10 ^= t[i + 10]; p11 ^= t[i + 11]; p12 ^= t[i + 12]; p13 ^= t[i + 13]; p14 ^= t[i + 14]; p15 ^= t[i + 15];
  out[o] = p0; out[o + 1] = p1; out[o + 2] = p2; out[o + 3] = p3; out[o + 4] = p4; out[o + 5] = p5; out[o + 6] = p6; out[o + 7] = p7; out[o + 8] = p8; out[o + 9] = p9; out[o + 10] = p10; out[o + 11] = p11; out[o + 12] = p12; out[o + 13] = p13; out[o + 14] = p14; out[o + 15] = p15;
}

/**
 * acc[o..o+15) ^= the carry-less product of the plane bytes P[pa..pa+8) and P[pb..pb+8), plus
 * P[pc..pc+8) (pc < 0: none) on the low eight planes.
 */
function clmulInto(acc: Int32Array, o: number, P: Int32Array, pa: number, pb: number, pc: number): void {
  const a0 = P[pa], a1 = P[pa + 1], a2 = P[pa + 2], a3 = P[pa + 3], a4 = P[pa + 4], a5 = P[pa + 5], a6 = P[pa + 6], a7 = P[pa + 7];
  const b0 = P[pb], b1 = P[pb + 1], b2 = P[pb + 2], b3 = P[pb + 3], b4 = P[pb + 4], b5 = P[pb + 5], b6 = P[pb + 6], b7 = P[pb + 7];
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0, c7 = 0;
  if (pc >= 0) {
    c0 = P[pc]; c1 = P[pc + 1]; c2 = P[pc + 2]; c3 = P[pc + 3]; c4 = P[pc + 4]; c5 = P[pc + 5]; c6 = P[pc + 6]; c7 = P[pc + 7];
  }
  acc[o] ^= (a0 & b0) ^ c0;
  acc[o + 1] ^= (a0 & b1) ^ (a1 & b0) ^ c1;
  acc[o + 2] ^= (a0 & b2) ^ (a1 & b1) ^ (a2 & b0) ^ c2;
  acc[o + 3] ^= (a0 & b3) ^ (a1 & b2) ^ (a2 & b1) ^ (a3 & b0) ^ c3;
  acc[o + 4] ^= (a0 & b4) ^ (a1 & b3) ^ (a2 & b2) ^ (a3 & b1) ^ (a4 & b0) ^ c4;
  acc[o + 5] ^= (a0 & b5) ^ (a1 & b4) ^ (a2 & b3) ^ (a3 & b2) ^ (a4 & b1) ^ (a5 & b0) ^ c5;
  acc[o + 6] ^= (a0 & b6) ^ (a1 & b5) ^ (a2 & b4) ^ (a3 & b3) ^ (a4 & b2) ^ (a5 & b1) ^ (a6 & b0) ^ c6;
  acc[o + 7] ^= (a0 & b7) ^ (a1 & b6) ^ (a2 & b5) ^ (a3 & b4) ^ (a4 & b3) ^ (a5 & b2) ^ (a6 & b1) ^ (a7 & b0) ^ c7;
  acc[o + 8] ^= (a1 & b7) ^ (a2 & b6) ^ (a3 & b5) ^ (a4 & b4) ^ (a5 & b3) ^ (a6 & b2) ^ (a7 & b1);
  acc[o + 9] ^= (a2 & b7) ^ (a3 & b6) ^ (a4 & b5) ^ (a5 & b4) ^ (a6 & b3) ^ (a7 & b2);
  acc[o + 10] ^= (a3 & b7) ^ (a4 & b6) ^ (a5 & b5) ^ (a6 & b4) ^ (a7 & b3);
  acc[o + 11] ^= (a4 & b7) ^ (a5 & b6) ^ (a6 & b5) ^ (a7 & b4);
  acc[o + 12] ^= (a5 & b7) ^ (a6 & b6) ^ (a7 & b5);
  acc[o + 13] ^= (a6 & b7) ^ (a7 & b6);
  acc[o + 14] ^= a7 & b7;
}

/** Reduces planes acc[o..o+n) modulo t^8 + t^4 + t^3 + t + 1 into acc[o..o+8). */
function reduce(acc: Int32Array, o: number, n: number): void {
  for (let p = o + n - 1; p >= o + 8; p--) {
    const v = acc[p];
    acc[p - 4] ^= v;
    acc[p - 5] ^= v;
    acc[p - 7] ^= v;
    acc[p - 8] ^= v;
  }
}

/** Adds the weight W[wo..wo+6) into the bins of the four bytes of `lanes` (keys key..key+3). */
function scatter4(bins: Int32Array, key: number, lanes: number, W: Uint32Array, wo: number): void {
  const w0 = W[wo] | 0, w1 = W[wo + 1] | 0, w2 = W[wo + 2] | 0, w3 = W[wo + 3] | 0, w4 = W[wo + 4] | 0, w5 = W[wo + 5] | 0;
  for (let q = 0; q < 4; q++) {
    const i = ((key + q) * 256 + ((lanes >>> (8 * q)) & 255)) * 6;
    bins[i] ^= w0; bins[i + 1] ^= w1; bins[i + 2] ^= w2;
    bins[i + 3] ^= w3; bins[i + 4] ^= w4; bins[i + 5] ^= w5;
  }
}

/** One group of 8 words starting at u32 index `at` of the columns, weighted by W[wo..wo+6). */
function group(a: Uint32Array, b: Uint32Array, c: Uint32Array, at: number, bins: Int32Array, W: Uint32Array, wo: number): void {
  const acc = ACC, pl = PL;
  acc.fill(0);
  for (let j = 0; j < 4; j++) {
    const e = at + 4 * j, o = e + 2; // words 2j and 2j + 1
    planes(pl, 0, a[e], a[e + 1]);
    planes(pl, 16, b[e], b[e + 1]);
    planes(pl, 32, c[e], c[e + 1]);
    planes(pl, 48, a[o], a[o + 1]);
    planes(pl, 64, b[o], b[o + 1]);
    planes(pl, 80, c[o], c[o + 1]);
    for (let h = 0; h < 2; h++) {
      const base = 65 * h, p = 8 * h;
      clmulInto(acc, base + 2 * j, pl, p, 16 + p, 32 + p);
      clmulInto(acc, base + 22 + 2 * j + 1, pl, 48 + p, 64 + p, 80 + p);
    }
    for (let q = 0; q < 16; q++) {
      pl[q] ^= pl[48 + q];
      pl[16 + q] ^= pl[64 + q];
    }
    clmulInto(acc, 44 + 2 * j, pl, 0, 16, -1);
    clmulInto(acc, 65 + 44 + 2 * j, pl, 8, 24, -1);
    scatter4(bins, KEY_D + 8 * j, (a[e] ^ a[o]) & (b[e] ^ b[o]), W, wo);
    scatter4(bins, KEY_D + 8 * j + 4, (a[e + 1] ^ a[o + 1]) & (b[e + 1] ^ b[o + 1]), W, wo);
  }
  for (let h = 0; h < 2; h++) {
    const base = 65 * h;
    reduce(acc, base, 22);
    reduce(acc, base + 22, 22);
    reduce(acc, base + 44, 21);
    for (let p = 0; p < 8; p++) {
      scatter4(bins, KEY_E + 8 * p + 4 * h, acc[base + p], W, wo);
      scatter4(bins, KEY_O + 8 * p + 4 * h, acc[base + 22 + p], W, wo);
      scatter4(bins, KEY_I + 8 * p + 4 * h, acc[base + 44 + p], W, wo);
    }
  }
}

/** For each of the 8 lanes of key `key`: Σ of the bins whose byte has that lane's bit (8 E values). */
function laneSums(bins: Int32Array, key: number, out: Uint32Array): void {
  out.fill(0);
  const base = key * 256 * 6;
  for (let beta = 1; beta < 256; beta++) {
    const i = base + 6 * beta;
    for (let lane = 0; lane < 8; lane++) {
      if (((beta >>> lane) & 1) === 0) continue;
      for (let t = 0; t < 6; t++) out[6 * lane + t] ^= bins[i + t];
    }
  }
}

/** out[lane] ^= Σ_{p in planes} φ8(t^p)·(lane sums of the set's plane p) for the 64 lanes. */
function resolve(bins: Int32Array, set: number, planeSlots: readonly number[], planeDegrees: readonly number[], out: Uint32Array): void {
  const sums = new Uint32Array(48), prod = new Uint32Array(6);
  planeSlots.forEach((slot, idx) => {
    const basis = 2 * (1 << planeDegrees[idx]); // PHI offset of φ8(t^degree)
    for (let chunk = 0; chunk < 8; chunk++) {
      laneSums(bins, set + 8 * slot + chunk, sums);
      for (let lane = 0; lane < 8; lane++) {
        eMulKAt(prod, 0, sums, 6 * lane, PHI, basis);
        const o = 6 * (8 * chunk + lane);
        for (let t = 0; t < 6; t++) out[o + t] ^= prod[t];
      }
    }
  });
}

/** Every entry of v (packed E) times the K element φ8(f), in place. */
function scaleByF8(v: Uint32Array, f: number): Uint32Array {
  for (let i = 0; i < v.length; i += 6) eMulKAt(v, i, v, i, PHI, 2 * f);
  return v;
}

export interface SkipPassResult {
  /** P(φ8(64 + i)), i < 64: the round-1 message. */
  readonly round1: Uint32Array;
  /** Q1 on Λ (Q1 vanishes on S). */
  readonly q1: Uint32Array;
  /** Q∞ on S and on Λ. */
  readonly qInfS: Uint32Array;
  readonly qInfL: Uint32Array;
}

/** The packed bit columns the zerocheck proves a·b + c = 0 over (c is the committed z). */
export interface ZerocheckColumns {
  readonly a: Uint32Array;
  readonly b: Uint32Array;
  readonly c: Uint32Array;
}

const PLANES = [0, 1, 2, 3, 4, 5, 6, 7];

/** The skip pass's group weights, split (the pass's eq table is never built): group g weighs
 * lo[g mod n]·hi[⌊g / n⌋], packed E values, n of them in lo. */
export interface SkipWeights {
  readonly lo: Uint32Array;
  readonly hi: Uint32Array;
}

/** Groups in a block (16 words each), and the coordinates of the weights' point they take. */
export const BLOCK_GROUPS = BLOCK_U32 / 16;
export const GROUP_COORDS = Math.log2(BLOCK_GROUPS);

/** A run of consecutive groups from u32 word `at`, block t's group g weighted by
 * eq(r_3.., g)·hi[t] (the run's SkipWeights.hi). */
interface GroupRun {
  readonly at: number;
  readonly groups: number;
  readonly hi: Uint32Array;
}

/**
 * Checks a pass over `blocks` blocks of which those from `live` on are copies of block `live`
 * (live = blocks: none); r is the full equality point (m − 6 coordinates). Returns the point
 * of the group weights: W[32t + g] = eq(r_3.., (g, t)), 32 groups per block (GROUP_COORDS
 * coordinates for g, then those of t).
 */
export function weightPoint(blocks: number, live: number, r: Uint32Array): Uint32Array {
  if (r.length !== 6 * (8 + Math.log2(blocks))) throw new ShapeError(`skipPass: the point needs ${8 + Math.log2(blocks)} coordinates, got ${r.length / 6}`);
  if (!Number.isInteger(live) || live < 0 || live > blocks) throw new ShapeError(`skipPass: live blocks ${live} outside 0..${blocks}`);
  return r.subarray(6 * 3);
}

/** The runs of a pass whose blocks weigh hi[t] up to `live`, then block `live` tail (the
 * copies once, weighted by their total eq mass) when there is a tail. */
export function groupRuns(live: number, hi: Uint32Array, tail: E | null): GroupRun[] {
  const runs: GroupRun[] = [{ at: 0, groups: BLOCK_GROUPS * live, hi }];
  if (tail !== null) runs.push({ at: live * BLOCK_U32, groups: BLOCK_GROUPS, hi: tail });
  return runs;
}

/** The pass's sums: sets E, O, I, D (KEY_E.. order), 64 lanes each, one E value (6 words) a lane. */
const SET_WORDS = 64 * 6;
export const SKIP_SUM_WORDS = 4 * SET_WORDS;

/** The host's sums of one run, XORed into `sums` (native's skipSums the same): group g holds
 * the 16 words from at + 16g. */
export function hostSkipSums(cols: ZerocheckColumns, at: number, groups: number, weights: SkipWeights, sums: Uint32Array): void {
  const W = groupWeights(weights, groups), bins = new Int32Array(KEYS * 256 * 6);
  for (let g = 0; g < groups; g++) group(cols.a, cols.b, cols.c, at + 16 * g, bins, W, 6 * g);
  const set = (s: number): Uint32Array => sums.subarray(SET_WORDS * s, SET_WORDS * (s + 1));
  resolve(bins, KEY_E, PLANES, PLANES, set(0));
  resolve(bins, KEY_O, PLANES, PLANES, set(1));
  resolve(bins, KEY_I, PLANES, PLANES, set(2));
  resolve(bins, KEY_D, [0, 1, 2, 3], [0, 2, 4, 6], set(3));
}

/** W[g] = lo[g mod n]·hi[⌊g / n⌋] for g < groups: lo's n values are the constants of the
 * products, each by its byte table once it has enough of them (ConstMul). */
function groupWeights({ lo, hi }: SkipWeights, groups: number): Uint32Array {
  const n = lo.length / 6, W = new Uint32Array(6 * groups);
  for (let j = 0; j < Math.min(n, groups); j++) {
    const mul = new ConstMul(lo.subarray(6 * j, 6 * j + 6), Math.ceil((groups - j) / n));
    for (let g = j; g < groups; g += n) mul.mulAt(W, 6 * g, hi, 6 * Math.floor(g / n));
  }
  return W;
}

/** The skip pass's Λ byte tables, as hostSkipSums takes them. */
export const SKIP_LAMBDA_TABLES = new Uint32Array(LT.buffer);

/** The four results from the sums of every run. */
export function finish(sums: Uint32Array): SkipPassResult {
  const [vE, vO, vI, vD] = [0, 1, 2, 3].map((s) => sums.slice(SET_WORDS * s, SET_WORDS * (s + 1)));
  const round1 = new Uint32Array(6 * 64);
  for (let i = 0; i < round1.length; i++) round1[i] = vE[i] ^ vO[i];
  const q1 = vO;
  const r0 = SMALL_F8[0];
  const infScale = gf8Mul(C_S_F8, gf8Inv(r0 ^ 1));
  return {
    round1: scaleByF8(round1, C_S_F8),
    q1: scaleByF8(q1, gf8Mul(C_S_F8, gf8Inv(r0))),
    qInfS: scaleByF8(vD, infScale),
    qInfL: scaleByF8(vI, infScale),
  };
}

/** The pass over `blocks` blocks, those from `live` on copies of block `live`, at the point r. */
export function skipPass(cols: ZerocheckColumns, blocks: number, live: number, r: Uint32Array): SkipPassResult {
  const words = blocks * BLOCK_U32;
  if (cols.a.length !== words || cols.b.length !== words || cols.c.length !== words) {
    throw new ShapeError(`skipPass: each column needs ${words} u32 words for ${blocks} blocks`);
  }
  const point = weightPoint(blocks, live, r);
  const lo = eqTableFast(point.subarray(0, 6 * GROUP_COORDS)), hi = eqTableFast(point.subarray(6 * GROUP_COORDS));
  let tail: E | null = null;
  if (live < blocks) {
    tail = new Uint32Array(6);
    for (let t = live; t < blocks; t++) for (let i = 0; i < 6; i++) tail[i] ^= hi[6 * t + i];
  }
  const sums = new Uint32Array(SKIP_SUM_WORDS);
  for (const run of groupRuns(live, hi, tail)) hostSkipSums(cols, run.at, run.groups, { lo, hi: run.hi }, sums);
  return finish(sums);
}
