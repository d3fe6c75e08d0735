// planTree: leaves and levels from (signers, leaf size, arity), balanced and deterministic, every
// signer in exactly one leaf and every index of a level in exactly one node above; typed refusals
// for sizes no tree has. aggregateTree over a STAND-IN node program (test/recursion/stand-in.ts):
// the root verifies for the union, progress comes per proof, and nothing is proved for a refused
// signer or without a node program.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { StdRng } from '../../src/util/std-rng';
import { TreePlanError, type TreePlanProblem } from '../../src/workloads/recursion/errors';
import { aggregateTree, type TreeProgress } from '../../src/workloads/recursion/tree-aggregate';
import { type IndexRange, planProofs, planTree } from '../../src/workloads/recursion/tree-plan';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { AggregateInputError, type AggregateSigner } from '../../src/workloads/xmss-aggregate';
import { encodePublicKey, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import { standInNode, standInProgram } from './stand-in';

/** Ranges that tile [0, n) in order. */
const tiles = (ranges: readonly IndexRange[], n: number) => {
  expect(ranges[0].start).toBe(0);
  for (let i = 1; i < ranges.length; i++) expect(ranges[i].start).toBe(ranges[i - 1].end);
  expect(ranges.at(-1)!.end).toBe(n);
  for (const r of ranges) expect(r.end).toBeGreaterThan(r.start);
};

describe('planTree', () => {
  it('balances leaves and nodes, in order, up to one root', () => {
    const p = planTree(33, 16, 2);
    expect(p.leaves).toEqual([{ start: 0, end: 11 }, { start: 11, end: 22 }, { start: 22, end: 33 }]);
    expect(p.levels.map((l) => l.map((n) => n.children))).toEqual([[[0, 1], [2]], [[0, 1]]]);
    expect(p.levels[1][0].signers).toEqual({ start: 0, end: 33 });
    expect(planProofs(p)).toBe(6);
    expect(planTree(40, 20, 2).levels.map((l) => l.map((n) => n.children))).toEqual([[[0, 1]]]);
    expect(planTree(9, 1, 4).levels.map((l) => l.map((n) => n.children))).toEqual([[[0, 1, 2], [3, 4, 5], [6, 7, 8]], [[0, 1, 2]]]);
  });

  it('the root is a node even over one leaf; arity 1 only then', () => {
    expect(planTree(5, 16, 4).levels).toEqual([[{ children: [0], signers: { start: 0, end: 5 } }]]);
    expect(planTree(5, 5, 1).levels.length).toBe(1);
  });

  it('every signer in one leaf, every node of a level under one parent, sizes within bounds', () => {
    for (const [n, leaf, arity] of [[1, 1, 2], [100, 7, 3], [1000, 20, 16], [65535, 4095, 16], [257, 1, 16], [17, 1, 2]]) {
      const p = planTree(n, leaf, arity);
      tiles(p.leaves, n);
      for (const r of p.leaves) expect(r.end - r.start).toBeLessThanOrEqual(leaf);
      let below = p.leaves.length;
      for (const level of p.levels) {
        expect(level.flatMap((node) => node.children)).toEqual(Array.from({ length: below }, (_, i) => i));
        for (const node of level) expect(node.children.length).toBeLessThanOrEqual(arity);
        tiles(level.map((node) => node.signers), n);
        below = level.length;
      }
      expect(below).toBe(1);
      expect(planTree(n, leaf, arity)).toEqual(p);
    }
    expect(planTree(17, 1, 2).levels.length).toBe(5);
  });

  it('refuses sizes no tree has, naming the size', () => {
    const refused = (f: () => unknown, problem: TreePlanProblem, text: RegExp) => {
      expect(f).toThrow(TreePlanError);
      expect(f).toThrow(text);
      try {
        f();
      } catch (e) {
        expect((e as TreePlanError).problem).toBe(problem);
      }
    };
    refused(() => planTree(0, 4, 2), 'signer-count', /1 to 65535 signers, got 0/);
    refused(() => planTree(65536, 4095, 16), 'signer-count', /got 65536/);
    refused(() => planTree(2.5, 4, 2), 'signer-count', /got 2.5/);
    refused(() => planTree(10, 0, 2), 'leaf-size', /1 to 4095 signers, got 0/);
    refused(() => planTree(10, 4096, 2), 'leaf-size', /got 4096/);
    refused(() => planTree(10, 4, 0), 'arity', /1 to 16 children, got 0/);
    refused(() => planTree(10, 4, 17), 'arity', /got 17/);
    refused(() => planTree(10, 4, Number.NaN), 'arity', /got NaN/);
    refused(() => planTree(10, 4, 1), 'arity', /arity 1 merges nothing: 3 leaves/);
  });
});

describe('aggregateTree (stand-in node program)', () => {
  const next = xorshift32(0x3117);
  const message = randomBytes(next, 32);
  const EPOCH = 9;
  const signers: AggregateSigner[] = Array.from({ length: 5 }, (_, i) => {
    const key = xmssKeyGen(randomBytes(next, 32), EPOCH, EPOCH);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH, StdRng.seedFromU64(i, 1)).signature };
  });
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  let backend: Backend;
  beforeAll(async () => {
    backend = await nativeOrCpu('recursion-tree-plan');
  });
  afterAll(() => backend.dispose());

  it('proves leaves then nodes level by level; the root verifies for the union of every signer', async () => {
    const events: TreeProgress[] = [];
    const { root, plan, stats } = await aggregateTree({ message, epoch: EPOCH, signers, leafSize: 2, arity: 2 }, { backend, node: standInNode, onProgress: (e) => events.push(e) });
    expect(plan.leaves.length).toBe(3);
    expect(stats.leaves.map((s) => s.n)).toEqual([2, 2, 1]);
    expect(stats.levels.map((l) => l.map((s) => s.children))).toEqual([[2, 1], [2]]);
    expect(root.publicKeys.map(hex)).toEqual(signers.map((s) => hex(encodePublicKey(s.publicKey as never))).sort());
    expect(verifyTreeAggregate(root, { message, epoch: EPOCH }, { node: standInProgram })).toMatchObject({ valid: true, n: 5 });
    // each proof's first event, in proving order, with the proofs done before it
    const starts = events.filter((e) => e.fraction === 0 && (e.stage === 'check'));
    expect(starts.map((e) => [e.position, e.done, e.total])).toEqual([
      [{ kind: 'leaf', index: 0 }, 0, 6], [{ kind: 'leaf', index: 1 }, 1, 6], [{ kind: 'leaf', index: 2 }, 2, 6],
      [{ kind: 'node', level: 0, index: 0 }, 3, 6], [{ kind: 'node', level: 0, index: 1 }, 4, 6], [{ kind: 'node', level: 1, index: 0 }, 5, 6],
    ]);
  }, 600_000);

  it('refuses before proving: a bad signer named by its index in the whole list', async () => {
    const bad = signers.slice();
    bad[3] = { ...bad[3], signature: signers[2].signature };
    let proved = 0;
    const onProgress = () => proved++;
    const err = await aggregateTree({ message, epoch: EPOCH, signers: bad, leafSize: 2, arity: 2 }, { backend, node: standInNode, onProgress }).catch((e) => e);
    expect(err).toBeInstanceOf(AggregateInputError);
    expect(err.signer).toBe(3);
    expect(err.message).toMatch(/^signer 3 \(key [0-9a-f]+\): its signature does not verify/);
    expect(proved).toBe(0);
  });
});
