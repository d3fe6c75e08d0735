// Subspace polynomials of the Lin–Chung–Han novel basis over K (docs/protocol.md §4.1), for the
// standard basis e_c = x^c: U_i = span(e_0..e_{i-1}), V_i(X) = Π_{u∈U_i}(X + u),
// s_i = V_i(e_i), Ŵ_i = V_i / s_i. V_i is F2-linear, so every twiddle is a sum of the
// basis values Ŵ_d(e_c).
import { kInv, kMulAt, kSquareAt, type K } from '../field/k';
import { ShapeError } from '../util/errors';

/** K has 64 basis vectors; V_i(e_c) is defined (and non-zero) for every i ≤ c < 64. */
export const MAX_DIM = 64;

interface Tables {
  /** rows[d], entry c − d (2 words each): Ŵ_d(e_c) for d ≤ c < 64; entry 0 is 1. */
  rows: Uint32Array[];
  /** s_k = V_k(e_k) and 1/s_k, packed. */
  s: Uint32Array;
  sInv: Uint32Array;
}

let tables: Tables | null = null;

/**
 * Unnormalised rows by V_{i+1}(e_c) = V_i(e_c)·(V_i(e_c) + s_i); each row is then divided
 * by its first entry s_i. About 2000 products, built on first use.
 */
function build(): Tables {
  const rows: Uint32Array[] = [];
  const s = new Uint32Array(2 * MAX_DIM);
  const sInv = new Uint32Array(2 * MAX_DIM);
  const sum = new Uint32Array(2);
  let v = new Uint32Array(2 * MAX_DIM); // V_i(e_c) for c = i..63
  for (let c = 0; c < MAX_DIM; c++) v[2 * c + (c >> 5)] = 1 << (c & 31);
  for (let i = 0; i < MAX_DIM; i++) {
    s.set(v.subarray(0, 2), 2 * i);
    sInv.set(kInv(v.subarray(0, 2)), 2 * i);
    const row = new Uint32Array(v.length);
    for (let j = 0; j < v.length; j += 2) kMulAt(row, j, v, j, sInv, 2 * i);
    rows.push(row);
    const next = new Uint32Array(v.length - 2);
    for (let j = 2; j < v.length; j += 2) {
      sum[0] = v[j] ^ v[0];
      sum[1] = v[j + 1] ^ v[1];
      kMulAt(next, j - 2, v, j, sum, 0);
    }
    v = next;
  }
  return { rows, s, sInv };
}

function get(): Tables {
  tables ??= build();
  return tables;
}

/** Row d of the normalised table: Ŵ_d(e_c) for c = d, …, 63 (2 words each; entry 0 is 1). */
export function normalizedRow(d: number): Uint32Array {
  if (!Number.isInteger(d) || d < 0 || d >= MAX_DIM) throw new ShapeError(`subspace row index must be in [0, 64), got ${d}`);
  return get().rows[d];
}

/** Ŵ_d(e_c) as a fresh K, for 0 ≤ d, c < 64 (zero for c < d: e_c ∈ U_d). */
export function wHatBasis(d: number, c: number): K {
  const row = normalizedRow(d);
  if (!Number.isInteger(c) || c < 0 || c >= MAX_DIM) throw new ShapeError(`Ŵ_${d}(e_c) needs 0 ≤ c < 64, got c = ${c}`);
  if (c < d) return new Uint32Array(2);
  return row.slice(2 * (c - d), 2 * (c - d) + 2);
}

/** s_k = V_k(e_k) for k = 0 .. 63, packed (2 words each). */
export function subspaceConstants(): Uint32Array {
  return get().s.slice();
}

/**
 * Ŵ_0(x), …, Ŵ_{count−1}(x) at an arbitrary point x (packed), by V_0(x) = x,
 * V_{k+1}(x) = V_k(x)² + s_k·V_k(x), Ŵ_k(x) = V_k(x)/s_k. The verifier's column weights
 * Π_i Ŵ_i(x)^{u_i} are built from these.
 */
export function wHatAt(x: K, count: number): Uint32Array {
  if (!Number.isInteger(count) || count < 0 || count > MAX_DIM) throw new ShapeError(`wHatAt: count must be in [0, 64], got ${count}`);
  const { s, sInv } = get();
  const out = new Uint32Array(2 * count);
  const v = Uint32Array.of(x[0], x[1]);
  const sq = new Uint32Array(2);
  for (let k = 0; k < count; k++) {
    kMulAt(out, 2 * k, v, 0, sInv, 2 * k);
    kSquareAt(sq, 0, v, 0);
    kMulAt(v, 0, v, 0, s, 2 * k);
    v[0] ^= sq[0];
    v[1] ^= sq[1];
  }
  return out;
}
