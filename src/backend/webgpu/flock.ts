// Flock's passes on the GPU (FlockPasses): the witness columns written there from the
// compressions' inputs (flock_witness.wgsl), the skip pass's sums (skip_pass.wgsl's group
// records folded over the blocks), the zerocheck's first tables (zerocheck_entries.wgsl on byte
// tables from subset_sums.wgsl) and lincheck's block fold — both folds one kernel over a bit
// column (fold_bits.wgsl on subset_sums.wgsl's tables). The columns never leave the device:
// what is sent is the inputs and small weights, what comes back the skip sums.
import { PHI } from '../../field/phi8';
import { BLOCK_BITS, BLOCK_U32 } from '../../kernels/flock/layout';
import { HEADER_WORDS, checkWitnessInputs } from '../../kernels/flock/witness';
import { PER_BLOCK } from '../../kernels/flock/materialize';
import { BLOCK_GROUPS, SKIP_LAMBDA_TABLES, SKIP_SUM_WORDS } from '../../kernels/flock/skip-pass';
import { BackendUsageError, type DeviceBuffer, type Elem } from '../backend';
import type { BlockWeights } from '../flock-passes';
import type { FlockParts } from '../portable';
import { gpuBuffer, scratchBuffer } from './buffer';
import { WORKGROUP_SIZE } from './kernels';
import type { KernelContext } from './context';
import type { DeviceLink } from './link';
import type { Binding, Recording } from './recording';
import type { Store } from './store';
import { commonUnits, dispatchElementwise, runs, windowAround, windowOf, windowUnits, type Windows } from './window';
import { AllocationError } from '../../util/allocation';
import { subsetParams } from './subset-sums';

/** Words of a group's record in skip_pass.wgsl; groups of a block; their words. */
const RECORD_WORDS = 56;
const RECORD_BLOCK_WORDS = RECORD_WORDS * BLOCK_GROUPS;
/** Blocks a chunk of a fold at most: the subset tables of their weights take 3 MiB, a chunk of
 * the skip pass's records 28 MiB. */
const FOLD_CHUNK = 2 ** 12;
/** Runs of a chunk a fold sums apart (an E value per position each). */
const FOLD_RUNS = 16;

/** A pass's scratch buffers, destroyed together when it ends. */
class Scratch {
  private readonly held: { destroy(): void }[] = [];

  constructor(
    private readonly link: DeviceLink,
    private readonly pass: string,
  ) {}

  /** A scratch buffer of `contents` bytes (or holding those words). */
  async buffer(what: string, contents: number | Uint32Array): Promise<Store> {
    return this.hold(await scratchBuffer(this.link, `${this.pass}'s ${what}`, contents));
  }

  hold<T extends { destroy(): void }>(x: T): T {
    this.held.push(x);
    return x;
  }

  destroy(): void {
    for (const x of this.held) x.destroy();
  }
}

/** How a fold splits its blocks: chunks of `chunk` blocks (subset tables for one at a time),
 * each in `runs` runs of perRun blocks summed apart. */
interface FoldShape {
  readonly end: number;
  readonly chunk: number;
  readonly perRun: number;
  readonly runs: number;
}

/** Bytes of a block's subset tables: 256 E entries per 8 blocks. */
const TABLE_BLOCK_BYTES = (24 * 256) / 8;

/** The shape of a fold of a bit column of `words` words a block, its source `srcBlockBytes` a
 * block: chunks and runs small enough that the chunk's source, weights, tables and partials
 * each fit a binding. */
function foldShape(w: Windows, blocks: BlockWeights, words: number, srcBlockBytes: number): FoldShape {
  const end = weighed(blocks);
  const positions = 24 * 32 * words;
  if (positions > w.bytes) throw new AllocationError('gpu', 'a fold\'s sums', positions, `over the ${w.bytes}-byte storage binding limit`);
  // Chunks of whole 8-block steps, each window of them aligned.
  const fits = commonUnits(w, [srcBlockBytes, TABLE_BLOCK_BYTES, 24], 8);
  const chunk = Math.min(end, FOLD_CHUNK, fits);
  const perRun = 8 * Math.ceil(chunk / 8 / Math.min(FOLD_RUNS, Math.floor(w.bytes / positions)));
  return { end, chunk, perRun, runs: Math.ceil(chunk / perRun) };
}

/**
 * A bit column of `words` u32 words a block folded over the weighted blocks (fold_bits.wgsl),
 * chunk by chunk: the scratch it needs, and the dispatches of each chunk and of the sum.
 */
class BitFold {
  private constructor(
    readonly shape: FoldShape,
    private readonly blocks: BlockWeights,
    private readonly words: number,
    private readonly tables: Store,
    private readonly partials: Store,
  ) {}

  /** A fold of a bit column of `words` words a block, its scratch held by `scratch`. */
  static async make(scratch: Scratch, w: Windows, blocks: BlockWeights, words: number, srcBlockBytes: number): Promise<BitFold> {
    const shape = foldShape(w, blocks, words, srcBlockBytes);
    const tables = await scratch.buffer('weight tables', 24 * 256 * Math.ceil(shape.chunk / 8));
    const partials = await scratch.buffer('partial sums', 24 * 32 * words * shape.runs);
    return new BitFold(shape, blocks, words, tables, partials);
  }

  /** Records the fold of blocks first .. first + chunk of src, whose word 0 is block srcFirst's;
   * the chunk's block weights from a window of eq. */
  chunkAt(rec: Recording, eq: Store, src: Binding, first: number, srcFirst: number): void {
    const { blocks, words } = this;
    const { end, chunk, perRun, runs } = this.shape;
    const entries = 256 * Math.ceil(Math.min(chunk, end - first) / 8);
    const live = Math.max(0, Math.min(chunk, blocks.live - first));
    const weights = live > 0 ? windowOf(eq, 24 * first, 24 * live) : windowOf(eq, 0, 24);
    rec.dispatch('subsetSums', entries, [weights, this.tables], subsetParams({ count: entries, bits: 8, width: 6, live, end: end - first, tail: blocks.tail }));
    rec.dispatch('foldBits', 32 * words * runs, [src, this.tables, this.partials], [first, Math.min(first + chunk, end), perRun, runs, words, srcFirst]);
  }

  /** Records the runs' sums added into out (an E value per bit position). */
  sumInto(rec: Recording, out: Store): void {
    rec.dispatch('foldBitsSum', 32 * this.words, [this.partials, out], [32 * this.words, this.shape.runs]);
  }
}

/** The blocks a pass over `blocks` weighs: the live ones, and block live with a tail. */
function weighed({ live, tail }: BlockWeights): number {
  return live + (tail === null ? 0 : 1);
}

export function createFlockPasses(ctx: KernelContext): FlockParts {
  const { link } = ctx;
  const gpu = (buf: DeviceBuffer): Store => gpuBuffer(ctx.device, buf);
  // The skip pass's constant tables, made on the device once: the Λ planes of every byte at
  // every position from their single bits (4 KiB sent for 128 KiB), and φ8(t^p).
  const skipConstants = () => ctx.once('skip pass tables', async () => {
    const rows = new Uint32Array(64 * 16);
    for (let s = 0; s < 64; s++) {
      const at = 16 * (256 * (s >>> 3) + (1 << (s & 7)));
      rows.set(SKIP_LAMBDA_TABLES.subarray(at, at + 16), 16 * s);
    }
    const basis = await scratchBuffer(link, "the skip pass's Λ planes of single bits", rows);
    let lt: Store | undefined, phi: Store | undefined;
    try {
      lt = await scratchBuffer(link, "the skip pass's Λ byte tables", SKIP_LAMBDA_TABLES.byteLength);
      phi = await scratchBuffer(link, 'φ8(t^p)', Uint32Array.from({ length: 16 }, (_, i) => PHI[2 * (1 << (i >>> 1)) + (i & 1)]));
      await ctx.record('skip pass tables').dispatch('subsetSums', 8 * 256, [basis, lt], subsetParams({ count: 8 * 256, bits: 8, width: 16 })).submit();
      return { lt, phi };
    } catch (e) {
      lt?.destroy();
      phi?.destroy();
      throw e;
    } finally {
      basis.destroy();
    }
  });

  /** Three new buffers of `length` values that `fill` writes; destroyed again if it fails. */
  async function three(elem: Elem, length: number, fill: (bufs: Store[]) => Promise<unknown>): Promise<[DeviceBuffer, DeviceBuffer, DeviceBuffer]> {
    const made: DeviceBuffer[] = [];
    try {
      for (let i = 0; i < 3; i++) made.push(await ctx.create(elem, length));
      await fill(made.map(gpu));
      return [made[0], made[1], made[2]];
    } catch (e) {
      for (const buf of made) gpu(buf).destroy();
      throw e;
    }
  }

  return {
    async witness(inputs, nBlocksLog) {
      ctx.live();
      const blocks = checkWitnessInputs(inputs, nBlocksLog);
      const scratch = new Scratch(link, 'the witness');
      try {
        const messages = await scratch.buffer("compressions' messages", inputs.messages);
        const headers = await scratch.buffer("compressions' headers", inputs.headers);
        const stride = inputs.headers.length === HEADER_WORDS ? 0 : HEADER_WORDS;
        const [z, a, b] = await three('K', (blocks * BLOCK_U32) / 2, (cols) => {
          const rec = ctx.record('flock witness');
          const w = ctx.windows;
          const whole = 4 * BLOCK_U32 * blocks <= w.bytes && messages.size <= w.bytes && headers.size <= w.bytes;
          for (const [first, n] of runs(blocks, whole ? blocks : windowUnits(w, 4 * BLOCK_U32))) {
            // Blocks from `live` on read compression `live`, the padding instance.
            const [c0, c1] = [Math.min(first, inputs.live), Math.min(first + n - 1, inputs.live)];
            const msg = whole ? { binding: messages, skip: 0, at: 0 } : { ...windowAround(w, messages, 64 * c0, 64 * (c1 - c0 + 1)), at: 64 * c0 };
            const hdr = whole || stride === 0 ? { binding: headers, skip: 0, at: 0 } : { ...windowAround(w, headers, 4 * stride * c0, 4 * stride * (c1 - c0 + 1)), at: 4 * stride * c0 };
            const out = cols.map((col) => (whole ? col : windowOf(col, 4 * BLOCK_U32 * first, 4 * BLOCK_U32 * n)));
            rec.dispatch('flockWitness', n, [msg.binding, hdr.binding, ...out], [n, inputs.live, stride, first, (msg.at - msg.skip) / 4, (hdr.at - hdr.skip) / 4]);
          }
          return rec.submit();
        });
        return { nBlocksLog, live: inputs.live, z, a, b };
      } finally {
        scratch.destroy();
      }
    },

    async skipSums(cols, lo, blocks) {
      ctx.live();
      if (lo.length !== 6 * BLOCK_GROUPS) throw new BackendUsageError(`skipSums: lo holds ${BLOCK_GROUPS} E values, got ${lo.length / 6}`);
      const { lt, phi } = await skipConstants();
      const scratch = new Scratch(link, 'the skip pass');
      try {
        const fold = await BitFold.make(scratch, ctx.windows, blocks, RECORD_BLOCK_WORDS, 4 * RECORD_BLOCK_WORDS);
        const records = await scratch.buffer('group records', 4 * RECORD_BLOCK_WORDS * fold.shape.chunk);
        const folded = await scratch.buffer('folded records', 24 * 32 * RECORD_BLOCK_WORDS);
        const loBuf = await scratch.buffer('low weights', lo);
        const sums = await scratch.buffer('sums', 4 * SKIP_SUM_WORDS);
        const [a, b, c, eq] = [cols.a, cols.b, cols.z, blocks.eq].map(gpu);
        const rec = ctx.record('skipSums');
        const { end, chunk } = fold.shape;
        for (let first = 0; first < end; first += chunk) {
          const groups = BLOCK_GROUPS * Math.min(chunk, end - first);
          // The chunk's blocks of each column: 2 KiB a block.
          const [wa, wb, wc] = [a, b, c].map((col) => windowOf(col, 4 * BLOCK_U32 * first, 4 * BLOCK_U32 * Math.min(chunk, end - first)));
          rec.dispatch('skipMasks', 2 * groups, [wa, wb, wc, lt, records], [0, groups, 8]);
          fold.chunkAt(rec, eq, records, first, first);
        }
        fold.sumInto(rec, folded);
        rec.dispatch('skipResolve', WORKGROUP_SIZE, [folded, loBuf, phi, sums], []);
        rec.read(sums, 0, 4 * SKIP_SUM_WORDS);
        const [words] = await rec.submit();
        return words;
      } finally {
        scratch.destroy();
      }
    },

    async zerocheckTables(cols, { lz, lzChi }, doneWith) {
      ctx.live();
      const scratch = new Scratch(link, 'the zerocheck tables');
      try {
        const basisWords = new Uint32Array(lz.length + lzChi.length);
        basisWords.set(lz);
        basisWords.set(lzChi, lz.length);
        const basis = await scratch.buffer('entry weights', basisWords);
        const tables = await scratch.buffer('entry byte tables', 4 * 6 * 16 * 256);
        const count = PER_BLOCK * 2 ** cols.nBlocksLog;
        const made = await three('E', count, (out) => {
          const rec = ctx.record('zerocheckTables');
          rec.dispatch('subsetSums', 16 * 256, [basis, tables], subsetParams({ count: 16 * 256, bits: 8, width: 6 }));
          // Entry x reads K words 2x, 2x+1 of a column (16 bytes) and writes one E value.
          [cols.a, cols.b, cols.z].forEach((col, i) =>
            dispatchElementwise(ctx.windows, rec, 'zerocheckEntries', count, [{ windowed: gpu(col), unit: 16 }, tables, { windowed: out[i], unit: 24 }], (n) => [n]));
          return rec.submit();
        });
        // One submission makes all three: a and b are done with once it is queued.
        doneWith?.(cols.a);
        doneWith?.(cols.b);
        return made;
      } finally {
        scratch.destroy();
      }
    },

    async foldBlocks(cols, blocks) {
      ctx.live();
      const scratch = new Scratch(link, 'the block fold');
      try {
        const fold = await BitFold.make(scratch, ctx.windows, blocks, BLOCK_U32, 4 * BLOCK_U32);
        const zv = await ctx.create('E', BLOCK_BITS);
        try {
          const [z, eq] = [cols.z, blocks.eq].map(gpu);
          const rec = ctx.record('foldBlocks');
          const { end, chunk } = fold.shape;
          for (let first = 0; first < end; first += chunk) fold.chunkAt(rec, eq, windowOf(z, 4 * BLOCK_U32 * first, 4 * BLOCK_U32 * Math.min(chunk, end - first)), first, first);
          fold.sumInto(rec, gpu(zv));
          await rec.submit();
          return zv;
        } catch (e) {
          gpu(zv).destroy();
          throw e;
        }
      } finally {
        scratch.destroy();
      }
    },
  };
}
