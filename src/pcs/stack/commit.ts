// Committing columns as one stack: place them, copy them into the committed lanes, commit with
// WHIR's level-0 layout. The placement is what both sides derive from the column sizes.
import { commitWhir, type WhirCommitment } from '../whir/commit';
import { buildStack, placeColumns, type StackPlacement } from './placement';

export interface StackCommitment {
  readonly placement: StackPlacement;
  readonly commitment: WhirCommitment;
}

/** Columns of 2^k K words each (2 u32 a word), committed at inverse rate 2^logInvRate. */
export function commitColumns(columns: readonly Uint32Array[], logInvRate: number): StackCommitment {
  const placement = placeColumns(columns.map((c) => Math.log2(c.length / 2)));
  return { placement, commitment: commitWhir(buildStack(columns, placement), placement.logN, logInvRate) };
}
