// The Reed–Solomon commitment on the GPU: encode (stack layout, then the NTT passes) and the
// Merkle tree, with the codeword and the tree staying on the device; only the root and the
// opened rows and siblings come back.
import { compressInto, PARAM_IV, wordsToBytes } from '../../hash/blake2s';
import { checkWidths, DIGEST_WORDS } from '../../merkle/leaves';
import { openingPlan } from '../../merkle/opening';
import { log2Leaves } from '../../merkle/tree';
import { stackShape } from '../../ntt/encode';
import { BackendUsageError, WORDS, type Backend, type DeviceBuffer, type MerkleHandle } from '../backend';
import { gpuBuffer, scratchBuffer } from './buffer';
import type { KernelContext } from './context';
import type { NttKernels } from './ntt';
import type { Recording } from './recording';
import type { Store } from './store';
import { commonUnits, runs, windowAround, windowOf, windowUnits, type Windows } from './window';

/** What the commitment kernels need from the backend that hosts them. */
export interface CommitContext extends KernelContext {
  ntt: NttKernels;
}

/** Layers folded into one Merkle dispatch beyond its first: a workgroup's 256 nodes to 1. */
const LOG_WORKGROUP_NODES = 8;

const DIGEST_BYTES = 4 * DIGEST_WORDS;

class WebGpuTree implements MerkleHandle {
  constructor(
    readonly nLeaves: number,
    readonly height: number,
    readonly rowWords: number,
    readonly leafWords: number,
    readonly root: Uint8Array,
    readonly codeword: DeviceBuffer,
    readonly device: GPUDevice,
    /** The digests, leaves first; null once freed. */
    public gpu: Store | null,
  ) {}
}

function treeBuffer(device: GPUDevice, tree: MerkleHandle, codeword: DeviceBuffer): Store {
  if (!(tree instanceof WebGpuTree) || tree.device !== device) {
    throw new BackendUsageError('tree does not belong to this webgpu backend');
  }
  if (tree.gpu === null) throw new BackendUsageError('tree used after freeTree');
  if (tree.codeword !== codeword) throw new BackendUsageError('tree was built over another codeword');
  return tree.gpu;
}

/** The chaining value after `blocks` all-zero 64-byte blocks of a BLAKE2s-256 hash. */
function zeroBlocksState(blocks: number): Uint32Array {
  const h = PARAM_IV.slice();
  const zero = new Uint32Array(16);
  for (let b = 0; b < blocks; b++) compressInto(h, 0, h, 0, zero, 0, 64 * (b + 1), 0, 0);
  return h;
}

/** Records the level-0 stack tiled over the codeword (stack.wgsl): per window of the codeword,
 * one dispatch per window of the stack that holds some of its sources. */
function stackTiles(w: Windows, rec: Recording, dst: Store, src: Store, lanes: number, logMsg: number, msgLength: number): void {
  const per = windowUnits(w, 8);
  const outLength = dst.size / 8;
  const outPer = dst.size <= w.bytes ? outLength : per;
  const msgPer = src.size <= w.bytes ? msgLength : per;
  const block = 2 ** logMsg;
  for (const [o0, on] of runs(outLength, outPer)) {
    // Lane blk reads positions p0 .. p1 of its block, wrapping (all of it once they wrap twice).
    const [p0, p1] = [Math.floor(o0 / lanes), Math.ceil((o0 + on) / lanes)];
    const lo = p0 % block;
    const hi = Math.min(lo + (p1 - p0), lo + block);
    const read: [number, number][] = [[lo, Math.min(hi, block)], [0, Math.max(0, hi - block)]];
    for (const [m0, mn] of runs(msgLength, msgPer)) {
      const holds = Array.from({ length: lanes }, (_, blk) => blk * block).some((b) => read.some(([x, y]) => x < y && b + x < m0 + mn && m0 < b + y));
      if (!holds) continue;
      rec.dispatch('stackTile', on, [windowOf(dst, 8 * o0, 8 * on), windowOf(src, 8 * m0, 8 * mn)], [on, lanes, logMsg, msgLength, o0, m0, mn]);
    }
  }
}

/** Records gatherRecords (gather.wgsl): `count` words of records of `width` words from `src`,
 * index entries from `first`, into `out` from word `at`; in windows of src and of out. */
function gather(w: Windows, rec: Recording, src: Store, width: number, index: Store, out: Store, count: number, first: number, at: number): void {
  const records = src.size / (4 * width);
  const per = src.size <= w.bytes ? records : windowUnits(w, 4 * width);
  const outPer = Math.floor((w.bytes - w.align) / 4 / width) * width;
  for (const [r0, rn] of runs(records, per)) {
    for (const [i0, n] of runs(count, outPer)) {
      const o = windowAround(w, out, 4 * (at + i0), 4 * n);
      rec.dispatch('gatherRecords', n, [windowOf(src, 4 * width * r0, 4 * width * rn), index, o.binding], [n, width, first + i0 / width, o.skip / 4, r0, rn]);
    }
  }
}

export function createCommitKernels(ctx: CommitContext): Pick<Backend, 'encode' | 'merkleBuild' | 'openRows' | 'freeTree'> {
  const { device } = ctx;
  return {
    async encode(msg, logN, logInvRate) {
      ctx.live();
      if (msg.elem !== 'K') throw new BackendUsageError(`encode takes a K stack, got ${msg.elem} elements`);
      const src = gpuBuffer(device, msg);
      const { logMsg, logSize, nLanes } = stackShape(msg.length, logN, logInvRate);
      const codeword = await ctx.create('K', nLanes * 2 ** logSize);
      const dst = gpuBuffer(device, codeword);
      try {
        const rec = ctx.record('encode');
        stackTiles(ctx.windows, rec, dst, src, nLanes, logMsg, msg.length);
        await ctx.ntt.forward(rec, dst, nLanes, logMsg, logSize);
        await rec.submit();
        return codeword;
      } catch (e) {
        dst.destroy();
        throw e;
      }
    },

    async merkleBuild(codeword, rowWords, leafWords) {
      ctx.live();
      checkWidths(rowWords, leafWords);
      const rows = gpuBuffer(device, codeword);
      const nLeaves = (codeword.length * WORDS[codeword.elem]) / (2 * rowWords);
      const height = log2Leaves(nLeaves);
      const tree = await scratchBuffer(ctx.link, `a Merkle tree of ${nLeaves} leaves`, (2 * nLeaves - 1) * DIGEST_BYTES);
      // The leaf image's blocks that lie wholly in its zero prefix are hashed here, once.
      const firstBlock = Math.floor((2 * (leafWords - rowWords)) / 16);
      const h0 = zeroBlocksState(firstBlock);
      const spare = await scratchBuffer(ctx.link, 'an unused source', DIGEST_BYTES);
      try {
        const rec = ctx.record('merkleBuild');
        const params = (level: number, count: number, fold: number, first: number, treeBase: number, srcBase: number, fromTree: number) =>
          [...h0, nLeaves, level, count, fold, 2 * rowWords, 2 * leafWords, firstBlock, first, treeBase, srcBase, fromTree];
        const start = (level: number) => 2 * nLeaves - 2 * (nLeaves / 2 ** level);
        const w = ctx.windows;
        let level = 0;
        // Levels whose nodes (or the rows under them) outgrow a window: one level a dispatch, in windows.
        for (; level <= height; level++) {
          const count = nLeaves / 2 ** level;
          const below = level === 0 ? rows.size : 2 * count * DIGEST_BYTES;
          if ((2 * count - 1) * DIGEST_BYTES <= w.bytes && below <= w.bytes) break;
          const srcBytes = level === 0 ? 8 * rowWords : 2 * DIGEST_BYTES;
          const per = commonUnits(w, [srcBytes, DIGEST_BYTES]);
          for (const [first, n] of runs(count, per)) {
            const out = windowOf(tree, (start(level) + first) * DIGEST_BYTES, n * DIGEST_BYTES);
            if (level === 0) {
              rec.dispatch('merkleLeaves', n, [out, windowOf(rows, 8 * rowWords * first, 8 * rowWords * n)], params(0, n, 0, first, first, 2 * rowWords * first, 0));
            } else {
              const src = start(level - 1) + 2 * first;
              rec.dispatch('merkleNodes', n, [out, windowOf(tree, src * DIGEST_BYTES, 2 * n * DIGEST_BYTES)], params(level, n, 0, first, start(level) + first, src, 0));
            }
          }
        }
        // The rest in one window from its first level, each dispatch folding up to 8 levels more.
        const rest = level > height ? null : windowOf(tree, start(level) * DIGEST_BYTES, tree.size - start(level) * DIGEST_BYTES);
        for (const first = level; rest !== null && level <= height; ) {
          const count = nLeaves / 2 ** level;
          const fold = Math.min(LOG_WORKGROUP_NODES, Math.log2(count));
          const p = params(level, count, fold, 0, start(first), 0, 1);
          if (level === 0) rec.dispatch('merkleLeaves', count, [rest, rows], p);
          else if (level === first) rec.dispatch('merkleNodes', count, [rest, windowOf(tree, start(level - 1) * DIGEST_BYTES, 2 * count * DIGEST_BYTES)], params(level, count, fold, 0, start(first), start(level - 1), 0));
          else rec.dispatch('merkleNodes', count, [rest, spare], p);
          level += fold + 1;
        }
        rec.read(tree, (2 * nLeaves - 2) * DIGEST_BYTES, DIGEST_BYTES);
        const [root] = await rec.submit();
        return new WebGpuTree(nLeaves, height, rowWords, leafWords, wordsToBytes(root), codeword, device, tree);
      } catch (e) {
        tree.destroy();
        throw e;
      } finally {
        spare.destroy();
      }
    },

    async openRows(codeword, tree, queries) {
      ctx.live();
      const digests = treeBuffer(device, tree, codeword);
      const rows = gpuBuffer(device, codeword);
      const plan = openingPlan(queries, tree.nLeaves);
      if (plan.rows.length === 0) return { leafData: [], siblingHashes: [] };
      const rowU32 = 2 * tree.rowWords;
      const rowTotal = plan.rows.length * rowU32;
      const total = rowTotal + plan.siblings.length * DIGEST_WORDS;
      const index = await scratchBuffer(ctx.link, 'the opening indices', Uint32Array.from([...plan.rows, ...plan.siblings]));
      const out = await scratchBuffer(ctx.link, 'the opening', 4 * total);
      try {
        const rec = ctx.record('openRows');
        gather(ctx.windows, rec, rows, rowU32, index, out, rowTotal, 0, 0);
        gather(ctx.windows, rec, digests, DIGEST_WORDS, index, out, total - rowTotal, plan.rows.length, rowTotal);
        rec.read(out, 0, 4 * total);
        const [words] = await rec.submit();
        const leafData = plan.rows.map((_, i) => words.slice(rowU32 * i, rowU32 * (i + 1)));
        const siblingHashes = plan.siblings.map((_, i) =>
          wordsToBytes(words.subarray(rowTotal + DIGEST_WORDS * i, rowTotal + DIGEST_WORDS * (i + 1))),
        );
        return { leafData, siblingHashes };
      } finally {
        index.destroy();
        out.destroy();
      }
    },

    freeTree(tree) {
      const t = tree as WebGpuTree;
      treeBuffer(device, tree, t.codeword).destroy();
      t.gpu = null;
    },
  };
}
