// The level-0 lane rounds of a WHIR opening on a weight in factored form. A stacked opening's
// claims weigh each lane (2^(logN−6) words of the stack) by scaled copies of a few shared tables:
// an eq table of a point's low coordinates, whose high ones only scale it lane by lane, or a
// small ring table. The six rounds binding the lane index then never need the weight written
// out: one pass of the witness against each shared table gives the lanes' Gram matrix
// G[ℓ][ℓ'] = Σ_j f(ℓ, j)·b(ℓ', j), a lane round's two sums are sums of its entries, and binding
// a lane bit folds its rows and its columns alike. After the sixth round one pass combines the
// witness's lanes, and the weight's tables are added at their bound scales: the same tables,
// value for value, as the six folds of the written-out weight leave, so every sent word is the
// same.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eMulAt } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import { eqTableSeeded } from '../../poly/bulk';
import { evalRoundPoly, roundPoly } from './claims';
import { INITIAL_FOLDING_FACTOR } from './config';

const LANES = 2 ** INITIAL_FOLDING_FACTOR;

/** One shared table: in each of its lanes, value at + stride·t of the weight gains scale·table[t]. */
export interface LaneGroup {
  /** E values. */
  readonly table: DeviceBuffer;
  readonly at: number;
  readonly stride: number;
  readonly lanes: readonly { readonly lane: number; readonly scale: E }[];
}

/** A weight over the committed lanes: the sum of its groups. */
export interface LaneWeight {
  readonly groups: readonly LaneGroup[];
}

/** Where the lane rounds leave the running sumcheck: the tables after six folds, its claim, the
 * polynomial last sent (the first round at stride 1) and the six challenges. */
export interface LaneRounds {
  readonly f: DeviceBuffer;
  readonly b: DeviceBuffer;
  readonly claim: E;
  readonly poly: Uint32Array;
  readonly folds: Uint32Array;
}

const P = new Uint32Array(6);

/** acc[a..a+6) ^= x[xi..xi+6)·y[yi..yi+6). */
function addProduct(acc: Uint32Array, a: number, x: Uint32Array, xi: number, y: Uint32Array, yi: number): void {
  eMulAt(P, 0, x, xi, y, yi);
  for (let t = 0; t < 6; t++) acc[a + t] ^= P[t];
}

/** G (LANES × LANES, row ℓ the witness's lane, column ℓ' the weight's). */
async function gram(backend: Backend, f: DeviceBuffer, laneWords: number, weight: LaneWeight): Promise<Uint32Array> {
  const g = new Uint32Array(6 * LANES * LANES);
  const lanes = f.length / laneWords;
  for (const group of weight.groups) {
    const dots = await backend.laneDots!(f, laneWords, group.table, group.at, group.stride);
    for (const { lane, scale } of group.lanes) {
      for (let l = 0; l < lanes; l++) addProduct(g, 6 * (LANES * l + lane), dots, 6 * l, scale, 0);
    }
  }
  return g;
}

/** c0 and c2 (roundSums' words) of the round pairing lanes 2u and 2u + 1 of G's m lanes. */
function sums(g: Uint32Array, m: number): Uint32Array {
  const out = new Uint32Array(12);
  const at = (a: number, c: number) => 6 * (m * a + c);
  for (let u = 0; u < m / 2; u++) {
    const lo = at(2 * u, 2 * u);
    for (const o of [lo, at(2 * u, 2 * u + 1), at(2 * u + 1, 2 * u), at(2 * u + 1, 2 * u + 1)]) {
      for (let t = 0; t < 6; t++) out[6 + t] ^= g[o + t];
    }
    for (let t = 0; t < 6; t++) out[t] ^= g[lo + t];
  }
  return out;
}

/** G with its lowest lane bit bound at r in rows and columns (value lo + r·(lo + hi) = (1 + r)·lo + r·hi). */
function bind(g: Uint32Array, m: number, r: E): Uint32Array {
  const w = [r.slice(), r.slice()];
  w[0][0] ^= 1;
  const ww = new Uint32Array(24); // w_x·w_y at 6·(2x + y)
  for (let x = 0; x < 2; x++) for (let y = 0; y < 2; y++) eMulAt(ww, 6 * (2 * x + y), w[x], 0, w[y], 0);
  const h = m / 2, out = new Uint32Array(6 * h * h);
  for (let a = 0; a < h; a++) {
    for (let c = 0; c < h; c++) {
      for (let x = 0; x < 2; x++) for (let y = 0; y < 2; y++) addProduct(out, 6 * (h * a + c), g, 6 * (m * (2 * a + x) + 2 * c + y), ww, 6 * (2 * x + y));
    }
  }
  return out;
}

/**
 * Sends the lane rounds of Σ f·weight = target (f the K witness of lanes of laneWords words) and
 * the first round after them, as proveWhir's rounds on the written-out weight would, on a
 * backend with laneDots and laneCombine. Spends the weight's tables.
 */
export async function laneRounds(ps: ProverState, backend: Backend, f: DeviceBuffer, laneWords: number, weight: LaneWeight, target: E): Promise<LaneRounds> {
  // The weight's tables until added, and the new tables until returned: freed if a step fails.
  const held = new Set(weight.groups.map((g) => g.table));
  const hold = (buf: DeviceBuffer): DeviceBuffer => (held.add(buf), buf);
  try {
    let m = LANES;
    let g = await gram(backend, f, laneWords, weight);
    let claim: E = target.slice();
    let poly = roundPoly(sums(g, m), claim);
    ps.addRoundPoly(poly, false);
    const folds = new Uint32Array(6 * INITIAL_FOLDING_FACTOR);
    for (let j = 0; j < INITIAL_FOLDING_FACTOR; j++) {
      const r = ps.sample();
      folds.set(r, 6 * j);
      claim = evalRoundPoly(poly, r);
      if (j + 1 === INITIAL_FOLDING_FACTOR) break;
      g = bind(g, m, r);
      m /= 2;
      poly = roundPoly(sums(g, m), claim);
      ps.addRoundPoly(poly, false);
    }
    // eq(folds, ℓ): each lane's share of the bound tables.
    const laneEq = eqTableSeeded(folds);
    const bound = hold(await backend.laneCombine!(f, laneWords, laneEq.subarray(0, 6 * (f.length / laneWords))));
    const b = hold(await backend.alloc('E', laneWords));
    for (const group of weight.groups) {
      const scale = new Uint32Array(6);
      for (const { lane, scale: s } of group.lanes) addProduct(scale, 0, s, 0, laneEq, 6 * lane);
      await backend.addScaled(b, group.table, group.at, scale, group.stride);
      held.delete(group.table);
      backend.free(group.table);
    }
    poly = roundPoly(await backend.roundSums(bound, b, 1), claim);
    ps.addRoundPoly(poly, false);
    held.clear();
    return { f: bound, b, claim, poly, folds };
  } finally {
    for (const buf of held) backend.free(buf);
  }
}
