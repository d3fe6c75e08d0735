// The node program proved for real: a 2→1 node over two leaf aggregates and a raw signer, proved
// by proveNode with the node layer's witness (nodeWitness) and verified at the root
// (verifyTreeAggregate: its claims evaluated natively, D_N rebuilt, the VM proof checked); then a
// parent over that node and a third leaf, which the node program cannot verify yet: a node's own
// stack is past its WHIR window. Each child's proof is verified inside the VM (child_verify:
// child_to_ring, then the stacked WHIR opening).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../src/backend/backend';
import type { NodeAggregate, TreeAggregate } from '../../../src/workloads/recursion/aggregate-file';
import { nodeProgramWitness, type NodeStats, prepareNode, proveNode } from '../../../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../../../src/workloads/recursion/verify';
import { aggregate } from '../../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { nativeOrCpu } from '../../native/fast-backend';
import { freshSigners, nodeProgram, nodeRecord } from './children';

const next = xorshift32(0x74726565);
const message = randomBytes(next, 32);
const EPOCH = 11;

let backend: Backend;
let node: NodeAggregate, stats: NodeStats, leafC: TreeAggregate;
const signers = freshSigners(next, message, EPOCH, 6);

beforeAll(async () => {
  backend = await nativeOrCpu('recursion-node-tree');
  const leaf = async (idx: number[]) => ({ kind: 'leaf' as const, ...(await aggregate({ message, epoch: EPOCH, signers: idx.map((i) => signers[i]) }, { backend })).aggregate });
  const [a, b] = [await leaf([0, 1, 2]), await leaf([2, 3])];
  leafC = await leaf([3, 5]);
  const t = performance.now();
  ({ aggregate: node, stats } = await proveNode({ message, epoch: EPOCH, children: [{ aggregate: a }, { aggregate: b }], signers: [signers[4]] }, { backend, node: nodeRecord() }));
  console.log(`2→1 node proved on ${backend.name}: ${stats.cycles} cycles, ${stats.proofBytes} bytes, ${((performance.now() - t) / 1000).toFixed(1)} s (${Object.entries(stats.stageMs).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')} ms)`);
}, 900_000);
afterAll(() => backend?.dispose());

describe('a real 2→1 node proof of the node program', () => {
  it('verifies at the root for its message, epoch and union; not for another epoch', () => {
    expect(node.publicKeys).toHaveLength(5);
    const v = verifyTreeAggregate(node, { message, epoch: EPOCH }, { node: nodeProgram().program });
    expect(v.valid, v.valid ? '' : v.reason).toBe(true);
    expect(verifyTreeAggregate(node, { message, epoch: EPOCH + 1 }, { node: nodeProgram().program }).valid).toBe(false);
  });
});

// A node's own commitment (2^25 words) is past the node program's WHIR window (2^20..2^23), so a
// parent cannot open a node child's stack yet: its witness builder refuses by name.
describe('a parent over that node and a leaf', () => {
  it("is refused before it runs: the node child's commitment is outside the WHIR window", async () => {
    const prepared = await prepareNode({ message, epoch: EPOCH, children: [{ aggregate: node }, { aggregate: leafC }] }, { node: nodeRecord() });
    expect(prepared.input.union.keys).toHaveLength(6);
    expect(() => nodeProgramWitness(prepared)).toThrow(/2\^25 words at log inverse rate 1 is outside the WHIR piece's window/);
  }, 300_000);
});
