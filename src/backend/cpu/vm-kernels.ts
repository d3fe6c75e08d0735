// The VM capability's TypeScript kernels (src/backend/vm-kernels.ts) on host arrays: the cpu
// backend's (through ../array-vm.ts), and the reference every other backend's match word for
// word. Scratch is module-level so the loops allocate nothing.
import { type E, eMulAt, eMulKAt } from '../../field/e';
import { kMulAt } from '../../field/k';
import type { VmArrayKernels } from '../array-vm';
import { gatherPairs } from '../../kernels/vm/gather';
import type { Elem } from '../backend';
import type { VmForm } from '../vm-kernels';

const A = new Uint32Array(24), D = new Uint32Array(24), S = new Uint32Array(6);
const L = new Uint32Array(18), R = new Uint32Array(18), P = new Uint32Array(36), X = new Uint32Array(12);

/** (A_i + X D_i)(A_j + X D_j) as three coefficients into q (Karatsuba: three products). */
function lineProduct(q: Uint32Array, i: number, j: number): void {
  eMulAt(q, 0, A, 6 * i, A, 6 * j);
  eMulAt(q, 12, D, 6 * i, D, 6 * j);
  for (let t = 0; t < 6; t++) {
    X[t] = A[6 * i + t] ^ D[6 * i + t];
    X[6 + t] = A[6 * j + t] ^ D[6 * j + t];
  }
  eMulAt(q, 6, X, 0, X, 6);
  for (let t = 0; t < 6; t++) q[6 + t] ^= q[t] ^ q[12 + t];
}

/** acc[o..o+6) ^= v·eq[e..e+6). */
function addWeighted(acc: Uint32Array, o: number, v: Uint32Array, vo: number, eq: Uint32Array, e: number): void {
  eMulAt(S, 0, v, vo, eq, e);
  for (let t = 0; t < 6; t++) acc[o + t] ^= S[t];
}

/** Binds the P pairs of rows at r in place (pair p into row p, read before it is written), a row
 * of ones after an odd P; returns the rows' words now. */
function bindRows(rows: Uint32Array, r: E): Uint32Array {
  const pairs = rows.length / 48;
  for (let p = 0; p < pairs; p++) {
    for (let c = 0; c < 4; c++) {
      const lo = 48 * p + 6 * c, o = 24 * p + 6 * c;
      for (let t = 0; t < 6; t++) S[t] = rows[lo + t] ^ rows[lo + 24 + t];
      eMulAt(S, 0, S, 0, r, 0);
      for (let t = 0; t < 6; t++) rows[o + t] = rows[lo + t] ^ S[t];
    }
  }
  if (pairs % 2 === 1) {
    rows.fill(0, 24 * pairs, 24 * (pairs + 1));
    for (let c = 0; c < 4; c++) rows[24 * pairs + 6 * c] = 1;
  }
  return rows.subarray(0, 48 * Math.ceil(pairs / 2));
}

function quarticSums(rows: Uint32Array, eq: Uint32Array): Uint32Array {
  const acc = new Uint32Array(24);
  for (let p = 0; p < rows.length / 48; p++) {
    const lo = 48 * p;
    for (let w = 0; w < 24; w++) {
      A[w] = rows[lo + w];
      D[w] = rows[lo + w] ^ rows[lo + 24 + w];
    }
    lineProduct(L, 0, 1);
    lineProduct(R, 2, 3);
    // The quartic L·R: c0 = L0R0, c4 = L2R2, c2 = (L0+L2)(R0+R2) + c0 + c4 + L1R1,
    // c3 = (L1+L2)(R1+R2) + L1R1 + c4, q(0) + q(1) = c0 + ΣL·ΣR.
    eMulAt(P, 0, L, 0, R, 0);
    eMulAt(P, 6, L, 12, R, 12);
    eMulAt(P, 12, L, 6, R, 6);
    const pair = (into: number, i: number, j: number, k: number) => {
      for (let t = 0; t < 6; t++) {
        X[t] = L[i + t] ^ L[j + t] ^ (k < 0 ? 0 : L[k + t]);
        X[6 + t] = R[i + t] ^ R[j + t] ^ (k < 0 ? 0 : R[k + t]);
      }
      eMulAt(P, into, X, 0, X, 6);
    };
    pair(18, 0, 6, 12); // q(1) = ΣL·ΣR
    pair(24, 0, 12, -1);
    pair(30, 6, 12, -1);
    const e = 6 * p;
    for (let t = 0; t < 6; t++) X[t] = P[t] ^ P[18 + t];
    addWeighted(acc, 0, X, 0, eq, e);
    for (let t = 0; t < 6; t++) X[t] = P[24 + t] ^ P[t] ^ P[6 + t] ^ P[12 + t];
    addWeighted(acc, 6, X, 0, eq, e);
    for (let t = 0; t < 6; t++) X[t] = P[30 + t] ^ P[12 + t] ^ P[6 + t];
    addWeighted(acc, 12, X, 0, eq, e);
    addWeighted(acc, 18, P, 6, eq, e);
  }
  return acc;
}

function productsOfFour(src: Uint32Array, out: Uint32Array): void {
  for (let x = 0; x < out.length / 6; x++) {
    eMulAt(out, 6 * x, src, 24 * x, src, 24 * x + 6);
    eMulAt(S, 0, src, 24 * x + 12, src, 24 * x + 18);
    eMulAt(out, 6 * x, out, 6 * x, S, 0);
  }
}

function fold(src: Uint32Array, elem: Elem, stride: number, r: E, out: Uint32Array): void {
  const w = elem === 'E' ? 6 : 2;
  const n = src.length / w;
  for (let u = 0; u < n / (2 * stride); u++) {
    for (let j = 0; j < stride; j++) {
      const lo = w * (2 * stride * u + j), hi = lo + w * stride, o = 6 * (stride * u + j);
      S.fill(0);
      for (let t = 0; t < w; t++) S[t] = src[lo + t] ^ src[hi + t];
      eMulAt(S, 0, S, 0, r, 0);
      for (let t = 0; t < w; t++) S[t] ^= src[lo + t];
      out.set(S, o);
    }
  }
}

const KP = new Uint32Array(2);

function formRows(columns: readonly Uint32Array[], form: VmForm, n: number, out: Uint32Array, at: number): void {
  for (let i = 0; i < n; i++) {
    const o = 6 * (at + i);
    for (let k = 0; k < 6; k++) out[o + k] ^= form.constant[k];
    for (let t = 0; t < form.a.length; t++) {
      const ca = columns[form.a[t]], b = form.b[t];
      KP[0] = ca[2 * i];
      KP[1] = ca[2 * i + 1];
      if (b >= 0) kMulAt(KP, 0, KP, 0, columns[b], 2 * i);
      eMulKAt(S, 0, form.coeffs, 6 * t, KP, 0);
      for (let k = 0; k < 6; k++) out[o + k] ^= S[k];
    }
  }
}

const V = new Uint32Array(24), W = new Uint32Array(18);

/** The columns' values at row i as E into dst (K lifted). */
function load(col: Uint32Array, elem: Elem, i: number, dst: Uint32Array, at: number): void {
  if (elem === 'E') for (let t = 0; t < 6; t++) dst[at + t] = col[6 * i + t];
  else {
    dst.fill(0, at, at + 6);
    dst[at] = col[2 * i];
    dst[at + 1] = col[2 * i + 1];
  }
}

function formPairSums(columns: readonly Uint32Array[], elem: Elem, form: VmForm, eq: Uint32Array, half: number): Uint32Array {
  const s = new Uint32Array(18);
  s.set(form.constant);
  for (let t = 0; t < form.a.length; t++) {
    const ca = columns[form.a[t]], b = form.b[t], cb = b >= 0 ? columns[b] : null;
    W.fill(0);
    for (let i = 0; i < half; i++) {
      // V: a0, da, b0, db; eq-weighted: W += eq·(a0·b0, a0·db + da·b0, da·db), or (a0, da).
      load(ca, elem, i, V, 0);
      load(ca, elem, i + half, V, 6);
      for (let k = 0; k < 6; k++) V[6 + k] ^= V[k];
      eMulAt(V, 0, V, 0, eq, 6 * i);
      eMulAt(V, 6, V, 6, eq, 6 * i);
      if (cb === null) {
        for (let k = 0; k < 12; k++) W[k] ^= V[k];
        continue;
      }
      load(cb, elem, i, V, 12);
      load(cb, elem, i + half, V, 18);
      for (let k = 0; k < 6; k++) V[18 + k] ^= V[12 + k];
      addWeighted(W, 0, V, 0, V, 12);
      addWeighted(W, 6, V, 0, V, 18);
      addWeighted(W, 6, V, 6, V, 12);
      addWeighted(W, 12, V, 6, V, 18);
    }
    for (let k = 0; k < 3; k++) addWeighted(s, 6 * k, W, 6 * k, form.coeffs, 6 * t);
  }
  return s;
}

/** The TypeScript kernels. */
export const hostVmKernels: VmArrayKernels = {
  gatherPairs,
  productsOfFour,
  quarticSums: (rows, eq, bind) => quarticSums(bind === undefined ? rows : bindRows(rows, bind), eq),
  formRows,
  formPairSums(columns, elem, form, eq, half, bind) {
    if (bind === undefined) return formPairSums(columns, elem, form, eq, half);
    columns.forEach((c, i) => fold(c, elem, 2 * half, bind.r, bind.out[i]));
    return formPairSums(bind.out, 'E', form, eq, half);
  },
};
