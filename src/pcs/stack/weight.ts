// The combined weight of a stacked opening (docs/protocol.md §8): as a table over the committed
// words for the prover, built on its backend (or by lanes in factored form, where that costs
// less), and in closed form at the opening's terminal point for the verifier.
// A ring claim weighs λ^a·Φ(eq(suffix, y)) on its column's slice, a point claim λ^b·eq(point, ·)
// on its own (on a strided claim's column only: its slot bits are 0/1, so eq vanishes off the
// column); each is zero elsewhere, i.e. multiplied by its slice's selector eq.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eAdd, eMul, eMulAt, eOne } from '../../field/e';
import { eqEval } from '../../poly/eq';
import { eLinearTables } from '../../field/e-linear';
import { phiCoefficients, ringWeightEval } from '../ring-switch';
import { eqTableSeeded } from '../../poly/bulk';
import { INITIAL_FOLDING_FACTOR } from '../whir/config';
import type { LaneGroup, LaneWeight } from '../whir/lanes';
import type { Batch } from './batch';
import { claimPoint, type RingClaims, ringClaimCount, type StackClaims, type StackShape } from './claims';
import { selectorEq } from './placement';

/**
 * Adds the ring claims' weight over their column, Σ_a λ^a·Φ(eq(suffix_a, ·)), on its values
 * [part·2^partLog, (part + 1)·2^partLog) (all of them by default), into `acc` from value `at`.
 * Φ acts value by value, so a part is Φ of the part's eq table, eq(low, ·) seeded with
 * eq(high, part).
 */
async function addRing(backend: Backend, acc: DeviceBuffer, at: number, ring: RingClaims, batch: Batch, part = 0, partLog = ring.vars): Promise<void> {
  // Φ is only F2-linear, so λ^a stays outside it: the byte tables of λ^a·cw evaluate λ^a·Φ.
  const scaled = new Uint32Array(batch.coordinateWeights.length);
  for (const [a, c] of ring.claims.entries()) {
    for (let w = 0; w < scaled.length; w += 6) eMulAt(scaled, w, batch.coordinateWeights, w, batch.scales, 6 * a);
    const high = c.suffix.subarray(6 * partLog);
    const seed = eOne();
    for (let i = 0; i < high.length / 6; i++) {
      const x = high.slice(6 * i, 6 * i + 6);
      if (((part >>> i) & 1) === 0) x[0] ^= 1;
      eMulAt(seed, 0, seed, 0, x, 0);
    }
    await backend.addEq(acc, c.suffix.subarray(0, 6 * partLog), seed, at, 1, eLinearTables(scaled));
  }
}

/** The weight over the nLanes·2^(logN−6) committed words: a new E buffer on `backend`, freed
 * if it cannot be filled. */
export async function stackWeightTable(backend: Backend, claims: StackClaims, batch: Batch, shape: StackShape): Promise<DeviceBuffer> {
  const b = await backend.alloc('E', shape.nLanes * 2 ** (shape.logN - INITIAL_FOLDING_FACTOR));
  try {
    const { ring } = claims;
    if (ring !== null && ring.claims.length > 0) await addRing(backend, b, ring.offset, ring, batch);
    // Each claim's table added as it is made, scaled by its λ power (addEq: a backend may never
    // write the table out). Claims at one point (a bound batch's strided slots) each make theirs:
    // that costs what scaling one shared table would, a product a value.
    const nRing = ringClaimCount(claims);
    for (const [i, c] of claims.points.entries()) {
      await backend.addEq(b, c.point, batch.scales.subarray(6 * (nRing + i), 6 * (nRing + i + 1)), c.offset + (c.slot ?? 0), 2 ** (c.strideLog ?? 0));
    }
    return b;
  } catch (e) {
    backend.free(b);
    throw e;
  }
}

/** The factored lane rounds pay while their shared tables hold at most this many lanes' words
 * (a pass of every lane against each costs a few products a word, the written-out weight's
 * first rounds some thirty and several passes of E memory). */
const LANE_TABLE_LANES = 16;

/**
 * The same weight by lanes (src/pcs/whir/lanes.ts), its tables new E buffers on `backend`, or
 * null where the factored rounds would cost more: shared tables too large together (a ring
 * column is no eq table, so every lane passes the whole of it: a wide one alone is too much).
 * A claim's eq table splits at the lane boundary: its low coordinates index the words within a
 * lane, its high ones only scale the table from lane to lane. A point's last coordinates that
 * are exactly 0 confine the table to its first values.
 */
export async function stackLaneWeight(backend: Backend, claims: StackClaims, batch: Batch, shape: StackShape): Promise<LaneWeight | null> {
  const laneLog = shape.logN - INITIAL_FOLDING_FACTOR, laneWords = 2 ** laneLog;
  const ring = claims.ring !== null && claims.ring.claims.length > 0 ? claims.ring : null;
  // A stride past a lane would scatter a claim over lanes apart: not this form.
  if (claims.points.some((c) => (c.strideLog ?? 0) > laneLog)) return null;
  // The point claims' tables: one per (low point, first value, stride), its lanes' scales.
  interface Shared { point: Uint32Array; at: number; stride: number; scales: Map<number, E> }
  const shared = new Map<string, Shared>();
  const nRing = ringClaimCount(claims);
  claims.points.forEach((c, i) => {
    const point = c.point, n = point.length / 6, strideLog = c.strideLog ?? 0;
    const low = Math.min(n, laneLog - strideLog); // coordinates inside a lane
    let kept = low;
    while (kept > 0 && point.subarray(6 * (kept - 1), 6 * kept).every((w) => w === 0)) kept--;
    const lowPoint = point.subarray(0, 6 * kept);
    const at = (c.offset % laneWords) + (c.slot ?? 0), stride = 2 ** strideLog;
    const key = `${lowPoint.join()}|${at}|${stride}`;
    let entry = shared.get(key);
    if (entry === undefined) shared.set(key, (entry = { point: lowPoint, at, stride, scales: new Map() }));
    // The high coordinates' eq over the claim's lanes, times its λ power.
    const high = eqTableSeeded(point.subarray(6 * low), batch.scales.subarray(6 * (nRing + i), 6 * (nRing + i + 1)));
    const first = Math.floor(c.offset / laneWords);
    for (let l = 0; l < high.length / 6; l++) {
      const s = entry.scales.get(first + l) ?? new Uint32Array(6);
      for (let t = 0; t < 6; t++) s[t] ^= high[6 * l + t];
      entry.scales.set(first + l, s);
    }
  });
  const tableWords = [...shared.values()].reduce((n, e) => n + 2 ** (e.point.length / 6), 0) + (ring === null ? 0 : 2 ** ring.vars);
  if (tableWords > LANE_TABLE_LANES * laneWords) return null;

  const groups: LaneGroup[] = [];
  try {
    if (ring !== null) {
      // A ring column past a lane is no eq table: a table of its own in each of its lanes.
      const partLog = Math.min(ring.vars, laneLog), first = Math.floor(ring.offset / laneWords);
      for (let part = 0; part < 2 ** (ring.vars - partLog); part++) {
        const table = await backend.alloc('E', 2 ** partLog);
        groups.push({ table, at: ring.offset % laneWords, stride: 1, lanes: [{ lane: first + part, scale: eOne() }] });
        await addRing(backend, table, 0, ring, batch, part, partLog);
      }
    }
    for (const e of shared.values()) {
      groups.push({ table: await backend.eqTable(e.point, eOne()), at: e.at, stride: e.stride, lanes: [...e.scales].map(([lane, scale]) => ({ lane, scale })) });
    }
  } catch (e) {
    for (const g of groups) backend.free(g.table);
    throw e;
  }
  return { groups };
}

/** MLE of the weight at a point x of logN coordinates (packed), already un-rotated. */
export function stackWeightAt(claims: StackClaims, batch: Batch, x: Uint32Array): E {
  let total: E = new Uint32Array(6);
  const { ring } = claims;
  if (ring !== null && ring.claims.length > 0) {
    const c = phiCoefficients(batch.challenges);
    const low = x.subarray(0, 6 * ring.vars);
    let sum: E = new Uint32Array(6);
    ring.claims.forEach((claim, a) => {
      sum = eAdd(sum, eMul(batch.scales.subarray(6 * a, 6 * a + 6), ringWeightEval(claim.suffix, low, c)));
    });
    total = eMul(sum, selectorEq(ring.offset / 2 ** ring.vars, x.subarray(6 * ring.vars)));
  }
  const nRing = ringClaimCount(claims);
  claims.points.forEach((c, i) => {
    const point = claimPoint(c), n = point.length;
    const eq = eMul(eqEval(point, x.subarray(0, n)), selectorEq(c.offset / 2 ** (n / 6), x.subarray(n)));
    total = eAdd(total, eMul(batch.scales.subarray(6 * (nRing + i), 6 * (nRing + i + 1)), eq));
  });
  return total;
}
