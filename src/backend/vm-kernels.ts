// The VM prover's bulk work as one capability of the seam (Backend.vm): the bus's leaves, the
// grand-product GKR's layers, round sums and folds, and the table sumcheck's round sums and
// folds. Host arrays in and out (K words 2 u32, E values 6), on every backend that has the
// record; a backend without it leaves the work to the TypeScript kernels (./cpu/vm-kernels.ts),
// which every implementation matches word for word: the sums are XORs of exact field values.
import type { E } from '../field/e';
import type { Elem } from './backend';

/**
 * A form of degree ≤ 2 in a row's columns with E coefficients: constant + Σ_t coeffs_t ·
 * col[a_t]·col[b_t], b_t = −1 for a term of one column (a_t ≥ 0 always).
 */
export interface VmForm {
  readonly constant: E;
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** 6 words per term. */
  readonly coeffs: Uint32Array;
}

/** A binding of the top variable at r into out (VmKernels.formPairSums). */
export interface VmBind {
  readonly r: E;
  readonly out: readonly Uint32Array[];
}

export interface VmKernels {
  /** `length` words from the backend's pool, contents arbitrary: the prover's large arrays. */
  take(length: number): Uint32Array;
  /** Takes back words from take that nothing reads any more (a view of an array's start gives
   * back the array); others are ignored. */
  give(words: Uint32Array): void;
  /** out[x] = src[4x]·src[4x+1]·src[4x+2]·src[4x+3] (packed E; src a whole number of fours). */
  productsOfFour(src: Uint32Array, out: Uint32Array): Promise<void>;
  /**
   * The GKR round over rows of four children (24 words a row, an even number of rows), row 2p
   * and 2p + 1 the two ends of pair p, child c the line lo_c + X·(lo_c + hi_c): the 24 words
   * Σ_p eq[p]·(q_p(0) + q_p(1), c2, c3, c4) of q_p = Π_c line_c.
   *
   * With `bind`, the previous round's challenge, the rows are first bound in place: pair p
   * becomes row p (each child lo + bind·(lo + hi)), a row of ones follows an odd count of them,
   * and the sums are those of the bound rows, eq one weight a bound pair. The caller's rows are
   * then the first 2·⌈P/2⌉ rows of the array (P its pairs before).
   */
  quarticSums(rows: Uint32Array, eq: Uint32Array, bind?: E): Promise<Uint32Array>;
  /** out (n / 2 E values) = src (n K or E values) with the variable of `stride` bound at r: value
   * (unit u, j < stride) = lo + r·(lo + hi), lo = 2·stride·u + j, hi = lo + stride; n a whole
   * number of units. Binding the top variable (stride n / 2) of E values, out may be src's
   * first half: in place. */
  fold(src: Uint32Array, elem: Elem, stride: number, r: E, out: Uint32Array): Promise<void>;
  /** out (2^n E values) = eq(point, ·) for a point of n coordinates. */
  eqTable(point: Uint32Array, out: Uint32Array): Promise<void>;
  /** out[at + i] += the form on row i of K columns, for i < n (E values). */
  formRows(columns: readonly Uint32Array[], form: VmForm, n: number, out: Uint32Array, at: number): Promise<void>;
  /**
   * Σ_{i < half} eq[i]·(s0, s1, s2), S(lo_i + X·(lo_i + hi_i)) = s0 + s1·X + s2·X² for the form S
   * on the columns' rows lo = i and hi = i + half (K or E columns of 2·half values): 18 words.
   *
   * With `bind`, the columns hold 4·half values and are first bound at bind.r in their top
   * variable into bind.out (one array of 2·half E values a column; value i is c[i] + r·(c[i] +
   * c[i + 2·half]), as fold at stride 2·half; an E column's out may be its own first half: in
   * place), and the sums are those of the bound columns, in the same pass.
   */
  formPairSums(columns: readonly Uint32Array[], elem: Elem, form: VmForm, eq: Uint32Array, half: number, bind?: VmBind): Promise<Uint32Array>;
}
