// The combined weight of a stacked opening (PROTOCOL.md §8): as a table over the committed
// words for the prover, built on its backend, and in closed form at the opening's terminal
// point for the verifier.
// A ring claim weighs λ^a·Φ(eq(suffix, y)) on its column's slice, a point claim λ^b·eq(point, ·)
// on its own (on a strided claim's column only: its slot bits are 0/1, so eq vanishes off the
// column); each is zero elsewhere, i.e. multiplied by its slice's selector eq.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eAdd, eMul, eMulAt, eOne } from '../../field/e';
import { eqEval } from '../../poly/eq';
import { phiByteTables, phiCoefficients, ringWeightEval } from '../ring-switch';
import { INITIAL_FOLDING_FACTOR } from '../whir/config';
import type { Batch } from './batch';
import { claimPoint, ringClaimCount, type StackClaims, type StackShape } from './claims';
import { selectorEq } from './placement';

/** The weight over the nLanes·2^(logN−6) committed words: a new E buffer on `backend`. If a
 * table cannot be made, those made are freed. */
export async function stackWeightTable(backend: Backend, claims: StackClaims, batch: Batch, shape: StackShape): Promise<DeviceBuffer> {
  const held = new Set<DeviceBuffer>();
  try {
    return await weightTable(backend, claims, batch, shape, held);
  } catch (e) {
    for (const buf of held) backend.free(buf);
    throw e;
  }
}

/** stackWeightTable, its tables in `held` while they live. */
async function weightTable(backend: Backend, claims: StackClaims, batch: Batch, shape: StackShape, held: Set<DeviceBuffer>): Promise<DeviceBuffer> {
  const hold = (buf: DeviceBuffer): DeviceBuffer => {
    held.add(buf);
    return buf;
  };
  const release = (buf: DeviceBuffer): void => {
    held.delete(buf);
    backend.free(buf);
  };
  const values = shape.nLanes * 2 ** (shape.logN - INITIAL_FOLDING_FACTOR);
  let b: DeviceBuffer | null = null;
  const { ring } = claims;
  if (ring !== null) {
    // Φ is only F2-linear, so λ^a stays outside it: the byte tables of λ^a·cw evaluate λ^a·Φ.
    const scaled = new Uint32Array(batch.coordinateWeights.length);
    for (const [a, c] of ring.claims.entries()) {
      for (let w = 0; w < scaled.length; w += 6) eMulAt(scaled, w, batch.coordinateWeights, w, batch.scales, 6 * a);
      const weight = hold(await backend.eqTable(c.suffix, eOne()));
      await backend.mapByTables(weight, phiByteTables(scaled));
      // A first table spanning the whole weight is the sum so far: kept rather than added
      // into a zeroed one (which would cost as much memory again).
      if (b === null && ring.offset === 0 && weight.length === values) {
        b = weight;
        continue;
      }
      b ??= hold(await backend.alloc('E', values));
      await backend.addScaled(b, weight, ring.offset);
      release(weight);
    }
  }
  b ??= hold(await backend.alloc('E', values));
  // Claims at one point (the strided slot claims of a bound batch) share its eq table: built
  // once, then added with each claim's λ power; a lone claim's table is built already scaled.
  const nRing = ringClaimCount(claims);
  const atPoint = new Map<string, number[]>();
  claims.points.forEach((c, i) => {
    const key = c.point.join();
    atPoint.set(key, [...(atPoint.get(key) ?? []), i]);
  });
  const scale = (i: number): E => batch.scales.subarray(6 * (nRing + i), 6 * (nRing + i + 1));
  const place = (i: number): [number, number] => {
    const c = claims.points[i];
    return [c.offset + (c.slot ?? 0), 2 ** (c.strideLog ?? 0)];
  };
  for (const group of atPoint.values()) {
    const shared = group.length > 1;
    const eq = hold(await backend.eqTable(claims.points[group[0]].point, shared ? eOne() : scale(group[0])));
    for (const i of group) {
      const [at, stride] = place(i);
      await backend.addScaled(b, eq, at, shared ? scale(i) : undefined, stride);
    }
    release(eq);
  }
  return b;
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
