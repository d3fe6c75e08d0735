// The VM prover's bulk work as one capability of the seam (Backend.vm): the bus's leaves, the
// grand-product GKR's layers and round sums, and the table sumcheck's round sums with their
// fused bindings, on buffers of the backend (K words 2 u32, E values 6), so the tables stay on a
// device between rounds and only round sums come back. Eq tables are Backend.eqTable; the
// framework values are pair sums of one column, so the prover needs no fold. The cpu and native backends run the kernels on their buffers' host arrays in
// place (./array-vm.ts: the TypeScript kernels of ./cpu/vm-kernels.ts, the reference, and the
// module's), webgpu in WGSL (./webgpu/vm.ts); every one gives the reference's words: the sums
// are XORs of exact field values.
import type { E } from '../field/e';
import type { DeviceBuffer, Elem } from './backend';
import type { PairGather } from '../kernels/vm/gather';
import type { PlainSteps } from '../kernels/vm/steps';

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

/** A binding of the columns' top variable at r (VmKernels.formPairSums). */
export interface VmBind {
  readonly r: E;
  /** One E buffer a column, of 2·half values; an E column's may be a view of its own first
   * half (in place). On webgpu all of them are views of one buffer. */
  readonly out: readonly DeviceBuffer[];
}

/** A GKR round's sums (24 words a tree) and the rows it leaves (VmKernels.quarticSums). */
export interface VmRound {
  readonly sums: readonly Uint32Array[];
  readonly rows: readonly DeviceBuffer[];
}

export interface VmKernels {
  /** `length` host words from the backend's pool, contents arbitrary: the prover's large host
   * arrays (the stack it builds). */
  take(length: number): Uint32Array;
  /** take's words, zero: a fresh array is zero already, its pages left for whatever writes
   * them first to map (the kernels' threads, on native), and a stack's unwritten padding never. */
  zeroed(length: number): Uint32Array;
  /** Takes back words from take that nothing reads any more (a view of an array's start gives
   * back the array); others are ignored. */
  give(words: Uint32Array): void;
  /** A buffer of `elem` values holding `words` from take (whole values), which the caller
   * hands over: it neither reads nor gives them back afterwards, and Backend.free gives them
   * back. A host backend's buffers are its pool's arrays, so the buffer is those words, no copy
   * (the VM's stack committed where it was built); a device's is an upload of them. Refused
   * (an AllocationError, words that are not whole values), the words are given back too. */
  own(elem: Elem, words: Uint32Array): Promise<DeviceBuffer>;
  /** dst[i] = src[index(i)] for i < n on host words (K words; src/kernels/vm/gather.ts): the
   * witness columns' lookups, on the module's threads on native. A bulk call (a signal's
   * wrapper may run it a turn later): dst is written when the Promise settles. */
  gatherPairs(dst: Uint32Array, src: Uint32Array, n: number, g: PairGather): Promise<void>;
  /** Values at, at + stride, … (`length` of them) of `buf` as a buffer over the same storage:
   * it lives as long as buf does and is never freed itself. A view of stride 1 reads and writes
   * buf with no copy; a wider one (a slot of every row, as q_flock holds the BLAKE2S values) is
   * read only by the form kernels and `values` (the host backends copy it). */
  view(buf: DeviceBuffer, at: number, length: number, stride?: number): DeviceBuffer;
  /** A new K buffer of g^0 … g^(n−1), g = x (the memory's and the bytecode's addresses, as
   * src/field/g-powers.ts makes them): the framework blocks' column of addresses. */
  powers(n: number): Promise<DeviceBuffer>;
  /** A new E buffer of `length` values, zero below `from` and one from it on: the bus's trees
   * are stored prefixes of trees whose other leaves are ones. With `written`, the values below
   * `from` may be anything (the caller writes them all: a host backend leaves a fresh array's
   * pages to the writer). Freed with Backend.free. */
  ones(length: number, from: number, written?: boolean): Promise<DeviceBuffer>;
  /** out[x] = src[4x]·src[4x+1]·src[4x+2]·src[4x+3] for x < src.length / 4 (E buffers, src a
   * whole number of fours, out at least that long). */
  productsOfFour(src: DeviceBuffer, out: DeviceBuffer): Promise<void>;
  /**
   * The GKR round of each tree (its level's rows) over rows of four children (4 E values a row,
   * an even number of rows), row 2p and 2p + 1 the two ends of pair p, child c the line lo_c +
   * X·(lo_c + hi_c): the 24 words Σ_p eq[p]·(q_p(0) + q_p(1), c2, c3, c4) of q_p = Π_c line_c,
   * eq's first values the weights; the trees' rounds together (on a device, one submission).
   *
   * With `bind`, the previous round's challenge, the rows are first bound: pair p becomes row p
   * (each child lo + bind·(lo + hi)), a row of ones follows an odd count of them, and the sums
   * are those of the bound rows, eq one weight a bound pair. The given rows are then spent: the
   * returned ones (2·⌈P/2⌉ rows, P the pairs before; over the same storage on host backends)
   * take their place. Without bind the given rows are returned.
   */
  quarticSums(trees: readonly DeviceBuffer[], eq: DeviceBuffer, bind?: E): Promise<VmRound>;
  /** out[at + i] += the form on row i of the K columns, for i < n (out E). */
  formRows(columns: readonly DeviceBuffer[], form: VmForm, n: number, out: DeviceBuffer, at: number): Promise<void>;
  /**
   * Σ_{i < half} eq[i]·(s0, s1, s2), S(lo_i + X·(lo_i + hi_i)) = s0 + s1·X + s2·X² for the form S
   * on the columns' rows lo = i and hi = i + half (columns of one kind, K or E, of 2·half
   * values): 18 words.
   *
   * With `bind`, the columns hold 4·half values and are first bound at bind.r in their top
   * variable into bind.out (value i is c[i] + r·(c[i] + c[i + 2·half])), and the sums are those
   * of the bound columns, in the same pass.
   */
  formPairSums(columns: readonly DeviceBuffer[], form: VmForm, eq: DeviceBuffer, half: number, bind?: VmBind): Promise<Uint32Array>;
  /** Where the interpreter's plain steps run, where the backend has a faster place for them
   * than the interpreter itself (the native module); the run is the same. */
  readonly steps?: PlainSteps;
  /** Each column's value at the end of the table sumcheck, 6 words a column (columns of one
   * kind): with r, its first two values bound at r, v0 + r·(v0 + v1); else its first value. */
  values(columns: readonly DeviceBuffer[], r?: E): Promise<Uint32Array>;
}
