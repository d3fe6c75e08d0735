// Column weights of the Reed–Solomon code (docs/protocol.md §4.3): a codeword entry at the K point x
// is Enc(g)[x] = Σ_u W_x(u)·g(u) with W_x(u) = Π_i Ŵ_i(x)^{u_i}, so the verifier needs
// MLE(W_x)(p) = Π_i (1 + p_i·(1 + Ŵ_i(x))) and the prover needs the table W_x itself.
import { type E, eMulAt, eMulKAt, eOne } from '../field/e';
import { type K, kMulAt } from '../field/k';
import { wHatAt } from '../ntt/subspace';
import { ShapeError } from '../util/errors';
import { pointVars } from './table';

/** The K table W_x(u) = Π_{i<κ} Ŵ_i(x)^{u_i} of 2^κ entries (variable i = bit i of u). */
export function columnWeightTable(x: K, kappa: number, out: Uint32Array = new Uint32Array(2 << kappa)): Uint32Array {
  if (!Number.isInteger(kappa) || kappa < 0 || kappa > 30) throw new ShapeError(`columnWeightTable: ${kappa} variables is outside 0..30`);
  if (out.length !== 2 << kappa) throw new ShapeError(`columnWeightTable: output needs ${2 << kappa} words, got ${out.length}`);
  const w = wHatAt(x, kappa);
  out[0] = 1;
  out[1] = 0;
  for (let k = 0, size = 1; k < kappa; k++, size <<= 1) {
    for (let i = 0; i < size; i++) kMulAt(out, 2 * (i + size), out, 2 * i, w, 2 * k);
  }
  return out;
}

/** MLE(W_x)(p) = Π_i (1 + p_i·(1 + Ŵ_i(x))) for p ∈ E^κ. */
export function columnWeightEval(x: K, p: Uint32Array): E {
  const w = wHatAt(x, pointVars(p, 'columnWeightEval'));
  const acc = eOne();
  const factor = new Uint32Array(6);
  for (let i = 0; i < w.length / 2; i++) {
    w[2 * i] ^= 1; // 1 + Ŵ_i(x)
    eMulKAt(factor, 0, p, 6 * i, w, 2 * i);
    factor[0] ^= 1;
    eMulAt(acc, 0, acc, 0, factor, 0);
  }
  return acc;
}
