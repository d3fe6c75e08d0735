// Lincheck's row weights (PROTOCOL.md §9.4): the "quirky" eq of the zerocheck point,
// e_row[s + 64·i] = L_s(z)·eq(χ_in, i), Lagrange in the six skip bits of a block position and
// eq in its eight word bits. Prover and verifier weight the rows the same way.
import { type E, eMulAt } from '../../field/e';
import { eqTableFast } from '../eq-table';
import { BLOCK_BITS } from '../layout';
import { SKIP_NODES, skipWeights } from '../skip-domain';

/** Word-index bits of a block position: the first 8 multilinear challenges are χ_in. */
export const IN_VARS = 8;

/** e_row (6·16384 words) for the skip point z and χ_in (8 coordinates). */
export function rowWeights(z: E, chiIn: Uint32Array): Uint32Array {
  const L = skipWeights(z), eqIn = eqTableFast(chiIn);
  const e = new Uint32Array(6 * BLOCK_BITS);
  for (let i = 0; i < BLOCK_BITS / SKIP_NODES; i++) {
    for (let s = 0; s < SKIP_NODES; s++) eMulAt(e, 6 * (SKIP_NODES * i + s), L, 6 * s, eqIn, 6 * i);
  }
  return e;
}
