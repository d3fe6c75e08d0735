// Lincheck's batched column weights (docs/protocol.md §9.4): comb = (A_0 + αB_0)ᵀe + α²e +
// α³[j = 512] from the row weights e, one transpose walk of the circuit (./walk.ts). The
// reference for FlockPasses.comb: a backend with a faster place for it (the native module's C++
// walk) gives these words.
import { type E, eMul } from '../../field/e';
import { eMulByTable, eMulTable } from '../../field/e-const';
import { CONST_POS } from './layout';
import { transposeWalk } from './walk';

/** out[i] ^= r·v[i] for packed E arrays of equal length. */
function addScaled(out: Uint32Array, v: Uint32Array, r: E): void {
  const t = eMulTable(r), p = new Uint32Array(6);
  for (let i = 0; i < v.length; i += 6) {
    eMulByTable(t, p, 0, v, i);
    for (let k = 0; k < 6; k++) out[i + k] ^= p[k];
  }
}

/** comb (2^14 E values) from the row weights e and α. */
export function combOf(eRow: Uint32Array, alpha: E): Uint32Array {
  const uB = new Uint32Array(eRow.length);
  addScaled(uB, eRow, alpha);
  const comb = transposeWalk(eRow, uB);
  const a2 = eMul(alpha, alpha);
  addScaled(comb, eRow, a2);
  const a3 = eMul(a2, alpha);
  for (let k = 0; k < 6; k++) comb[6 * CONST_POS + k] ^= a3[k];
  return comb;
}
