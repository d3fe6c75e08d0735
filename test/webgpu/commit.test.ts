// The commitment on the WebGPU backend against the cpu reference, byte for byte: the
// level-0 codeword and its Merkle root through the Backend interface, the reference
// vectors (the cpu backend's run in test/backend/commit.test.ts), and openings against
// the cpu's openMerkle and verifyMerkle.
//
// Sizes: `logN` is the stack's 2^logN K words (κ = logN − 6 per lane). The device check's grid
// (bench/device-check/commit-check.ts COMMIT_GRID: stacks of 2^6 to 2^20 words, rates 1/2..1/16,
// twelve lane counts from 1 to 64, both NTT pass plans) took lavapipe 229 s on 2 cores,
// most of it in the few largest codewords. CI runs a slice of it that reaches every kernel and
// shape the grid does, on both plans:
// - every stack size at every rate: κ = 0 (no NTT) to 14 gives every leftover pass (radix-2/4/8
//   before radix-16 groups, radix-2 before radix-4 ones), and κ + rate every Merkle height from
//   1 to 18 (one partial workgroup, exactly 8 levels folded, a second dispatch of 0 to 8 more, a
//   third); the lane counts in turn, capped so that no codeword passes 2^20 K words;
// - every lane count at every rate on 2^12 words (heights 7 to 10): the leaf images' zero
//   prefixes of 0 to 7 whole BLAKE2s blocks with or without a partial one, and partly filled
//   last lanes;
// - the whole 2^20 stack in 64 lanes, the grid's largest message.
// The grid's large codewords run on native in CI (test/native/merkle.test.ts), and the whole
// grid on a GPU through the device check (docs/gpu-session.md).
import { beforeAll, describe, expect, test } from 'vitest';
import { COMMIT_GRID, NTT_PLANS, stack } from '../../bench/device-check/commit-check';
import { firstDifference } from '../../bench/device-check/compare';
import type { Backend, DeviceBuffer, MerkleHandle } from '../../src/backend/backend';
import { BackendUsageError } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { MerkleError } from '../../src/merkle/errors';
import { verifyMerkle } from '../../src/merkle/opening';
import { ShapeError } from '../../src/util/errors';
import { OptionsError } from '../../src/util/options';
import { SplitMix64 } from '../../src/util/splitmix64';
import { commitVectorChecks, hex } from '../backend/commit-vectors';
import { describeGpu } from './gpu';

interface Commitment {
  codeword: DeviceBuffer;
  tree: MerkleHandle;
}

async function commit(backend: Backend, q: Uint32Array, logN: number, rate: number, lanes: number): Promise<Commitment> {
  const msg = await backend.upload('K', q);
  const codeword = await backend.encode(msg, logN, rate);
  backend.free(msg);
  return { codeword, tree: await backend.merkleBuild(codeword, lanes, 64) };
}

function release(backend: Backend, c: Commitment): void {
  backend.freeTree(c.tree);
  backend.free(c.codeword);
}

/** Codeword words (K) a case of the slice's size sweep stays within. */
const SWEEP_CODEWORD_WORDS = 2 ** 20;
/** The stack size whose every lane count runs. */
const LANES_LOG_N = 12;

/** The slice of COMMIT_GRID that CI runs on lavapipe, as [logN, rate, lanes] (see the top). */
function lavapipeSlice(): [number, number, number][] {
  const { logNs, rates, lanes } = COMMIT_GRID;
  const cases: [number, number, number][] = [];
  for (const logN of logNs.filter((l) => l !== LANES_LOG_N)) {
    for (const rate of rates) {
      // Turning with logN + rate, not case by case (which the 4 rates divide): a lane count
      // falls on different rates at different sizes.
      const fit = lanes.filter((l) => l * 2 ** (logN - 6 + rate) <= SWEEP_CODEWORD_WORDS);
      cases.push([logN, rate, Math.min(lanes[(logN + rate) % lanes.length], fit[fit.length - 1])]);
    }
  }
  for (const rate of rates) for (const l of lanes) cases.push([LANES_LOG_N, rate, l]);
  cases.push([Math.max(...logNs), 1, Math.max(...lanes)]);
  return cases;
}

/** Random queries over nLeaves with deliberate duplicates and both children of some pairs. */
function queries(nLeaves: number, count: number, seed: number): number[] {
  const rng = new SplitMix64(seed);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(rng.words(1)[0] % nLeaves);
  out.push(out[0], out[count - 1], Math.min(out[0] ^ 1, nLeaves - 1), nLeaves - 1);
  return out;
}

await describeGpu('webgpu commitment', ({ device }) => {
  const cpu = createCpuBackend();
  // Both NTT pass plans, whichever this adapter gets by default; the other tests use the
  // default backend.
  let plans: Backend[];
  let gpu: Backend;
  beforeAll(() => {
    plans = NTT_PLANS.map((nttGroupLayers) => createWebGpuBackend(device, { nttGroupLayers }));
    gpu = createWebGpuBackend(device);
  });

  describe('encode + merkleBuild equal the cpu backend byte for byte', () => {
    test.each(lavapipeSlice())('2^%i words, rate 1/2^%i, %i lanes', async (logN, rate, lanes) => {
      const q = stack(logN, lanes, 1000 * logN + 10 * rate + lanes);
      const c = await commit(cpu, q, logN, rate, lanes);
      const want = await cpu.download(c.codeword);
      for (const [i, plan] of plans.entries()) {
        const g = await commit(plan, q, logN, rate, lanes);
        expect(g.codeword.length).toBe(lanes * 2 ** (logN - 6 + rate));
        const bad = firstDifference(await plan.download(g.codeword), want);
        expect(bad, `plan ${i}: first differing u32 word ${bad}`).toBe(-1);
        expect(hex(g.tree.root), `plan ${i}`).toBe(hex(c.tree.root));
        expect(g.tree).toMatchObject({ nLeaves: c.tree.nLeaves, height: c.tree.height, rowWords: lanes, leafWords: 64 });
        release(plan, g);
      }
      release(cpu, c);
    });
  });

  describe('reference vectors (shared/vectors/ntt)', () => {
    for (const [title, check] of commitVectorChecks(() => gpu)) test(title, check);
  });

  describe('openRows', () => {
    // (rows, rowWords, leafWords, elem): level-0 rows, a partial stack's zero-prefixed rows,
    // one-word leaves, E rows of a deeper WHIR level (3·2^3 K words), and a leaf image that
    // is not a whole number of BLAKE2s blocks.
    const shapes = [
      { leaves: 1 << 10, rowWords: 64, leafWords: 64, elem: 'K' },
      { leaves: 1 << 9, rowWords: 3, leafWords: 64, elem: 'K' },
      { leaves: 1 << 12, rowWords: 1, leafWords: 1, elem: 'K' },
      { leaves: 1 << 11, rowWords: 24, leafWords: 24, elem: 'E' },
      { leaves: 1 << 6, rowWords: 5, leafWords: 13, elem: 'K' },
      { leaves: 1, rowWords: 2, leafWords: 2, elem: 'K' },
    ] as const;

    for (const { leaves, rowWords, leafWords, elem } of shapes) {
      test(`${leaves} leaves of ${rowWords} ${elem === 'E' ? 'K words in E elements' : 'K words'}, images of ${leafWords}`, async () => {
        const data = new SplitMix64(leaves + rowWords).words(leaves * rowWords);
        const [cc, gc] = [await cpu.upload(elem, data), await gpu.upload(elem, data)];
        const [ct, gt] = [await cpu.merkleBuild(cc, rowWords, leafWords), await gpu.merkleBuild(gc, rowWords, leafWords)];
        expect(hex(gt.root)).toBe(hex(ct.root));
        for (const count of [1, 7, 60, 3 * leaves]) {
          const qs = queries(leaves, count, count);
          const phase = await gpu.openRows(gc, gt, qs);
          expect(phase).toEqual(await cpu.openRows(cc, ct, qs));
          const raw = verifyMerkle(phase, gt.root, leaves, qs, rowWords, leafWords);
          expect(raw.length).toBe(qs.length);
        }
        // A flipped bit in an opened row no longer authenticates.
        const qs = queries(leaves, 5, 99);
        const phase = await gpu.openRows(gc, gt, qs);
        phase.leafData[0][rowWords - 1] ^= 1;
        expect(() => verifyMerkle(phase, gt.root, leaves, qs, rowWords, leafWords)).toThrow(MerkleError);
        cpu.freeTree(ct);
        gpu.freeTree(gt);
      });
    }

    test('every leaf opened at once needs no siblings', async () => {
      const c = await commit(gpu, stack(10, 64, 5), 10, 1, 64);
      const all = Array.from({ length: c.tree.nLeaves }, (_, i) => c.tree.nLeaves - 1 - i);
      const phase = await gpu.openRows(c.codeword, c.tree, all);
      expect(phase.siblingHashes).toEqual([]);
      expect(phase.leafData.length).toBe(c.tree.nLeaves);
      verifyMerkle(phase, c.tree.root, c.tree.nLeaves, all, 64);
      release(gpu, c);
    });
  });

  test('a 2-D dispatch grid (8 workgroups per dimension) commits and opens the same', async () => {
    const grid = createWebGpuBackend(device, { maxWorkgroupsPerDimension: 8, nttGroupLayers: 4 });
    for (const [logN, rate, lanes] of [[17, 2, 1], [12, 2, 64]]) {
      const q = stack(logN, lanes, logN);
      const [c, g] = [await commit(cpu, q, logN, rate, lanes), await commit(grid, q, logN, rate, lanes)];
      expect(await grid.download(g.codeword)).toEqual(await cpu.download(c.codeword));
      expect(hex(g.tree.root)).toBe(hex(c.tree.root));
      const qs = queries(g.tree.nLeaves, 60, logN);
      expect(await grid.openRows(g.codeword, g.tree, qs)).toEqual(await cpu.openRows(c.codeword, c.tree, qs));
      release(cpu, c);
      release(grid, g);
    }
  });

  describe('misuse is rejected before any work', () => {
    test('bad shapes, freed trees, foreign trees, bad options', async () => {
      expect(() => createWebGpuBackend(device, { nttGroupLayers: 5 })).toThrow(OptionsError);
      const e = await gpu.alloc('E', 64);
      await expect(gpu.encode(e, 6, 1)).rejects.toThrow(BackendUsageError);
      const k = await gpu.upload('K', new SplitMix64(3).words(1 << 8));
      await expect(gpu.encode(k, 7, 1)).rejects.toThrow(ShapeError);
      await expect(gpu.encode(k, 5, 1)).rejects.toThrow(ShapeError);
      await expect(gpu.merkleBuild(k, 3, 64)).rejects.toThrow(MerkleError);
      await expect(gpu.merkleBuild(k, 4, 2)).rejects.toThrow(MerkleError);

      const codeword = await gpu.encode(k, 8, 1);
      const other = await gpu.encode(k, 8, 2);
      const tree = await gpu.merkleBuild(codeword, 64, 64);
      await expect(gpu.openRows(codeword, tree, [8])).rejects.toThrow(MerkleError);
      await expect(gpu.openRows(other, tree, [1])).rejects.toThrow(/another codeword/);
      const cpuTree = await cpu.merkleBuild(await cpu.upload('K', await gpu.download(codeword)), 64, 64);
      await expect(gpu.openRows(codeword, cpuTree, [1])).rejects.toThrow(/does not belong/);
      expect(hex(cpuTree.root)).toBe(hex(tree.root));
      gpu.freeTree(tree);
      await expect(gpu.openRows(codeword, tree, [1])).rejects.toThrow(/after freeTree/);
      expect(() => gpu.freeTree(tree)).toThrow(/after freeTree/);
      for (const b of [e, k, codeword, other]) gpu.free(b);
    });

  });
});
