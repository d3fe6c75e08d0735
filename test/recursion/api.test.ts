// The package's aggregate() and verifyAggregate() over both kinds: no children gives today's leaf
// (old callers' shapes and files unchanged), children give a node — proved here with the STAND-IN
// node program (test/recursion/stand-in.ts), passed explicitly, so these nodes test the API's
// routing, refusals and root checks, not in-VM verification. Without a node program the real
// default refuses, after the children and signers were checked, with nothing proved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import {
  type AggregateSigner, AggregateFileError, ChildCheckError, decodeAggregate, decodeTreeAggregate, encodeAggregate, encodeTreeAggregate, type NodeAggregate,
  aggregate, verifyAggregate,
} from '../../src/index';
import { StdRng } from '../../src/util/std-rng';
import { encodePublicKey, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import { standInNode } from './stand-in';

const next = xorshift32(0x5a17);
const message = randomBytes(next, 32);
const EPOCH = 3;
const signers: AggregateSigner[] = Array.from({ length: 4 }, (_, i) => {
  const key = xmssKeyGen(randomBytes(next, 32), EPOCH, EPOCH + 2);
  return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH, StdRng.seedFromU64(i, 2)).signature };
});
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const keyHex = (s: AggregateSigner) => hex(encodePublicKey(s.publicKey as never));

let backend: Backend;
let leafA: Awaited<ReturnType<typeof aggregate>>['aggregate'], leafB: typeof leafA;
beforeAll(async () => {
  backend = await nativeOrCpu('recursion-api');
  leafA = (await aggregate({ message, epoch: EPOCH, signers: signers.slice(0, 2) }, { backend })).aggregate;
  leafB = (await aggregate({ message, epoch: EPOCH, signers: signers.slice(1, 3), children: [] }, { backend })).aggregate;
}, 600_000);
afterAll(() => backend.dispose());

describe('aggregate: leaves', () => {
  it('no children (absent or empty) is a leaf, whose old file and verifier still work', () => {
    expect(leafA.kind).toBe('leaf');
    expect(leafB.kind).toBe('leaf');
    const v1 = encodeAggregate(leafA);
    expect(verifyAggregate(decodeAggregate(v1), { message, epoch: EPOCH })).toMatchObject({ valid: true, n: 2 });
    expect(verifyAggregate(decodeTreeAggregate(v1), { message, epoch: EPOCH })).toMatchObject({ valid: true, n: 2 });
    expect(verifyAggregate(decodeTreeAggregate(encodeTreeAggregate(leafB)), { message, epoch: EPOCH })).toMatchObject({ valid: true, n: 2 });
    expect(verifyAggregate(leafA, { message, epoch: EPOCH + 1 }).valid).toBe(false);
  });
});

describe('aggregate: nodes (stand-in node program)', () => {
  let node: NodeAggregate;
  beforeAll(async () => {
    const r = await aggregate({ message, epoch: EPOCH, children: [{ aggregate: leafA }, { aggregate: encodeTreeAggregate(leafB) }], signers: [signers[3]] }, { backend, node: standInNode });
    node = r.aggregate as NodeAggregate;
    expect(r.stats).toMatchObject({ n: 4, children: 2, overlaps: 1 });
  }, 600_000);

  it('is a node over the union of children and raw signers; verifies for its statement only', () => {
    expect(node.kind).toBe('node');
    expect(node.publicKeys.map(hex)).toEqual(signers.map(keyHex).sort());
    const file = decodeTreeAggregate(encodeTreeAggregate(node));
    expect(verifyAggregate(file, { message, epoch: EPOCH }, { node: standInNode })).toMatchObject({ valid: true, n: 4 });
    expect(verifyAggregate(file, { message, epoch: EPOCH + 1 }, { node: standInNode }).valid).toBe(false);
    expect(verifyAggregate({ ...node, publicKeys: node.publicKeys.slice(1) }, { message, epoch: EPOCH }, { node: standInNode }).valid).toBe(false);
  });

  it("a node is verified against the built-in node program by default: the stand-in's node is not of it", () => {
    const v = verifyAggregate(node, { message, epoch: EPOCH });
    expect(v.valid).toBe(false);
    expect(v.valid ? '' : v.reason).toMatch(/^a node of the program [0-9a-f]{64}, not the node program [0-9a-f]{64}$/);
    expect(() => verifyAggregate({ ...node, kind: 'twig' } as never, { message, epoch: EPOCH })).toThrow(AggregateFileError);
  });

  it('node children with the stand-in: a node over a node', async () => {
    const top = await aggregate({ message, epoch: EPOCH, children: [{ aggregate: node }, { aggregate: leafA }] }, { backend, node: standInNode });
    expect(verifyAggregate(top.aggregate, { message, epoch: EPOCH }, { node: standInNode })).toMatchObject({ valid: true, n: 4 });
  }, 600_000);
});

describe('aggregate: refusals before proving', () => {
  it('children first (naming the child); nothing proved', async () => {
    const stages: string[] = [];
    const onProgress = (s: string) => stages.push(s);
    const bad = await aggregate({ message, epoch: EPOCH + 1, children: [{ name: 'a.agg', aggregate: leafA }] }, { backend, onProgress }).catch((e) => e);
    expect(bad).toBeInstanceOf(ChildCheckError);
    expect(bad.message).toMatch(/^child 0 \(a\.agg\): does not verify for this message and epoch/);
    const many = await aggregate({ message, epoch: EPOCH, children: Array.from({ length: 17 }, () => ({ aggregate: leafA })) }, { backend, node: standInNode, onProgress }).catch((e) => e);
    expect(many).toMatchObject({ name: 'ChildCheckError', problem: 'too-many-children' });
    expect(stages.every((s) => s === 'check')).toBe(true);
  });
});
