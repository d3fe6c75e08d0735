// Lincheck's row weights (docs/protocol.md §9.4): the "quirky" eq of the zerocheck point,
// e_row[s + 64·i] = L_s(z)·eq(χ_in, i), Lagrange in the six skip bits of a block position and
// eq in its eight word bits. Prover and verifier weight the rows the same way.
import type { E } from '../../field/e';
import { eqTableFast } from '../../kernels/flock/eq-table';
import { ShapeError } from '../../util/errors';
import { skipWeights } from '../../kernels/flock/skip-domain';

/** Word-index bits of a block position: the first 8 multilinear challenges are χ_in. */
export const IN_VARS = 8;

/** e_row (6·16384 words) for the skip point z and χ_in (8 coordinates). */
export function rowWeights(z: E, chiIn: Uint32Array): Uint32Array {
  if (chiIn.length !== 6 * IN_VARS) throw new ShapeError(`rowWeights: χ_in has ${IN_VARS} coordinates, got ${chiIn.length / 6}`);
  // The eq table of χ_in seeded with the 64 skip weights: position s + 64i at 6(s + 64i).
  return eqTableFast(chiIn, skipWeights(z));
}
