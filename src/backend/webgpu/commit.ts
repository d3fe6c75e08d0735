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
    public gpu: GPUBuffer | null,
  ) {}
}

function treeBuffer(device: GPUDevice, tree: MerkleHandle, codeword: DeviceBuffer): GPUBuffer {
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
        rec.dispatch('stackTile', codeword.length, [dst, src], [codeword.length, nLanes, logMsg, msg.length]);
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
      try {
        const rec = ctx.record('merkleBuild');
        for (let level = 0; level <= height; ) {
          const count = nLeaves / 2 ** level;
          const fold = Math.min(LOG_WORKGROUP_NODES, Math.log2(count));
          const params = [...h0, nLeaves, level, count, fold, 2 * rowWords, 2 * leafWords, firstBlock];
          if (level === 0) rec.dispatch('merkleLeaves', count, [tree, rows], params);
          else rec.dispatch('merkleNodes', count, [tree], params);
          level += fold + 1;
        }
        rec.read(tree, (2 * nLeaves - 2) * DIGEST_BYTES, DIGEST_BYTES);
        const [root] = await rec.submit();
        return new WebGpuTree(nLeaves, height, rowWords, leafWords, wordsToBytes(root), codeword, device, tree);
      } catch (e) {
        tree.destroy();
        throw e;
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
        rec.dispatch('gatherRecords', rowTotal, [rows, index, out], [rowTotal, rowU32, 0, 0]);
        rec.dispatch('gatherRecords', total - rowTotal, [digests, index, out], [total - rowTotal, DIGEST_WORDS, plan.rows.length, rowTotal]);
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
