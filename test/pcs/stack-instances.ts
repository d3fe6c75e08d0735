// Stacked-opening statements for the PCS tests (cpu here, webgpu in test/webgpu/opening.test.ts):
// random columns with honest point and ring claims, proved on a backend and verified.
import type { Backend } from '../../src/backend/backend';
import { commitColumns, placeColumns, type PointClaim, proveStackedOpening, type RingClaims, type StackClaims, verifyStackedOpening } from '../../src/pcs/stack';
import { freeCommitment } from '../../src/pcs/whir';
import { ProverState, VerifierState } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { bitSliceEvals, columnAt, eWords, kWords, SplitMix64 } from './helpers';

/** Columns, honest claims on them, and the claims' statement. */
export interface Instance {
  columns: Uint32Array[];
  claims: StackClaims;
  rate: number;
}

/**
 * A packed column `ring` (log size, or null) with `ringClaims` ring claims, and point columns of
 * the given log sizes, each with `pointsPerColumn` claims (a claim on a column of 2^k words may
 * be on an aligned sub-slice: `sub` coordinates fewer).
 */
export function instance(seed: number, rate: number, ring: number | null, ringClaims: number, sizes: number[], pointsPerColumn = 1, sub = 0): Instance {
  const rng = new SplitMix64(seed);
  const logSizes = ring === null ? sizes : [...sizes, ring];
  const columns = logSizes.map((k) => kWords(rng, 2 ** k));
  const placement = placeColumns(logSizes);
  const points: PointClaim[] = [];
  sizes.forEach((k, i) => {
    for (let j = 0; j < pointsPerColumn; j++) {
      const vars = Math.max(k - (j === 0 ? 0 : sub), 0);
      const part = j === 0 ? 0 : 2 ** (k - vars) - 1; // the last aligned sub-slice
      const point = eWords(rng, vars);
      const slice = columns[i].subarray(2 * part * 2 ** vars, 2 * (part + 1) * 2 ** vars);
      points.push({ offset: placement.offsets[i] + part * 2 ** vars, point, value: columnAt(slice, point) });
    }
  });
  let ringStatement: RingClaims | null = null;
  if (ring !== null) {
    const q = columns[columns.length - 1];
    const claims = Array.from({ length: ringClaims }, () => {
      const suffix = eWords(rng, ring);
      return { suffix, s: bitSliceEvals(q, suffix) };
    });
    ringStatement = { offset: placement.offsets[columns.length - 1], vars: ring, claims };
    // And a point claim inside the packed column, overlapping the ring weight.
    const point = eWords(rng, ring);
    points.push({ offset: ringStatement.offset, point, value: columnAt(q, point) });
  }
  return { columns, claims: { ring: ringStatement, points }, rate };
}

/**
 * The instance with `count` more claims on strided columns of its last column (the packed one
 * when it has one): stride 2^strideLog, strideLog ∈ 1..min(8, k), a random slot.
 */
export function withStridedClaims(inst: Instance, seed: number, count: number): Instance {
  const rng = new SplitMix64(seed);
  const last = inst.columns.length - 1, column = inst.columns[last];
  const k = Math.log2(column.length / 2);
  const offset = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2))).offsets[last];
  const points = [...inst.claims.points];
  for (let i = 0; i < count; i++) {
    const [draw] = rng.next();
    const strideLog = 1 + (draw % Math.min(8, k)), slot = (draw >>> 8) % 2 ** strideLog;
    const strided = new Uint32Array(2 ** (k - strideLog + 1));
    for (let t = 0; t < strided.length / 2; t++) strided.set(column.subarray(2 * (slot + t * 2 ** strideLog), 2 * (slot + t * 2 ** strideLog) + 2), 2 * t);
    const point = eWords(rng, k - strideLog);
    points.push({ offset, strideLog, slot, point, value: columnAt(strided, point) });
  }
  return { ...inst, claims: { ...inst.claims, points } };
}

/** Commits and opens the instance on `backend`, then frees the commitment. */
export async function proveInstance(backend: Backend, inst: Instance, label: string) {
  const { placement, commitment } = await commitColumns(backend, inst.columns, inst.rate);
  const ps = new ProverState(label);
  try {
    await proveStackedOpening(ps, commitment, inst.claims);
  } finally {
    freeCommitment(commitment);
  }
  return { placement, root: commitment.root, proof: ps.finish() };
}

/** Throws VerificationError unless the proof opens the instance's (or the given) claims. */
export function verifyInstance(inst: Instance, label: string, root: Uint8Array, proof: Proof, claims = inst.claims): void {
  const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
  const vs = new VerifierState(label, [], proof);
  verifyStackedOpening(vs, { logN: placement.logN, nLanes: placement.nLanes, logInvRate: inst.rate, root }, claims);
  vs.finish();
}
