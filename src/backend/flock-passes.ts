// Flock's bulk passes (docs/protocol.md §9) as one capability of the Backend seam: the BLAKE2s
// circuit's witness columns, the zerocheck's univariate-skip sums and first tables, and
// lincheck's fold over the blocks. From the witness on the columns stay where the backend keeps
// its buffers (host arrays for cpu and native, GPU buffers for webgpu); what comes back is
// sums, and tables small enough for the host. Every backend's passes give the TypeScript
// reference's values (src/flock/), so the protocol around them is written once.
import type { E } from '../field/e';
import type { EntryWeights } from '../kernels/flock/materialize';
import type { PaddedTables } from '../kernels/flock/padded-tables';
import type { WitnessInputs } from '../kernels/flock/witness';
import type { DeviceBuffer, ZerocheckTables } from './backend';


/** A batch's packed witness columns (docs/protocol.md §9.1) on the backend that wrote them. */
export interface FlockColumns {
  readonly nBlocksLog: number;
  /** Blocks from real compressions; every later block is a copy of the padding block. */
  readonly live: number;
  /** q_flock: the committed column, 2^(8 + nBlocksLog) K words (bit i of word y is z[64y + i]). */
  readonly z: DeviceBuffer;
  /** A·z and B·z, packed as z. */
  readonly a: DeviceBuffer;
  readonly b: DeviceBuffer;
  /** z is over the caller's words (FlockPasses.witness's zInto), not the backend's. */
  readonly zInto?: true;
}

/**
 * How a pass weighs the blocks: block t < live by eq[t] (E values on the backend, one per
 * block), block `live` (the padding tail's first, which stands for all its copies) by tail when
 * given, and no later block.
 */
export interface BlockWeights {
  readonly live: number;
  readonly eq: DeviceBuffer;
  readonly tail: E | null;
}


/**
 * Called with a witness column nothing reads any more: after the zerocheck's tables, only
 * lincheck reads z, so a and b can be freed before the next table's memory is taken (at
 * 2^20 blocks, 2 GiB each against a table's 3 GiB).
 */
export type DoneWith = (col: DeviceBuffer) => void;

export interface FlockPasses {
  /**
   * The columns of the compressions' witness in 2^nBlocksLog blocks (src/kernels/flock/witness.ts).
   * With `zInto`, a backend whose buffers are host arrays writes z into those words (the VM's
   * q_flock slice of the stack it commits) and its z buffer is over them (`zInto` set in the
   * result): the caller owns them, and never frees that buffer. Other backends write their own.
   */
  witness(inputs: WitnessInputs, nBlocksLog: number, zInto?: Uint32Array): Promise<FlockColumns>;
  /**
   * The univariate-skip pass's sums, SKIP_SUM_WORDS words (src/kernels/flock/skip-pass.ts):
   * group g of block t weighed by lo[g]·(t's block weight), lo holding 32 E values.
   */
  skipSums(cols: FlockColumns, lo: Uint32Array, blocks: BlockWeights): Promise<Uint32Array>;
  /** The zerocheck's tables â, b̂, ĉ at (z, χ_0) over every block, new E buffers of
   * 2^(7 + nBlocksLog) values (src/kernels/flock/materialize.ts). doneWith is called with
   * columns a and b once their tables are made (a before b's is, where the backend makes them
   * one by one). */
  zerocheckTables(cols: FlockColumns, weights: EntryWeights, doneWith?: DoneWith): Promise<ZerocheckTables>;
  /** The same tables on the host (for rounds there): where the columns are on the host, with
   * the padding tail stored once and their heads from the backend's pool until their release;
   * elsewhere zerocheckTables read back (src/backend/portable.ts). doneWith as for
   * zerocheckTables. */
  hostTables(cols: FlockColumns, weights: EntryWeights, doneWith?: DoneWith): Promise<PaddedTables>;
  /** zv[j] = Σ_t w_t·z_t[j] over the weighted blocks, j < 2^14: a new E buffer
   * (src/kernels/flock/fold-blocks.ts). */
  foldBlocks(cols: FlockColumns, blocks: BlockWeights): Promise<DeviceBuffer>;
  /** Lincheck's batched column weights on the host, from the row weights e (2^14 E values) and
   * α: A_0ᵀe + B_0ᵀ(α·e) + α²·e + α³ at the constant wire (src/kernels/flock/comb.ts, combOf,
   * where the backend has no faster place for them: the native module's C++ walk). */
  comb(e: Uint32Array, alpha: E): Uint32Array;
}
