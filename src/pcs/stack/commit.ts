// Committing columns as one stack: place them, copy them into the committed lanes, commit with
// WHIR's level-0 layout on a backend. The placement is what both sides derive from the column sizes.
import type { Backend } from '../../backend/backend';
import { commitWhir, type WhirCommitment } from '../whir/commit';
import { buildStack, placeColumns, type StackPlacement } from './placement';

export interface StackCommitment {
  readonly placement: StackPlacement;
  readonly commitment: WhirCommitment;
}

/** Columns of 2^k K words each (2 u32 a word), committed at inverse rate 2^logInvRate. */
export async function commitColumns(backend: Backend, columns: readonly Uint32Array[], logInvRate: number): Promise<StackCommitment> {
  const placement = placeColumns(columns.map((c) => Math.log2(c.length / 2)));
  return { placement, commitment: await commitWhir(backend, buildStack(columns, placement), placement.logN, logInvRate) };
}
