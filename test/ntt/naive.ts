// Direct evaluation of the novel-basis encoding from its definition (docs/protocol.md §4.1), as an
// oracle for the NTT: V_i(x) = Π_{u ∈ span(e_0..e_{i−1})} (x + u), Ŵ_i = V_i / V_i(e_i),
// X_u(x) = Π_{i: bit_i(u)} Ŵ_i(x), Enc(g)[v] = Σ_u g_u·X_u(v). No recursion, no linearity.
import { kInv, kMulAt } from '../../src/field/k';

/** V_i(x) by the product over the 2^i points of U_i (x given as [lo, hi]). */
export function subspacePoly(i: number, x: Uint32Array): Uint32Array {
  const acc = Uint32Array.of(1, 0);
  const f = new Uint32Array(2);
  for (let u = 0; u < 2 ** i; u++) {
    f[0] = x[0] ^ u;
    f[1] = x[1];
    kMulAt(acc, 0, acc, 0, f, 0);
  }
  return acc;
}

/** Ŵ_i(x_v) for i < dim and v < 2^points, as rows[i][2v..]. */
function wHatTable(dim: number, points: number): Uint32Array[] {
  const rows: Uint32Array[] = [];
  const x = new Uint32Array(2);
  for (let i = 0; i < dim; i++) {
    const norm = kInv(subspacePoly(i, Uint32Array.of(2 ** i, 0)));
    const row = new Uint32Array(2 * points);
    for (let v = 0; v < points; v++) {
      x[0] = v;
      row.set(subspacePoly(i, x), 2 * v);
      kMulAt(row, 2 * v, row, 2 * v, norm, 0);
    }
    rows.push(row);
  }
  return rows;
}

/** Σ_u g_u·X_u(x_v) for v < 2^logDomain; g has 2^κ coefficients (packed K). Domain ≤ 2^31. */
export function naiveEncode(g: Uint32Array, logDomain: number): Uint32Array {
  const n = g.length / 2;
  const dim = Math.log2(n);
  const points = 2 ** logDomain;
  const w = wHatTable(dim, points);
  const out = new Uint32Array(2 * points);
  const basis = new Uint32Array(2 * n); // X_u(x_v) for every u at the current v
  const term = new Uint32Array(2);
  for (let v = 0; v < points; v++) {
    basis[0] = 1;
    basis[1] = 0;
    for (let u = 1; u < n; u++) {
      const top = 31 - Math.clz32(u);
      kMulAt(basis, 2 * u, basis, 2 * (u ^ (1 << top)), w[top], 2 * v);
    }
    for (let u = 0; u < n; u++) {
      kMulAt(term, 0, basis, 2 * u, g, 2 * u);
      out[2 * v] ^= term[0];
      out[2 * v + 1] ^= term[1];
    }
  }
  return out;
}
