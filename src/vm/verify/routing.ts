// Every claim located in the stack: a committed column's claim keeps its point on that column's
// slice; a BLAKE2S value column, which is one slot of q_flock, becomes the strided claim on
// q_flock's slice at the same row point behind the slot's bits.
import type { PointClaim } from '../../pcs/stack/claims';
import { columnName, type VmLayout } from '../layout';
import { QFLOCK, QFLOCK_SLOT_BITS, virtualSlot } from '../tables/columns';
import type { ColumnClaim } from './claims';

export function routeClaims(layout: VmLayout, claims: readonly ColumnClaim[]): PointClaim[] {
  const qflock = layout.placements[QFLOCK];
  if (qflock === null) throw new Error('routeClaims: q_flock has no placement');
  return claims.map((c) => {
    const slot = virtualSlot(c.column);
    const at = slot === undefined ? layout.placements[c.column] : qflock;
    if (at === null) throw new Error(`routeClaims: ${columnName(c.column)} is committed nowhere`);
    const vars = c.point.length / 6 + (slot === undefined ? 0 : QFLOCK_SLOT_BITS);
    if (vars !== at.vars) throw new Error(`routeClaims: a claim on ${columnName(c.column)} has ${vars} coordinates, its slice ${at.vars}`);
    return slot === undefined
      ? { offset: at.offset, point: c.point, value: c.value }
      : { offset: at.offset, strideLog: QFLOCK_SLOT_BITS, slot, point: c.point, value: c.value };
  });
}
