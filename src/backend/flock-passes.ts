// Flock's bulk passes (docs/protocol.md §9) as one capability of the Backend seam: the BLAKE2s
// circuit's witness columns, the zerocheck's univariate-skip sums and first tables, and
// lincheck's fold over the blocks. From the witness on the columns stay where the backend keeps
// its buffers (host arrays for cpu and native, GPU buffers for webgpu); what comes back is
// sums, and tables small enough for the host. Every backend's passes give the TypeScript
// reference's values (src/flock/), so the protocol around them is written once.
import type { E } from '../field/e';
import type { PaddedTables } from '../flock/zerocheck/padded-tables';
import type { DeviceBuffer, ZerocheckTables } from './backend';

/**
 * The inputs of a batch's compressions as the witness takes them: `live` compressions, then
 * the padding instance's. Only the messages differ in a hash batch, so the rest of the inputs
 * (h, tLo, tHi, f0, f1) is given once when every compression shares it.
 */
export interface WitnessInputs {
  readonly live: number;
  /** 16 words per compression, the padding instance's last. */
  readonly messages: Uint32Array;
  /** 12 words (h[8], tLo, tHi, f0, f1): one set shared by all, or one per compression and
   * then the padding instance's. */
  readonly headers: Uint32Array;
}

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

/** The zerocheck's entry weights at (z, χ_0): L_s(z) and χ_0·L_s(z) for the 64 skip positions
 * s (64 packed E values each); an entry is F2-linear in its words' bits under them. */
export interface EntryWeights {
  readonly lz: Uint32Array;
  readonly lzChi: Uint32Array;
}

/**
 * Called with a witness column nothing reads any more: after the zerocheck's tables, only
 * lincheck reads z, so a and b can be freed before the next table's memory is taken (at
 * 2^20 blocks, 2 GiB each against a table's 3 GiB).
 */
export type DoneWith = (col: DeviceBuffer) => void;

export interface FlockPasses {
  /** The columns of the compressions' witness in 2^nBlocksLog blocks (src/flock/witness.ts). */
  witness(inputs: WitnessInputs, nBlocksLog: number): Promise<FlockColumns>;
  /**
   * The univariate-skip pass's sums, SKIP_SUM_WORDS words (src/flock/zerocheck/skip-pass.ts):
   * group g of block t weighed by lo[g]·(t's block weight), lo holding 32 E values.
   */
  skipSums(cols: FlockColumns, lo: Uint32Array, blocks: BlockWeights): Promise<Uint32Array>;
  /** The zerocheck's tables â, b̂, ĉ at (z, χ_0) over every block, new E buffers of
   * 2^(7 + nBlocksLog) values (src/flock/zerocheck/materialize.ts). doneWith is called with
   * columns a and b once their tables are made (a before b's is, where the backend makes them
   * one by one). */
  zerocheckTables(cols: FlockColumns, weights: EntryWeights, doneWith?: DoneWith): Promise<ZerocheckTables>;
  /** Optional, where the columns are on the host: the same tables there, with the padding
   * tail stored once (for rounds on the host), their heads from the backend's pool until their
   * release; else the protocol reads zerocheckTables back. doneWith as for zerocheckTables. */
  hostTables?(cols: FlockColumns, weights: EntryWeights, doneWith?: DoneWith): Promise<PaddedTables>;
  /** zv[j] = Σ_t w_t·z_t[j] over the weighted blocks, j < 2^14: a new E buffer
   * (src/flock/lincheck/fold-blocks.ts). */
  foldBlocks(cols: FlockColumns, blocks: BlockWeights): Promise<DeviceBuffer>;
}
