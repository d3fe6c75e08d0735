// The zerocheck's E-valued tables after the skip and the first bound variable, with the batch's
// padding tail stored once. A table is a head of H entries followed by copies of a pad pattern
// of P entries: entry j ≥ H is pad[j mod P]. While a block still spans several entries
// (P = entries per block, H = live blocks · P) whole tail blocks repeat the pattern; once
// blocks have folded to single entries P = 1 and the tail is one repeated value. The plain
// layout is the same with H = every entry and no tail.
import { type E, eMulAt } from '../../field/e';
import { type EMulTable, eMulByTable, eMulTable } from '../../field/e-const';
import { ShapeError } from '../../util/errors';
import { eqPrefixSum, eqTableFast } from './eq-table';

export interface PaddedTable {
  head: Uint32Array; // 6·H words (or more: only the first H entries count)
  pad: Uint32Array; // 6·P words (likewise)
}

/** A table of 2^vars entries of which the first `head` are stored, the rest repeating `period` pad entries. */
export interface PaddedShape {
  readonly vars: number;
  readonly head: number;
  readonly period: number;
}

/** Tables of one shape (the zerocheck's â, b̂, ĉ). */
export interface PaddedTables {
  tables: PaddedTable[];
  shape: PaddedShape;
  /** Gives the heads' words back to the pool they came from, once the rounds are done. */
  release?: () => void;
}

/** Runs shorter than this multiply generically; a constant's byte table costs about 1000 products. */
const TABLE_FROM = 2048;

/** Multiplication by a fixed r: by its byte table for long runs, generically otherwise. */
export class ConstMul {
  private readonly table: EMulTable | null;
  constructor(private readonly r: E, uses: number) {
    this.table = uses >= TABLE_FROM ? eMulTable(r) : null;
  }
  /** out[o..o+6) = r·v[vo..vo+6); out may alias v. */
  mulAt(out: Uint32Array, o: number, v: Uint32Array, vo: number): void {
    if (this.table === null) eMulAt(out, o, v, vo, this.r, 0);
    else eMulByTable(this.table, out, o, v, vo);
  }
}

const D = new Uint32Array(6);

/** out[x] = src[2x] + r·(src[2x] + src[2x + 1]) for x < count, src[2x + 1] read at `last` when 2x + 1 = count·2 − 1 is missing. */
function foldRun(src: Uint32Array, srcLen: number, count: number, r: ConstMul, partner: Uint32Array, out: Uint32Array): void {
  for (let x = 0; x < count; x++) {
    const lo = 12 * x, j1 = 2 * x + 1;
    const hiArr = j1 < srcLen ? src : partner, hi = j1 < srcLen ? 6 * j1 : 0;
    for (let t = 0; t < 6; t++) D[t] = src[lo + t] ^ hiArr[hi + t];
    r.mulAt(D, 0, D, 0);
    for (let t = 0; t < 6; t++) out[6 * x + t] = src[lo + t] ^ D[t];
  }
}

/** Binds the lowest variable of every table at r, in place; returns the new shape. */
export function foldPadded(tables: readonly PaddedTable[], shape: PaddedShape, r: E): PaddedShape {
  if (shape.vars < 1) throw new ShapeError('foldPadded: no variable left to bind');
  const head = Math.ceil(shape.head / 2), padPairs = shape.period / 2;
  const mul = new ConstMul(r, tables.length * (head + padPairs));
  for (const tb of tables) {
    // A head pair straddles into the pad only when P = 1 and H is odd; its partner is the pad value.
    foldRun(tb.head, shape.head, head, mul, tb.pad, tb.head);
    if (shape.period > 1) foldRun(tb.pad, shape.period, padPairs, mul, tb.pad, tb.pad);
  }
  return { vars: shape.vars - 1, head, period: Math.max(1, padPairs) };
}

/** The value of a table with no variable left. */
export function finalValue(tb: PaddedTable, shape: PaddedShape): E {
  if (shape.vars !== 0) throw new ShapeError(`finalValue: ${shape.vars} variables are still unbound`);
  return (shape.head > 0 ? tb.head : tb.pad).slice(0, 6);
}

/**
 * Writes `width` E values per pair for `count` pairs from pair x0 (head pairs) into buf, or,
 * with x0 < 0, for the Q = max(1, P/2) pad-pattern pairs.
 */
export type PairTerms = (x0: number, count: number, buf: Uint32Array) => void;

/**
 * Σ_x eq(rest, x)·F(x) over all pairs x of a padded shape (rest: vars − 1 coordinates):
 * the head pairs x < ceil(H/2) chunk by chunk, each chunk folded at the low coordinates (an
 * MLE evaluation) and weighted by eq over the chunk index; the tail pairs (tail pair x is pad
 * pair x mod Q) once, times the eq mass of their high bits. `width` sums at once.
 */
export function eqWeightedSums(shape: PaddedShape, rest: Uint32Array, width: number, terms: PairTerms): Uint32Array {
  const n = shape.vars - 1;
  if (rest.length !== 6 * n) throw new ShapeError(`eqWeightedSums: need ${n} eq coordinates, got ${rest.length / 6}`);
  const pairs = Math.ceil(shape.head / 2);
  const out = new Uint32Array(6 * width);
  const L = Math.min(n, 10), chunk = 1 << L;
  const muls: ConstMul[] = [];
  // Level k of a chunk's fold makes width·chunk/2^(k+1) products, once per chunk.
  for (let k = 0; k < L; k++) muls.push(new ConstMul(rest.subarray(6 * k, 6 * k + 6), (width * Math.max(pairs, chunk)) >> (k + 1)));
  const hiEq = eqTableFast(rest.subarray(6 * L));
  const buf = new Uint32Array(6 * width * chunk), p = new Uint32Array(6), w6 = 6 * width;
  for (let c0 = 0; c0 < pairs; c0 += chunk) {
    const count = Math.min(chunk, pairs - c0);
    buf.fill(0, w6 * count);
    terms(c0, count, buf);
    for (let k = 0, len = chunk; k < L; k++, len >>= 1) {
      const mul = muls[k];
      for (let x = 0; x < len / 2; x++) {
        for (let s = 0; s < width; s++) {
          const lo = w6 * 2 * x + 6 * s, hi = lo + w6;
          for (let t = 0; t < 6; t++) D[t] = buf[lo + t] ^ buf[hi + t];
          mul.mulAt(D, 0, D, 0);
          for (let t = 0; t < 6; t++) buf[w6 * x + 6 * s + t] = buf[lo + t] ^ D[t];
        }
      }
    }
    for (let s = 0; s < width; s++) {
      eMulAt(p, 0, buf, 6 * s, hiEq, 6 * (c0 >> L));
      for (let t = 0; t < 6; t++) out[6 * s + t] ^= p[t];
    }
  }
  const Q = Math.max(1, shape.period / 2), logQ = Math.log2(Q), firstTail = pairs / Q;
  if (firstTail < 2 ** (n - logQ)) {
    const mass = eqPrefixSum(rest.subarray(6 * logQ), firstTail);
    mass[0] ^= 1; // Σ over x ≥ firstTail = 1 + Σ over x < firstTail
    const lowEq = eqTableFast(rest.subarray(0, 6 * logQ));
    const padBuf = new Uint32Array(w6 * Q);
    terms(-1, Q, padBuf);
    for (let q = 0; q < Q; q++) {
      eMulAt(D, 0, lowEq, 6 * q, mass, 0);
      for (let s = 0; s < width; s++) {
        eMulAt(p, 0, padBuf, w6 * q + 6 * s, D, 0);
        for (let t = 0; t < 6; t++) out[6 * s + t] ^= p[t];
      }
    }
  }
  return out;
}
