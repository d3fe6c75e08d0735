// The claims one stacked opening discharges (docs/protocol.md §7–§8), and the checks that they fit
// the commitment. Point claims are multilinear evaluations of aligned slices of the stack;
// ring claims are the 64 bit-slice evaluations of one packed column (q_flock), switched to a
// single claim on it by the map Φ.
import type { E } from '../../field/e';
import { INITIAL_FOLDING_FACTOR } from '../whir/config';
import { ShapeError } from '../../util/errors';

/**
 * MLE(stack[offset .. offset + 2^n))(bits(slot, strideLog) ‖ point) = value, n = strideLog +
 * the point's coordinates, offset a multiple of 2^n: a claim on the strided column of the
 * slice's values slot, slot + 2^strideLog, … (a plain point claim when strideLog is 0).
 */
export interface PointClaim {
  readonly offset: number;
  readonly point: Uint32Array;
  readonly value: E;
  /** log2 of the stride (0 when absent) */
  readonly strideLog?: number;
  /** the column's first value, below 2^strideLog (0 when absent) */
  readonly slot?: number;
}

/** The claim's whole point: the slot's bits (LSB first, as E zeros and ones), then its point. */
export function claimPoint(c: PointClaim): Uint32Array {
  const low = c.strideLog ?? 0, slot = c.slot ?? 0;
  const full = new Uint32Array(6 * low + c.point.length);
  for (let i = 0; i < low; i++) full[6 * i] = (slot >>> i) & 1;
  full.set(c.point, 6 * low);
  return full;
}

/** s_i = MLE(bit-slice i of the packed column)(suffix) for i < 64 (s: 64 packed E). */
export interface RingClaim {
  readonly suffix: Uint32Array;
  readonly s: Uint32Array;
}

/** The ring claims on one packed column of 2^vars words at an aligned offset. */
export interface RingClaims {
  readonly offset: number;
  readonly vars: number;
  readonly claims: readonly RingClaim[];
}

/** Everything a stacked opening proves: ring claims (their λ powers first), then point claims. */
export interface StackClaims {
  readonly ring: RingClaims | null;
  readonly points: readonly PointClaim[];
}

/** The shape both sides know of the commitment. */
export interface StackShape {
  readonly logN: number;
  readonly nLanes: number;
}

export function ringClaimCount(claims: StackClaims): number {
  return claims.ring === null ? 0 : claims.ring.claims.length;
}

function checkSlice(offset: number, vars: number, committed: number, what: string): void {
  const len = 2 ** vars;
  if (!Number.isInteger(offset) || offset < 0 || offset % len !== 0 || offset + len > committed) {
    throw new ShapeError(`${what}: a slice of 2^${vars} words at offset ${offset} is not aligned inside the ${committed} committed words`);
  }
}

/** Throws ShapeError unless every claim lies, aligned, inside the committed lane blocks. */
export function checkClaims(claims: StackClaims, shape: StackShape): void {
  const committed = shape.nLanes * 2 ** (shape.logN - INITIAL_FOLDING_FACTOR);
  const { ring } = claims;
  if (ring !== null) {
    checkSlice(ring.offset, ring.vars, committed, 'ring claims');
    ring.claims.forEach((c, i) => {
      if (c.suffix.length !== 6 * ring.vars) throw new ShapeError(`ring claim ${i}: the suffix point needs ${ring.vars} coordinates, got ${c.suffix.length / 6}`);
      if (c.s.length !== 6 * 64) throw new ShapeError(`ring claim ${i}: needs 64 bit-slice values, got ${c.s.length / 6}`);
    });
  }
  claims.points.forEach((c, i) => {
    const low = c.strideLog ?? 0, slot = c.slot ?? 0;
    const vars = c.point.length / 6;
    if (!Number.isInteger(vars) || c.value.length !== 6) throw new ShapeError(`point claim ${i}: the point and value must be whole E values`);
    if (!Number.isInteger(low) || low < 0 || low > 30 || !Number.isInteger(slot) || slot < 0 || slot >= 2 ** low) {
      throw new ShapeError(`point claim ${i}: slot ${slot} is not one of the 2^${low} slots of its stride`);
    }
    checkSlice(c.offset, low + vars, committed, `point claim ${i}`);
  });
}
