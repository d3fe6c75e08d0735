// The seam between the protocol code and the machines it runs on. Protocol layers hold
// opaque buffers and call bulk kernels; each backend owns its memory (typed arrays, GPU
// buffers, native memory). Every method is async so a GPU backend can queue work.
import { ShapeError } from '../util/errors';
import type { E } from '../field/e';
import type { MerklePhase } from '../transcript/proof';
import type { FlockPasses } from './flock-passes';
import type { VmKernels } from './vm-kernels';

/** What a buffer holds: K words (2 × u32 each) or E elements (6 × u32 each). */
export type Elem = 'K' | 'E';

/** u32 words per element of each kind (a K word is two u32, low first). */
export const WORDS: Record<Elem, number> = { K: 2, E: 6 };

/** A backend-owned buffer of `length` elements of one kind. */
export interface DeviceBuffer {
  readonly elem: Elem;
  readonly length: number;
}

export type BackendName = 'cpu' | 'native' | 'webgpu';

/**
 * A Merkle tree kept by the backend that built it (the digests stay on the device), over
 * the codeword it was built from; only the root has been brought back.
 */
export interface MerkleHandle {
  readonly nLeaves: number;
  /** log2(nLeaves): sibling levels on a path. */
  readonly height: number;
  /** K words per stored row, and per leaf image (the image is zero words, then the row). */
  readonly rowWords: number;
  readonly leafWords: number;
  /** BLAKE2s-256 root, 32 bytes. */
  readonly root: Uint8Array;
}

export type { MerklePhase };

/** Two folded tables (new E buffers) and the next round's sums of their product (roundSums' 12 words). */
export interface FoldedRound {
  f: DeviceBuffer;
  b: DeviceBuffer;
  sums: Uint32Array;
}

export interface Backend {
  readonly name: BackendName;
  /** A new buffer holding a copy of `words` (length a multiple of the element size). */
  upload(elem: Elem, words: Uint32Array): Promise<DeviceBuffer>;
  /** A new zeroed buffer. */
  alloc(elem: Elem, length: number): Promise<DeviceBuffer>;
  /** The buffer's contents as u32 words (low word first for each K word). */
  download(buf: DeviceBuffer): Promise<Uint32Array>;
  /** out[i] = a[i] · b[i] in K (all three K buffers of one length). */
  mulK(a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer): Promise<void>;
  /** out[i] = a[i] · b[i] in E (all three E buffers of one length). */
  mulE(a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer): Promise<void>;
  /**
   * The level-0 Reed–Solomon codeword of a K stack of up to 2^logN words (docs/protocol.md §4.4):
   * the nLanes = ⌈msg.length / 2^(logN−6)⌉ top-6-bit blocks that hold data, each encoded
   * at rate 2^−logInvRate, lane t = block nLanes−1−t, position-major: a K buffer of
   * nLanes·2^(logN−6+logInvRate) words whose rows are the committed rows.
   */
  encode(msg: DeviceBuffer, logN: number, logInvRate: number): Promise<DeviceBuffer>;
  /** The Merkle tree over the codeword's rows of rowWords K words, each hashed as its leaf
   * image of leafWords K words (zero words, then the row). The codeword must stay alive and
   * unchanged while the tree is used. */
  merkleBuild(codeword: DeviceBuffer, rowWords: number, leafWords: number): Promise<MerkleHandle>;
  /** The opening phase of `queries` (any order, duplicates allowed) against `tree`, built
   * over `codeword`: only the opened rows and sibling hashes leave the backend. */
  openRows(codeword: DeviceBuffer, tree: MerkleHandle, queries: number[]): Promise<MerklePhase>;
  /** Frees a tree's digests; using it afterwards is an error. */
  freeTree(tree: MerkleHandle): void;

  // The WHIR opening's bulk work (docs/protocol.md §6.3, §8). Tables are multilinear (variable k =
  // bit k of the index). A round at `stride` s cuts a table of n values into units of 2s, and
  // value j of a unit's low half pairs with value j of its high half; a last unit without a
  // high half pairs with zeros. stride 1 binds the lowest variable, stride n sums the whole
  // table with no pairing.

  /** Where small tables finish: tables of fewer than `below` elements are cheaper on the host,
   * so the opening (and the zerocheck's rounds) move them to `backend` (0: never; a host
   * backend names itself). */
  readonly host: { readonly below: number; readonly backend: Backend };
  /**
   * Where the Flock zerocheck's multilinear rounds run: 'device' on this backend's
   * zerocheckSums and fold (tables written out in full), 'host' on the host's padded tables,
   * which sum the batch's identical padding tail once (the faster path without round kernels).
   */
  readonly zerocheckRounds: 'device' | 'host';
  /**
   * The round sums of Σ f·b at `stride` for f (K or E) and b (E) of one length: 12 words,
   * c0 = Σ f_lo·b_lo then c2 = Σ (f_lo + f_hi)·(b_lo + b_hi).
   */
  roundSums(f: DeviceBuffer, b: DeviceBuffer, stride: number): Promise<Uint32Array>;
  /** The table with the variable of `stride` bound at r (K or E in, a new E buffer out):
   * value (unit u, j) = lo + r·(lo + hi). With `spend` the caller gives src up: the backend
   * frees it, or folds an E src into its own storage (a fold then needs no memory). Either
   * way src is not to be used or freed again. */
  fold(src: DeviceBuffer, stride: number, r: E, spend?: boolean): Promise<DeviceBuffer>;
  /**
   * fold(f, stride, r, spend.f) and fold(b, stride, r, spend.b), then roundSums of the two
   * folded tables at nextStride: in one pass where the backend has the kernel (nothing spent,
   * the folded values not read back), else the three calls (src/backend/portable.ts).
   */
  foldRound(f: DeviceBuffer, b: DeviceBuffer, stride: number, r: E, nextStride: number, spend?: Spend): Promise<FoldedRound>;
  /**
   * Where the stacked opening's weight is kept: 'lanes' factored by lanes, the six lane rounds on
   * laneDots and laneCombine (src/pcs/whir/lanes.ts: cheaper where the witness's words are at
   * hand), or 'table' written out over the committed words (the device's choice: it has no lane
   * kernels, which would read the witness back). The messages are the same.
   */
  readonly stackWeight: 'lanes' | 'table';
  /**
   * With stackWeight 'lanes': the lane rounds on a factored weight (src/pcs/whir/lanes.ts).
   * For a K buffer f of lanes of laneWords values (lane ℓ from value ℓ·laneWords) and an E
   * buffer v: Σ_t f[ℓ·laneWords + at + stride·t]·v[t] for every lane ℓ of f (6 words a lane).
   */
  laneDots(f: DeviceBuffer, laneWords: number, v: DeviceBuffer, at: number, stride: number): Promise<Uint32Array>;
  /** With laneDots: Σ_ℓ coeffs[ℓ]·f[ℓ·laneWords + j] for j < laneWords (a new E
   * buffer) for such an f and one E coefficient a lane. */
  laneCombine(f: DeviceBuffer, laneWords: number, coeffs: Uint32Array): Promise<DeviceBuffer>;
  /** seed·eq(point, ·): a new E buffer of 2^n values for a point of n coordinates (packed). */
  eqTable(point: Uint32Array, seed: E): Promise<DeviceBuffer>;
  /** buf[i] = M(buf[i]) for the F2-linear map M: E → E given by its 24 byte tables
   * (src/field/e-linear.ts, eLinearTables). */
  mapByTables(buf: DeviceBuffer, tables: Uint32Array): Promise<void>;
  /**
   * acc[at + stride·i] += scale·src[i] for every value of src (E buffers; scale 1 and stride 1
   * when omitted). A stride scatters a table over one slot of every 2^k-value row, as a claim
   * on a strided column of the stack weighs it (src/pcs/stack/claims.ts).
   */
  addScaled(acc: DeviceBuffer, src: DeviceBuffer, at?: number, scale?: E, stride?: number): Promise<void>;
  /**
   * acc[at + stride·i] += M(seed·eq(point, i)) for the 2^n values of a point of n coordinates,
   * M the map of mapByTables' `tables` (the identity when omitted): eqTable, mapped, added as
   * addScaled adds it, where a backend can skip writing the table out.
   */
  addEq(acc: DeviceBuffer, point: Uint32Array, seed: E, at?: number, stride?: number, tables?: Uint32Array): Promise<void>;
  /**
   * A query batch's weight, Σ_q coeffs_q·W_{x_q} over 2^m values (a new E buffer), with x_q
   * the codeword position queries[q] of a code at rate 2^−logInvRate (duplicates count each
   * time) and W_x(u) = Π_i Ŵ_i(x)^{u_i}, the column of the encoding at x (docs/protocol.md §4.3).
   */
  queryWeights(queries: readonly number[], coeffs: Uint32Array, m: number, logInvRate: number): Promise<DeviceBuffer>;
  /**
   * The codeword of a folded E table at WHIR levels ≥ 1 (docs/protocol.md §4.4): 2^logLanes lanes
   * from the low index bits, each encoded at rate 2^−logInvRate, position-major: a new E
   * buffer whose rows of 3·2^logLanes K words are the committed rows (for merkleBuild).
   */
  encodeFolded(f: DeviceBuffer, logLanes: number, logInvRate: number): Promise<DeviceBuffer>;

  /**
   * One eq-factored round of the Flock zerocheck (docs/protocol.md §9.3) over E tables a, b, c of
   * 2N values and eq weights of N (pair x is values 2x, 2x + 1): 12 words, G(1) =
   * Σ eq[x]·(a[2x+1]·b[2x+1] + c[2x+1]) then G(∞) = Σ eq[x]·(a[2x] + a[2x+1])·(b[2x] + b[2x+1]).
   */
  zerocheckSums(a: DeviceBuffer, b: DeviceBuffer, c: DeviceBuffer, eq: DeviceBuffer): Promise<Uint32Array>;
  /**
   * One fused zerocheck round on E tables a, b, c of one power-of-two length. With
   * chi, first binds their lowest variable at chi in place (value x = lo + chi·(lo + hi), as
   * fold(·, 1, chi)): the tables keep their storage and their length halves. Then the round's
   * 12 words, as zerocheckSums with eqTable(point, 1) on the tables as they are then (point:
   * log2(length / 2) coordinates). One pass over the tables, and no eq table or fresh table per
   * round: the unfused round reads the tables twice and writes its folds to new memory (the portable
   * step, src/backend/portable.ts, is fold, eqTable and zerocheckSums). The given buffers are
   * spent; the returned ones (over the same storage) take their place.
   */
  zerocheckStep(tables: ZerocheckTables, chi: E | null, point: Uint32Array): Promise<ZerocheckStep>;

  /** Flock's passes over its witness columns, which stay on this backend (./flock-passes.ts). */
  readonly flock: FlockPasses;

  /** The VM prover's bulk work (src/backend/vm-kernels.ts), one record. */
  readonly vm: VmKernels;

  /** Grinding's search for the smallest u64 nonce clearing `bits` against `base`, as [lo, hi]
   * (src/transcript/pow.ts, smallestNonce: the same nonce; the host's where the backend has no
   * search of its own). */
  smallestNonce(base: Uint32Array, bits: number): Promise<[number, number]>;

  /** What the backend has moved to and from its device and waited for since it was made (take
   * differences for a span of work). A host backend talks to no device: its meter is the
   * portable one (src/backend/portable.ts), every count 0. */
  traffic(): DeviceTraffic;

  /** What the backend holds for its callers now: its pooled arrays (cpu, native) or device
   * buffers (webgpu) in use. A proof, finished or stopped, leaves it as it found it. */
  held(): HeldMemory;

  /**
   * This backend (its buffers, its memory, its meters) for one proof stopped by `signal`: a
   * device backend gives up a wait for its device when the signal aborts (AbortError) and
   * submits nothing after. Without it, a proof notices an abort only between calls
   * (src/backend/abort.ts, abortable), which for a host backend is as soon.
   */
  withSignal?(signal: AbortSignal): Backend;

  /** Resolves when all work queued so far has completed (a timing and ordering point). */
  finish(): Promise<void>;
  /** Frees one buffer; using it afterwards is an error. */
  free(buf: DeviceBuffer): void;
  /** Releases everything the backend holds (GPU device, workers). */
  dispose(): Promise<void>;
}

/** Which of a fold's inputs the caller gives up (Backend.fold's spend, for each). */
export interface Spend {
  readonly f?: boolean;
  readonly b?: boolean;
}

/** A device backend's traffic, counted where it talks to the device. */
export interface DeviceTraffic {
  /** Bytes written to the device: buffers made with contents, queue writes, kernel parameters. */
  uploadBytes: number;
  /** Bytes read back to the host. */
  readBytes: number;
  /** Queue submissions. */
  submits: number;
  /** Times the host waited on the device: for a read, or for all work to finish. */
  waits: number;
}

/** Buffers in use and their bytes (Backend.held). */
export interface HeldMemory {
  buffers: number;
  bytes: number;
}

/** The zerocheck's E tables a, b, c. */
export type ZerocheckTables = readonly [DeviceBuffer, DeviceBuffer, DeviceBuffer];

/** A fused zerocheck round's G(1) then G(∞) (12 words) and the tables it leaves. */
export interface ZerocheckStep {
  readonly sums: Uint32Array;
  readonly tables: ZerocheckTables;
}

/** Thrown when buffers handed to a kernel do not fit it (kind, length, owner). */
export class BackendUsageError extends ShapeError {
  override name = 'BackendUsageError';
}

/** Checks that kernel operands share one kind and one length; returns that length. */
export function sameShape(elem: Elem, ...bufs: DeviceBuffer[]): number {
  const n = bufs[0].length;
  for (const b of bufs) {
    if (b.elem !== elem) throw new BackendUsageError(`expected a buffer of ${elem} elements, got ${b.elem}`);
    if (b.length !== n) throw new BackendUsageError(`buffer lengths differ: ${n} and ${b.length}`);
  }
  return n;
}

/** Checks that `src` (E) fits into `acc` (E) from value `at`, one value every `stride`. */
export function checkSlice(acc: DeviceBuffer, src: DeviceBuffer, at: number, stride = 1): void {
  sameShape('E', src);
  checkPlacement(acc, src.length, at, stride);
}

/** Checks that `n` values placed from `at`, `stride` apart, fit the E buffer acc. */
export function checkPlacement(acc: DeviceBuffer, n: number, at: number, stride = 1): void {
  sameShape('E', acc);
  if (!Number.isInteger(stride) || stride < 1) throw new BackendUsageError(`a stride must be a positive integer, got ${stride}`);
  if (!Number.isInteger(at) || at < 0 || at + stride * (n - 1) >= acc.length) {
    const every = stride === 1 ? '' : ` every ${stride}`;
    throw new BackendUsageError(`${n} values from ${at}${every} do not fit a buffer of ${acc.length}`);
  }
}

/** Checks the operands of a round: f of K or E values, b of as many E values; returns n. */
export function roundShape(f: DeviceBuffer, b: DeviceBuffer): number {
  sameShape('E', b);
  if (f.length !== b.length) throw new BackendUsageError(`buffer lengths differ: ${f.length} and ${b.length}`);
  return b.length;
}

/** Checks the operands of a zerocheck round: E tables a, b, c of 2N values, eq of N; returns N. */
export function zerocheckShape(a: DeviceBuffer, b: DeviceBuffer, c: DeviceBuffer, eq: DeviceBuffer): number {
  const n = sameShape('E', a, b, c);
  sameShape('E', eq);
  if (n !== 2 * eq.length) throw new BackendUsageError(`zerocheck tables of ${n} values need ${n / 2} eq weights, got ${eq.length}`);
  return eq.length;
}
