// The issue's wide node shapes proved for real (docs/recursion-guest.md §12): a k→1 node of the
// default node program over k leaf aggregates of one or two fresh signers (odd leaves share a signer with
// the leaf before), proved by proveNode and verified at the root. Each takes minutes and
// gigabytes, so it runs only when asked: LEANVM_NODE_SHAPES=4,16 (the arities, each a node of its
// own) on the native backend. It logs the numbers the issue records: cycles, the stack's log size,
// the proof's bytes, the prove time and its stages (peak memory: run it under /usr/bin/time -v).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../src/backend/backend';
import { committedWords, type VmShape, vmLayout } from '../../../src/vm/layout';
import { nodeProgramWitness, prepareNode, proveNode } from '../../../src/workloads/recursion/node-prove';
import { BLAKE2S_TABLE } from '../../../src/vm/isa';
import { leafLayout } from '../../../src/vm/leaves';
import { verifyTreeAggregate } from '../../../src/workloads/recursion/verify';
import { aggregate } from '../../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { nativeOrCpu } from '../../native/fast-backend';
import { freshSigners, nodeConstant, run } from './children';

const ARITIES = (process.env.LEANVM_NODE_SHAPES ?? '').split(',').filter((s) => s !== '').map(Number);
const next = xorshift32(0x73686170);
const message = randomBytes(next, 32);
const EPOCH = 13;

let backend: Backend;
beforeAll(async () => {
  if (ARITIES.length > 0) backend = await nativeOrCpu('recursion-node-shapes');
});
afterAll(() => backend?.dispose());

describe.skipIf(ARITIES.length === 0)('wide nodes of the node program (LEANVM_NODE_SHAPES=4,16)', () => {
  for (const k of ARITIES) {
    it(`a ${k}→1 node over ${k} leaves of 1–2 signers proves and verifies at the root`, async () => {
      const signers = freshSigners(next, message, EPOCH, k);
      // leaf j: signer j, and an odd leaf signer j − 1 too (the union is the k signers)
      const children = [];
      for (let j = 0; j < k; j++) {
        const own = j % 2 === 1 ? [signers[j - 1], signers[j]] : [signers[j]];
        children.push({ aggregate: { kind: 'leaf' as const, ...(await aggregate({ message, epoch: EPOCH, signers: own }, { backend })).aggregate } });
      }
      let shape: VmShape | undefined;
      const t = performance.now();
      const { aggregate: node, stats } = await proveNode({ message, epoch: EPOCH, children }, { backend, onShape: (sh) => (shape = sh) });
      const seconds = (performance.now() - t) / 1000;
      console.log(`${k}→1 node on ${backend.name}: ${stats.cycles} cycles (program ${stats.programCycles}), stack 2^${vmLayout(shape!).stack.logN} words (${committedWords(shape!)} committed; h ${shape!.logMemory}, τ ${shape!.taus.join(' ')}, bytecode 2^${shape!.logBytecode}), ${stats.proofBytes} bytes, ${seconds.toFixed(1)} s (${Object.entries(stats.stageMs).map(([s, v]) => `${s} ${Math.round(v)}`).join(', ')} ms)`);
      expect(node.publicKeys).toHaveLength(k);
      expect(stats.overlaps).toBe(Math.floor(k / 2));
      const v = verifyTreeAggregate(node, { message, epoch: EPOCH });
      expect(v.valid, v.valid ? '' : v.reason).toBe(true);

      // As a child: a parent verifies a node whose bus depth D lies in its GKR window
      // (GKR_MIN_DEPTH ..= GKR_MIN_DEPTH + 7) and whose BLAKE2S table has at most
      // 2^FLOCK_MAX_BLOCKS rows (Flock's window); a parent's run over a wider one stops.
      const depth = leafLayout(shape!).depth, tauB = shape!.taus[BLAKE2S_TABLE];
      const fits = depth <= Number(nodeConstant('GKR_MIN_DEPTH')) + 7 && tauB <= Number(nodeConstant('FLOCK_MAX_BLOCKS'));
      let stopped: unknown = null;
      try {
        const parent = await prepareNode({ message, epoch: EPOCH, children: [{ aggregate: node }] });
        const exec = run(nodeProgramWitness(parent), parent.input.publicInput);
        console.log(`a parent over the ${k}→1 node (bus depth ${depth}, τ_BLAKE2S ${tauB}): ${exec.programCycles} cycles in the VM`);
      } catch (e) {
        stopped = e;
        console.log(`a parent over the ${k}→1 node (bus depth ${depth}, τ_BLAKE2S ${tauB}) stops: ${(e as Error).message}`);
      }
      expect(stopped === null, String(stopped)).toBe(fits);
    }, 7_200_000);
  }
});

