// The host side of aggregate trees end to end, on real leaf aggregates: children checked natively
// (refusals naming the child: another message, another epoch, bytes that are no aggregate, a node
// child without a node program, 17 children), and the root verifier of docs/recursion.md §6 on
// nodes made by proveNode with a STAND-IN node program that verifies nothing in the VM (the real
// one is programs/aggregate-node.py, issue 31's guest half): so these nodes prove only that the
// host's statement, claims, batch, file and root checks fit together — the root accepts the node
// for its (message, epoch, union, points) and for nothing else — not that children were verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { eAdd, eOne } from '../../src/field/e';
import { StdRng } from '../../src/util/std-rng';
import { decodeTreeAggregate, encodeTreeAggregate, type LeafAggregate, type NodeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { checkChildren } from '../../src/workloads/recursion/children';
import { ChildCheckError, type ChildProblem } from '../../src/workloads/recursion/errors';
import { proveNode } from '../../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { type Aggregate, type AggregateSigner, aggregate, encodeAggregate } from '../../src/workloads/xmss-aggregate';
import { encodePublicKey, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import { standInNode, standInProgram as standIn } from './stand-in';

const next = xorshift32(0x7233);
const message = randomBytes(next, 32);
const EPOCH = 5;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const signer = (i: number): AggregateSigner => {
  const key = xmssKeyGen(randomBytes(next, 32), EPOCH - 1, EPOCH + 1);
  return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH, StdRng.seedFromU64(i, 0)).signature };
};
const keyHex = (s: AggregateSigner) => hex(s.publicKey instanceof Uint8Array ? s.publicKey : encodePublicKey(s.publicKey));
const leafOf = (a: Aggregate): TreeAggregate => ({ kind: 'leaf', ...a });

const programs = { node: standIn };

let backend: Backend;
const signers = Array.from({ length: 6 }, (_, i) => signer(i));
let leafA: TreeAggregate, leafB: TreeAggregate, leafC: TreeAggregate;

beforeAll(async () => {
  backend = await nativeOrCpu('recursion-tree');
  // A = {0, 1, 2}, B = {2, 3} (signer 2 in both), C = {4}
  const make = async (idx: number[]) => leafOf((await aggregate({ message, epoch: EPOCH, signers: idx.map((i) => signers[i]) }, { backend })).aggregate);
  leafA = await make([0, 1, 2]);
  leafB = await make([2, 3]);
  leafC = await make([4]);
}, 600_000);
afterAll(() => backend.dispose());

const refused = (f: () => unknown, problem: ChildProblem, child?: number, text?: RegExp) => {
  try {
    f();
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(ChildCheckError);
    expect((e as ChildCheckError).problem).toBe(problem);
    expect((e as ChildCheckError).child).toBe(child);
    if (text) expect((e as ChildCheckError).message).toMatch(text);
  }
};

describe('child pre-check', () => {
  it('accepts valid leaves (bytes or objects, version 1 or 2) with their fresh claims', () => {
    const { kind: _, ...v1 } = leafC as LeafAggregate;
    const checked = checkChildren({ message, epoch: EPOCH, children: [{ name: 'a.agg', aggregate: encodeTreeAggregate(leafA) }, { aggregate: leafB }, { aggregate: encodeAggregate(v1) }] });
    expect(checked.map((c) => c.name)).toEqual(['a.agg', 'child 1', 'child 2']);
    expect(checked.map((c) => c.verdict.n)).toEqual([3, 2, 1]);
    expect(checked[0].verdict.claims.kind).toBe('leaf');
    expect(checked[0].verdict.claims.fresh.bytecode.point.length / 6).toBe(19);
  });
  it('refuses, naming the child: another epoch or message, no aggregate, a node of another node program, 17 children, none', () => {
    refused(() => checkChildren({ message, epoch: EPOCH + 1, children: [{ name: 'a.agg', aggregate: leafA }] }), 'invalid', 0, /child 0 \(a\.agg\): does not verify for this message and epoch/);
    const other = Uint8Array.from(message, (b, i) => (i === 0 ? b ^ 1 : b));
    refused(() => checkChildren({ message: other, epoch: EPOCH, children: [{ aggregate: leafA }, { aggregate: leafB }] }), 'invalid', 0);
    refused(() => checkChildren({ message, epoch: EPOCH, children: [{ aggregate: leafA }, { name: 'junk', aggregate: Uint8Array.of(1, 2, 3) }] }), 'unreadable', 1, /child 1 \(junk\): not an aggregate/);
    const tampered = encodeTreeAggregate(leafB);
    tampered[tampered.length - 100] ^= 1;
    refused(() => checkChildren({ message, epoch: EPOCH, children: [{ aggregate: leafA }, { aggregate: tampered }] }), 'invalid', 1);
    const fakeNode: NodeAggregate = { kind: 'node', programDigest: '00'.repeat(32), publicKeys: leafA.publicKeys, proof: leafA.proof, points: { leafBytecode: new Uint32Array(6 * 19), nodeBytecode: new Uint32Array(6), matrix: new Uint32Array(6 * 28) } };
    refused(() => checkChildren({ message, epoch: EPOCH, children: [{ aggregate: fakeNode }] }), 'invalid', 0, /child 0: does not verify for this message and epoch: a node of the program 0{64}, not the node program/);
    refused(() => checkChildren({ message, epoch: EPOCH, children: Array.from({ length: 17 }, (_, i) => ({ name: `c${i}.agg`, aggregate: leafA })) }), 'too-many-children', 16, /^child 16 \(c16\.agg\): one too many/);
    refused(() => checkChildren({ message, epoch: EPOCH, children: [] }), 'no-children');
  });
});

describe("a child the node program cannot verify (outside its windows, guest/windows.ts)", () => {
  it('is refused by name before anything is proved', async () => {
    const narrow = { ...standInNode, childShapeProblem: (s: { h: number }) => (s.h >= 16 ? `its memory has 2^${s.h} cells` : null) };
    const stages: string[] = [];
    const err = await proveNode({ message, epoch: EPOCH, children: [{ name: 'a.agg', aggregate: leafA }, { aggregate: leafB }] }, { backend, node: narrow, onProgress: (s) => stages.push(s) }).catch((e) => e);
    expect(err).toBeInstanceOf(ChildCheckError);
    expect(err).toMatchObject({ problem: 'unsupported', child: 0, childName: 'a.agg' });
    expect(err.message).toMatch(/^child 0 \(a\.agg\): valid, but the node program cannot verify it: its memory has 2\^\d+ cells$/);
    expect(stages.every((s) => s === 'check')).toBe(true);
  });
});

describe('nodes over a stand-in node program: the root checks (host side only)', () => {
  let node1: NodeAggregate, root: NodeAggregate;
  beforeAll(async () => {
    node1 = (await proveNode({ message, epoch: EPOCH, children: [{ aggregate: leafA }, { aggregate: leafB }] }, { backend, node: standInNode })).aggregate;
    // three levels: the node, a leaf and a raw signature at the top
    root = (await proveNode({ message, epoch: EPOCH, children: [{ aggregate: encodeTreeAggregate(node1) }, { aggregate: leafC }], signers: [signers[5]] }, { backend, node: standInNode })).aggregate;
  }, 600_000);

  it('the union of overlapping leaves, each key once; the root over node, leaf and raw signer', () => {
    expect(node1.publicKeys.map(hex)).toEqual([0, 1, 2, 3].map((i) => keyHex(signers[i])).sort());
    expect(root.publicKeys.map(hex)).toEqual(signers.map(keyHex).sort());
    for (const a of [node1, root]) expect(verifyTreeAggregate(decodeTreeAggregate(encodeTreeAggregate(a)), { message, epoch: EPOCH }, programs)).toMatchObject({ valid: true });
  });

  it('the root is invalid for another message or epoch, a signer added, dropped or swapped, any deferred point changed', () => {
    const invalid = (a: NodeAggregate, st = { message, epoch: EPOCH }) => expect(verifyTreeAggregate(a, st, programs).valid).toBe(false);
    invalid(root, { message: Uint8Array.from(message, (b, i) => (i === 3 ? b ^ 4 : b)), epoch: EPOCH });
    invalid(root, { message, epoch: EPOCH + 1 });
    const keys = root.publicKeys;
    invalid({ ...root, publicKeys: [...keys, new Uint8Array(32).fill(0xff)] });
    invalid({ ...root, publicKeys: keys.slice(1) });
    invalid({ ...root, publicKeys: keys.slice(0, -1) });
    invalid({ ...root, publicKeys: [...keys.slice(0, -1), new Uint8Array(32).fill(0xfe)] });
    invalid({ ...root, publicKeys: node1.publicKeys });
    for (const p of ['leafBytecode', 'nodeBytecode', 'matrix'] as const) {
      for (const c of [0, root.points[p].length / 6 - 1]) {
        const point = root.points[p].slice();
        point.set(eAdd(point.subarray(6 * c, 6 * c + 6), eOne()), 6 * c);
        invalid({ ...root, points: { ...root.points, [p]: point } });
      }
      invalid({ ...root, points: { ...root.points, [p]: root.points[p].slice(6) } });
    }
  });
});
