// The weight of the ring-switched claim on the packed column: b[y] = Φ(eq(r, y)) (docs/protocol.md §7).
// The prover tabulates it; the verifier evaluates its multilinear extension at the opening's
// terminal point r' in closed form: since Φ(a) = Σ_k c_k·a^(2^k) and squaring is additive,
// Φ(eq(r, y)) = Σ_k c_k·eq(r^(2^k), y) on boolean y, and each eq extends multilinearly.
import { type E, eMulAt, eSquareAt } from '../../field/e';
import { eqTable } from '../../poly/eq';
import { pointVars } from '../../poly/table';
import { ShapeError } from '../../util/errors';
import { E_LINEAR_TABLE_WORDS, eLinearAt } from '../../field/e-linear';

/** b[y] = Φ(eq(r, y)) for all y < 2^n (6·2^n words), with Φ given by its byte tables. */
export function ringWeightTable(r: Uint32Array, tables: Uint32Array, out?: Uint32Array): Uint32Array {
  if (tables.length !== E_LINEAR_TABLE_WORDS) throw new ShapeError(`ringWeightTable: byte tables need ${E_LINEAR_TABLE_WORDS} words, got ${tables.length}`);
  const b = eqTable(r, out);
  for (let o = 0; o < b.length; o += 6) eLinearAt(tables, b, o, b, o);
  return b;
}

/** MLE(b)(r') = Σ_{k<64} c_k·Π_j (1 + r_j^(2^k) + r'_j), with c = phiCoefficients (64 packed E). */
export function ringWeightEval(r: Uint32Array, rPrime: Uint32Array, c: Uint32Array): E {
  const n = pointVars(r, 'ringWeightEval');
  if (pointVars(rPrime, 'ringWeightEval') !== n) {
    throw new ShapeError(`ringWeightEval: r has ${n} coordinates but r' has ${rPrime.length / 6}`);
  }
  if (c.length !== 6 * 64) throw new ShapeError(`ringWeightEval: need 64 coefficients (384 words), got ${c.length} words`);
  const frob = Uint32Array.from(r); // r_j^(2^k) for the current k
  const total = new Uint32Array(6);
  const term = new Uint32Array(6);
  const factor = new Uint32Array(6);
  for (let k = 0; k < 64; k++) {
    term.set(c.subarray(6 * k, 6 * k + 6));
    for (let j = 0; j < 6 * n; j += 6) {
      for (let t = 0; t < 6; t++) factor[t] = frob[j + t] ^ rPrime[j + t];
      factor[0] ^= 1;
      eMulAt(term, 0, term, 0, factor, 0);
      eSquareAt(frob, j, frob, j);
    }
    for (let t = 0; t < 6; t++) total[t] ^= term[t];
  }
  return total;
}
