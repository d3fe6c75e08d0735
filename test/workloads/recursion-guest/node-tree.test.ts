// The node program proved for real: a 2→1 node over two leaf aggregates and a raw signer, proved
// by proveNode with the node layer's witness (nodeWitness) and verified at the root
// (verifyTreeAggregate: its claims evaluated natively, D_N rebuilt, the VM proof checked); then a
// parent over that node and a third leaf run in the VM, so a node child's statement is rebuilt
// from its hinted carried claims (their digest C) and the node children's seed, its proof is
// verified inside the VM (child_verify: child_to_ring, then the stacked WHIR opening of its 2^25
// words), and its fresh and carried claims go through the P_N batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../../src/backend/backend';
import type { PublicInput } from '../../../src/vm/public-input';
import type { NodeAggregate, TreeAggregate } from '../../../src/workloads/recursion/aggregate-file';
import { gPow } from '../../../src/workloads/recursion/guest/streams';
import { nodeProgramWitness, type NodeStats, prepareNode, proveNode } from '../../../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../../../src/workloads/recursion/verify';
import { aggregate } from '../../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { nativeOrCpu } from '../../native/fast-backend';
import { expectFailsAt, freshSigners, nodeProgram, nodeRecord, run, type Streams, tampered } from './children';

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

describe('a parent over that node and a leaf, in the VM', () => {
  let streams: Streams;
  let pi: PublicInput;
  beforeAll(async () => {
    const prepared = await prepareNode({ message, epoch: EPOCH, children: [{ aggregate: node }, { aggregate: leafC }] }, { node: nodeRecord() });
    streams = nodeProgramWitness(prepared);
    pi = prepared.input.publicInput;
    expect(prepared.input.union.keys).toHaveLength(6);
  }, 300_000);

  it("verifies the node child's proof, rebuilds its statement, batches its fresh and carried claims, and computes the parent's public input", () => {
    expect(streams.get('child_claims')).toHaveLength(1);
    expect(streams.get('batch_node_rounds')).toHaveLength(Number(nodeProgram().program.bytecode.length.toString(2).length - 1) + 4);
    const exec = run(streams, pi);
    console.log(`parent over a node and a leaf: ${exec.programCycles} cycles`);
  });

  const NODE_END = 'assert claim == v * (wf + wc)';
  it('[N3] a P_N round coefficient or v* changed: the last claim is not v*·Σ λ·eq(p, r)', () => {
    expectFailsAt(tampered(streams, 'batch_node_rounds', 7, 1, (c) => (c[0] ^= 1)), 'write-conflict', NODE_END, pi);
    expectFailsAt(tampered(streams, 'batch_node_value', 0, 0, (c) => (c[2] ^= 1)), 'write-conflict', NODE_END, pi);
  });
  it("[N1, N3] a carried claim of the node child changed: its digest C, so the child's statement, is another", () => {
    expectFailsAt(tampered(streams, 'child_claims', 0, 30, (c) => (c[0] ^= 1)), 'write-conflict', 'assert v == s', pi);
  });
  it('[N3] no P_N batch though a child is a node', () => {
    expectFailsAt(tampered(streams, 'has_node', 0, 0, (c) => c.set(gPow(0))), 'write-conflict', 'assert gn == 1', pi);
  });
});
