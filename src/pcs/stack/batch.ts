// The batching step both sides run before WHIR (docs/protocol.md §8, the batching step): draw the ring map's
// six challenges, bind the point-claim values, draw λ, and combine every claim into one target
// with the powers of λ, ring claims first.
import { type E, eMulAt } from '../../field/e';
import { coordinateWeights, RING_MAP_SHIFTS, ringSwitchTarget } from '../ring-switch';
import type { Channel } from '../../transcript/channel';
import { powers } from '../whir/claims';
import { ringClaimCount, type StackClaims } from './claims';

export interface Batch {
  /** The map challenges f_0..f_5 (packed). */
  readonly challenges: Uint32Array;
  /** cw[w] = Φ(b_w) for the 192 basis vectors of E. */
  readonly coordinateWeights: Uint32Array;
  /** λ^0, λ^1, …: ring claims take the first powers, then the point claims in order. */
  readonly scales: Uint32Array;
  readonly target: E;
}

/**
 * The transcript steps and the combined target. The map is drawn even without ring claims, and
 * λ even for a single claim, so the order never depends on the claim counts.
 */
export function batchClaims(ch: Channel, claims: StackClaims): Batch {
  const challenges = ch.sampleVec(RING_MAP_SHIFTS.length);
  const cw = coordinateWeights(challenges);
  for (const c of claims.points) ch.observeScalar(c.value);
  const nRing = ringClaimCount(claims);
  const scales = powers(ch.sample(), nRing + claims.points.length);
  const target = new Uint32Array(6);
  const term = new Uint32Array(6);
  const add = (value: E, i: number): void => {
    eMulAt(term, 0, value, 0, scales, 6 * i);
    for (let t = 0; t < 6; t++) target[t] ^= term[t];
  };
  claims.ring?.claims.forEach((c, a) => add(ringSwitchTarget(c.s, cw), a));
  claims.points.forEach((c, b) => add(c.value, nRing + b));
  return { challenges, coordinateWeights: cw, scales, target };
}
