// Bulk work on multilinear tables, as functions over packed typed arrays (K: 2 u32 a value, E: 6):
// sumcheck round sums, folds, eq and query-batch weight tables, an F2-linear map over a table and
// weighted accumulation, shared by the WHIR, Flock and VM provers. This is the cpu backend's side of the Backend seam's opening operations
// (src/backend/backend.ts); every other backend must reproduce it bit for bit.
//
// Pairing convention of a round (docs/protocol.md §6.3): with `stride` s, the table is cut into
// units of 2s values, and value j of a unit's low half pairs with value j of its high half.
// stride 1 binds the lowest variable; the level-0 lane rounds use s = 2^(logN−6), so whole
// blocks pair. A last unit with no high half (an odd block count) pairs with zeros.
import { clmulAcc, reduceTo } from '../field/clmul';
import { type E, eMulAt, eMulKAt, eOne } from '../field/e';
import { type EMulTable, eMulByTable, eMulKByTable, eMulTable } from '../field/e-const';
import { KConstMuls } from '../field/k-const';
import { TwiddleWalk } from '../ntt/twiddles';
import { columnWeightTable } from './column-weight';
import { E_LINEAR_TABLE_WORDS, eLinearAt } from '../field/e-linear';
import { type Kind, WORDS } from './table';
import { ShapeError } from '../util/errors';
import { jsWords } from '../util/allocation';

/** Below this many products per constant, byte tables (~0.3 ms to build) do not pay. */
const TABLE_MIN_USES = 1024;

/** Products by one E constant: through its byte tables when it serves enough of them. */
class ByConst {
  private readonly table: EMulTable | null;

  constructor(private readonly r: E, uses: number) {
    this.table = uses >= TABLE_MIN_USES ? eMulTable(r) : null;
  }

  /** out[o..o+6) = r·a[ai..ai+6); out may alias a. */
  mulE(out: Uint32Array, o: number, a: Uint32Array, ai: number): void {
    if (this.table === null) eMulAt(out, o, a, ai, this.r, 0);
    else eMulByTable(this.table, out, o, a, ai);
  }

  /** out[o..o+6) = r·k[ki..ki+2); out may overlap k. */
  mulK(out: Uint32Array, o: number, k: Uint32Array, ki: number): void {
    if (this.table === null) eMulKAt(out, o, this.r, 0, k, ki);
    else eMulKByTable(this.table, out, o, k, ki);
  }
}

function count(words: Uint32Array, kind: Kind, what: string): number {
  const n = words.length / WORDS[kind];
  if (!Number.isInteger(n)) throw new ShapeError(`${what}: ${words.length} u32 words are not whole ${kind} values`);
  return n;
}

function checkStride(n: number, stride: number, what: string): void {
  if (!Number.isInteger(stride) || stride < 1 || n % stride !== 0 || n === 0) {
    throw new ShapeError(`${what}: a table of ${n} values is not a whole number of halves of stride ${stride}`);
  }
}

// Unreduced accumulators: reduction is linear, so a sum of products reduces once at the end.
// E × E uses Karatsuba's six limb products m00, m11, m22, m01, m02, m12 (4 words each);
// K × E the three limb products.

function accEE(acc: Int32Array, at: number, a: Uint32Array, ai: number, b: Uint32Array, bi: number): void {
  const a0 = a[ai] | 0, a1 = a[ai + 1] | 0, a2 = a[ai + 2] | 0, a3 = a[ai + 3] | 0, a4 = a[ai + 4] | 0, a5 = a[ai + 5] | 0;
  const b0 = b[bi] | 0, b1 = b[bi + 1] | 0, b2 = b[bi + 2] | 0, b3 = b[bi + 3] | 0, b4 = b[bi + 4] | 0, b5 = b[bi + 5] | 0;
  clmulAcc(acc, at, a0, a1, b0, b1);
  clmulAcc(acc, at + 4, a2, a3, b2, b3);
  clmulAcc(acc, at + 8, a4, a5, b4, b5);
  clmulAcc(acc, at + 12, a0 ^ a2, a1 ^ a3, b0 ^ b2, b1 ^ b3);
  clmulAcc(acc, at + 16, a0 ^ a4, a1 ^ a5, b0 ^ b4, b1 ^ b5);
  clmulAcc(acc, at + 20, a2 ^ a4, a3 ^ a5, b2 ^ b4, b3 ^ b5);
}

/** The E value of an accEE accumulator: y^3 = y + 1 folds the schoolbook terms as in eMulAt. */
function finishEE(acc: Int32Array, at: number, out: Uint32Array, o: number): void {
  const limbs = new Int32Array(12);
  for (let w = 0; w < 4; w++) {
    const m00 = acc[at + w], m11 = acc[at + 4 + w], m22 = acc[at + 8 + w];
    const m01 = acc[at + 12 + w], m02 = acc[at + 16 + w], m12 = acc[at + 20 + w];
    limbs[w] = m00 ^ m11 ^ m22 ^ m12;
    limbs[4 + w] = m00 ^ m01 ^ m12;
    limbs[8 + w] = m00 ^ m11 ^ m02;
  }
  for (let j = 0; j < 3; j++) reduceTo(out, o + 2 * j, limbs, 4 * j);
}

function accEK(acc: Int32Array, at: number, e: Uint32Array, ei: number, k: Uint32Array, ki: number): void {
  const k0 = k[ki] | 0, k1 = k[ki + 1] | 0;
  clmulAcc(acc, at, k0, k1, e[ei] | 0, e[ei + 1] | 0);
  clmulAcc(acc, at + 4, k0, k1, e[ei + 2] | 0, e[ei + 3] | 0);
  clmulAcc(acc, at + 8, k0, k1, e[ei + 4] | 0, e[ei + 5] | 0);
}

function finishEK(acc: Int32Array, at: number, out: Uint32Array, o: number): void {
  for (let j = 0; j < 3; j++) reduceTo(out, o + 2 * j, acc, at + 4 * j);
}

/**
 * The round over the pairs of `stride` (see the header) of Σ f·b, f a K or E table and b an
 * E table of as many values: [c0, c2] (12 words) with c0 = Σ f_lo·b_lo and
 * c2 = Σ (f_lo + f_hi)·(b_lo + b_hi), the plain convention's two sent coefficients.
 */
export function roundSums(f: Uint32Array, kind: Kind, b: Uint32Array, stride: number): Uint32Array {
  const n = count(b, 'E', 'roundSums');
  if (count(f, kind, 'roundSums') !== n) throw new ShapeError(`roundSums: f has ${f.length / WORDS[kind]} values, b has ${n}`);
  checkStride(n, stride, 'roundSums');
  const w = WORDS[kind];
  const acc = new Int32Array(48); // c0 at 0, c2 at 24
  const fd = new Uint32Array(w);
  const bd = new Uint32Array(6);
  for (let unit = 0; unit < n; unit += 2 * stride) {
    const paired = unit + stride < n;
    for (let lo = unit, end = unit + stride; lo < end; lo++) {
      const fl = w * lo, bl = 6 * lo;
      const fh = fl + w * stride, bh = bl + 6 * stride;
      for (let t = 0; t < w; t++) fd[t] = paired ? f[fl + t] ^ f[fh + t] : f[fl + t];
      for (let t = 0; t < 6; t++) bd[t] = paired ? b[bl + t] ^ b[bh + t] : b[bl + t];
      if (w === 6) {
        accEE(acc, 0, f, fl, b, bl);
        accEE(acc, 24, fd, 0, bd, 0);
      } else {
        accEK(acc, 0, b, bl, f, fl);
        accEK(acc, 24, bd, 0, fd, 0);
      }
    }
  }
  const out = new Uint32Array(12);
  if (w === 6) {
    finishEE(acc, 0, out, 0);
    finishEE(acc, 24, out, 6);
  } else {
    finishEK(acc, 0, out, 0);
    finishEK(acc, 24, out, 6);
  }
  return out;
}

/**
 * Binds the variable of `stride` at r: out value (unit u, j) = lo + r·(lo + hi), with
 * hi = 0 for a last unit that has no high half. Into `out` (contents arbitrary) or a fresh E
 * table; `out` may be a view of an E src's first values (in place: value (u, j) lands at
 * us + j, at or below both values it reads and past every value read before it).
 */
export function foldPairs(src: Uint32Array, kind: Kind, stride: number, r: E, out?: Uint32Array): Uint32Array {
  const n = count(src, kind, 'foldPairs');
  checkStride(n, stride, 'foldPairs');
  const w = WORDS[kind];
  const units = Math.ceil(n / (2 * stride));
  const length = 6 * units * stride;
  if (out !== undefined) {
    const overlaps = out.buffer === src.buffer && out.byteOffset < src.byteOffset + src.byteLength && src.byteOffset < out.byteOffset + out.byteLength;
    if (out.length !== length) throw new ShapeError(`foldPairs: ${units * stride} folded values do not fit ${out.length / 6}`);
    if (overlaps && (kind !== 'E' || out.byteOffset !== src.byteOffset)) throw new ShapeError('foldPairs: out may overlap src only as an E src\'s own first values');
  }
  out ??= jsWords(length, `a folded table (${units * stride} E values)`);
  const mul = new ByConst(r, out.length / 6);
  const d = new Uint32Array(6);
  let o = 0;
  for (let unit = 0; unit < n; unit += 2 * stride) {
    const paired = unit + stride < n;
    for (let lo = unit, end = unit + stride; lo < end; lo++, o += 6) {
      const l = w * lo, h = l + w * stride;
      for (let t = 0; t < w; t++) d[t] = paired ? src[l + t] ^ src[h + t] : src[l + t];
      if (w === 6) mul.mulE(d, 0, d, 0);
      else mul.mulK(d, 0, d, 0);
      // src's lo value is read before out overwrites it (the same words at unit 0 in place).
      for (let t = 0; t < 6; t++) out[o + t] = d[t] ^ (t < w ? src[l + t] : 0);
    }
  }
  return out;
}

/** MLE(f)(point) for an E table of 2^n values and a point of n coordinates, folding LSB-first. */
export function mleAt(f: Uint32Array, point: Uint32Array): E {
  let t = f;
  for (let k = 0; k < point.length; k += 6) t = foldPairs(t, 'E', 1, point.subarray(k, k + 6));
  if (t.length !== 6) throw new ShapeError(`mleAt: a point of ${point.length / 6} coordinates does not fit a table of ${f.length / 6} values`);
  return t;
}

/**
 * seed·eq(point, ·) as an E table of 2^n values (n = coordinates of point), built LSB-first:
 * the step for r_k turns each entry e into e + e·r_k (low) and e·r_k (high), and every
 * product of a step is by the one constant r_k. With m seeds (6m words), the m tables
 * seed_s·eq(point, ·) interleaved, entry (s, x) at 6(s + m·x). Into `into` (contents
 * arbitrary) where given.
 */
export function eqTableSeeded(point: Uint32Array, seed: Uint32Array = eOne(), into?: Uint32Array): Uint32Array {
  const n = point.length / 6;
  if (!Number.isInteger(n)) throw new ShapeError(`eqTableSeeded: a point is 6 words a coordinate, got ${point.length}`);
  if (seed.length === 0 || seed.length % 6 !== 0) throw new ShapeError(`eqTableSeeded: seeds are one or more E values, got ${seed.length} words`);
  if (into !== undefined && into.length !== seed.length << n) throw new ShapeError(`eqTableSeeded: ${seed.length << n} words do not fit ${into.length}`);
  const out = into ?? new Uint32Array(seed.length << n);
  out.set(seed);
  for (let k = 0, size = seed.length / 6; k < n; k++, size <<= 1) {
    const mul = new ByConst(point.subarray(6 * k, 6 * k + 6), size);
    for (let i = 0; i < 6 * size; i += 6) {
      const hi = i + 6 * size;
      mul.mulE(out, hi, out, i);
      for (let t = 0; t < 6; t++) out[i + t] ^= out[hi + t];
    }
  }
  return out;
}

/** table[i] = M(table[i]) for an F2-linear map M: E → E given by its byte tables (eLinearTables). */
export function mapByTables(table: Uint32Array, tables: Uint32Array): void {
  if (tables.length !== E_LINEAR_TABLE_WORDS) throw new ShapeError(`mapByTables: byte tables need ${E_LINEAR_TABLE_WORDS} words, got ${tables.length}`);
  for (let o = 0; o < table.length; o += 6) eLinearAt(tables, table, o, table, o);
}

/** The E values a table of `n` values covers at `stride`: (n − 1)·stride + 1 (0 for none). */
function stridedSpan(srcWords: number, stride: number): number {
  return srcWords === 0 ? 0 : 6 * (stride * (srcWords / 6 - 1) + 1);
}

/** acc[stride·i] += src[i] for E tables, acc spanning src at that stride (updated in place). */
export function addInto(acc: Uint32Array, src: Uint32Array, stride = 1): void {
  if (src.length % 6 !== 0 || acc.length !== stridedSpan(src.length, stride)) {
    throw new ShapeError(`addInto: E tables of ${acc.length} and ${src.length} words do not match at stride ${stride}`);
  }
  for (let i = 0, o = 0; i < src.length; i += 6, o += 6 * stride) {
    for (let t = 0; t < 6; t++) acc[o + t] ^= src[i + t];
  }
}

/** acc[stride·i] += s·src[i] for E tables, acc spanning src at that stride (updated in place). */
export function addScaled(acc: Uint32Array, src: Uint32Array, s: E, stride = 1): void {
  if (src.length % 6 !== 0 || acc.length !== stridedSpan(src.length, stride)) {
    throw new ShapeError(`addScaled: E tables of ${acc.length} and ${src.length} words do not match at stride ${stride}`);
  }
  const mul = new ByConst(s, src.length / 6);
  const p = new Uint32Array(6);
  for (let i = 0, o = 0; i < src.length; i += 6, o += 6 * stride) {
    mul.mulE(p, 0, src, i);
    for (let t = 0; t < 6; t++) acc[o + t] ^= p[t];
  }
}

/**
 * Per lane of a K stack (lane ℓ the laneWords values from ℓ·laneWords): Σ_t f[ℓ·laneWords +
 * at + stride·t]·v[t] over the E table v (6 words a lane, for every lane of f).
 */
export function laneDots(f: Uint32Array, laneWords: number, v: Uint32Array, at: number, stride: number): Uint32Array {
  const lanes = count(f, 'K', 'laneDots') / laneWords, n = count(v, 'E', 'laneDots');
  if (!Number.isInteger(lanes) || n === 0 || at < 0 || at + stride * (n - 1) >= laneWords) {
    throw new ShapeError(`laneDots: ${n} values from ${at} every ${stride} do not fit lanes of ${laneWords} in ${f.length / 2} words`);
  }
  const out = new Uint32Array(6 * lanes);
  const acc = new Int32Array(12);
  for (let l = 0; l < lanes; l++) {
    acc.fill(0);
    for (let t = 0; t < n; t++) accEK(acc, 0, v, 6 * t, f, 2 * (l * laneWords + at + stride * t));
    finishEK(acc, 0, out, 6 * l);
  }
  return out;
}

/** Σ_ℓ coeffs[ℓ]·f[ℓ·laneWords + j] for j < laneWords: the lanes of a K stack combined (E out). */
export function laneCombine(f: Uint32Array, laneWords: number, coeffs: Uint32Array): Uint32Array {
  const lanes = count(f, 'K', 'laneCombine') / laneWords;
  if (!Number.isInteger(lanes) || coeffs.length !== 6 * lanes) {
    throw new ShapeError(`laneCombine: ${f.length / 2} words in lanes of ${laneWords} need one coefficient a lane, got ${coeffs.length / 6}`);
  }
  const out = new Uint32Array(6 * laneWords);
  const acc = new Int32Array(12);
  for (let j = 0; j < laneWords; j++) {
    acc.fill(0);
    for (let l = 0; l < lanes; l++) accEK(acc, 0, coeffs, 6 * l, f, 2 * (l * laneWords + j));
    finishEK(acc, 0, out, 6 * j);
  }
  return out;
}

/**
 * The weight of a query batch, b[u] = Σ_q c_q·W_{x_q}(u) over u < 2^m, where x_q is query q's
 * codeword position as a K point and W_x(u) = Π_i Ŵ_i(x)^{u_i} its column of the encoding at
 * rate 2^−ν (docs/protocol.md §4.3, §6.3). Two exact routes, picked by cost: one column table per
 * query, or one transposed encoding of the scattered coefficients.
 */
export function queryWeights(queries: readonly number[], coeffs: Uint32Array, m: number, logInvRate: number): Uint32Array {
  // Measured per message value: ~115 ns a query for the dense route, ~37 ns a domain point
  // (2^ν of them) and layer (m + ν) for the transposed one; both scale with 2^m.
  const dense = 4 * queries.length;
  const transposed = (m + logInvRate) * 2 ** logInvRate;
  return dense <= transposed ? queryWeightsDense(queries, coeffs, m) : queryWeightsTransposed(queries, coeffs, m, logInvRate);
}

function checkCoeffs(queries: readonly number[], coeffs: Uint32Array, what: string): void {
  if (coeffs.length !== 6 * queries.length) throw new ShapeError(`${what}: ${queries.length} queries need as many coefficients, got ${coeffs.length / 6}`);
}

/** queryWeights by one column table per query. */
export function queryWeightsDense(queries: readonly number[], coeffs: Uint32Array, m: number): Uint32Array {
  checkCoeffs(queries, coeffs, 'queryWeightsDense');
  const out = new Uint32Array(6 << m);
  const column = new Uint32Array(2 << m);
  const x = new Uint32Array(2);
  const p = new Uint32Array(6);
  queries.forEach((q, i) => {
    x[0] = q;
    columnWeightTable(x, m, column);
    const mul = new ByConst(coeffs.subarray(6 * i, 6 * i + 6), 1 << m);
    for (let u = 0; u < 1 << m; u++) {
      mul.mulK(p, 0, column, 2 * u);
      for (let t = 0; t < 6; t++) out[6 * u + t] ^= p[t];
    }
  });
  return out;
}

const MULS = new KConstMuls();

/**
 * queryWeights as the transpose of the encoding: scatter c_q to position x_q of the
 * 2^(m+ν) domain, run the forward NTT's layers transposed in reverse order (butterfly
 * u += v; v += t·u, the transpose of u += t·v; v += u), then sum the 2^ν tiles, the
 * transpose of tiling the message.
 */
export function queryWeightsTransposed(queries: readonly number[], coeffs: Uint32Array, m: number, logInvRate: number): Uint32Array {
  checkCoeffs(queries, coeffs, 'queryWeightsTransposed');
  const logSize = m + logInvRate;
  const data = new Uint32Array(6 << logSize);
  queries.forEach((q, i) => {
    if (!Number.isInteger(q) || q < 0 || q >= 2 ** logSize) throw new ShapeError(`queryWeightsTransposed: query ${q} is outside the domain of 2^${logSize}`);
    for (let t = 0; t < 6; t++) data[6 * q + t] ^= coeffs[6 * i + t];
  });
  const lanes = 3; // an E value is three interleaved K lanes
  for (let layer = logSize - 1; layer >= logInvRate; layer--) {
    const d = logSize - 1 - layer;
    const half = (2 * lanes) << d;
    const mul = MULS.forUses(half / 2);
    const walk = new TwiddleWalk(d);
    for (let b = 0; b < 1 << layer; b++) {
      if (b > 0) {
        walk.step();
        mul.set(walk.lo, walk.hi);
      }
      const u = 2 * half * b, v = u + half;
      for (let i = 0; i < half; i++) data[u + i] ^= data[v + i];
      if (b > 0) mul.mulXorRun(data, v, data, u, half / 2);
    }
  }
  const msg = 6 << m;
  for (let at = msg; at < data.length; at += msg) {
    for (let i = 0; i < msg; i++) data[i] ^= data[at + i];
  }
  return data.slice(0, msg);
}
