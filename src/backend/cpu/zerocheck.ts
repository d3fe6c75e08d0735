// The zerocheck's round sums (Backend.zerocheckSums) on plain typed arrays: the reference
// every device kernel must reproduce word for word.
import { eMulAt } from '../../field/e';

const T = new Uint32Array(6), SA = new Uint32Array(6), SB = new Uint32Array(6), P = new Uint32Array(6);

/** G(1) then G(∞) (12 words) for E tables a, b, c of 2N values and eq of N, packed. */
export function zerocheckSums(a: Uint32Array, b: Uint32Array, c: Uint32Array, eq: Uint32Array): Uint32Array {
  const out = new Uint32Array(12);
  for (let x = 0; x < eq.length / 6; x++) {
    const i0 = 12 * x, i1 = i0 + 6, w = 6 * x;
    eMulAt(T, 0, a, i1, b, i1);
    for (let t = 0; t < 6; t++) {
      T[t] ^= c[i1 + t];
      SA[t] = a[i0 + t] ^ a[i1 + t];
      SB[t] = b[i0 + t] ^ b[i1 + t];
    }
    eMulAt(P, 0, T, 0, eq, w);
    for (let t = 0; t < 6; t++) out[t] ^= P[t];
    eMulAt(T, 0, SA, 0, SB, 0);
    eMulAt(P, 0, T, 0, eq, w);
    for (let t = 0; t < 6; t++) out[6 + t] ^= P[t];
  }
  return out;
}
