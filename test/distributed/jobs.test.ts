// Job ids are statement digests (host/node/distributed/jobs.ts): equal statements, equal ids (a
// tree submitted twice is one tree); any change to what a job proves — message, epoch, a key, a
// signature, the signers' order, the node program, a child — another id.
import { describe, expect, it } from 'vitest';
import { type LeafJobData, leafJobId, type NodeJobData, nodeJobId } from '../../host/node/distributed/jobs';

const h = (byte: number, n: number) => Buffer.alloc(n, byte).toString('hex');
const leaf: LeafJobData = {
  kind: 'leaf', message: h(1, 32), epoch: 5,
  signers: [{ name: 'a', publicKey: h(2, 32), signature: h(3, 1208) }, { name: 'b', publicKey: h(4, 32), signature: h(5, 1208) }],
};
const node: NodeJobData = { kind: 'node', message: h(1, 32), epoch: 5, nodeProgram: h(9, 32), children: [{ queue: 'leaf', id: leafJobId(leaf) }, { queue: 'leaf', id: h(6, 32) }] };

describe('job ids', () => {
  it('are 32-byte digests, equal for equal statements (names are not part of it)', () => {
    expect(leafJobId(leaf)).toMatch(/^[0-9a-f]{64}$/);
    expect(leafJobId(JSON.parse(JSON.stringify(leaf)))).toBe(leafJobId(leaf));
    expect(leafJobId({ ...leaf, signers: leaf.signers.map((s) => ({ ...s, name: `x${s.name}` })) })).toBe(leafJobId(leaf));
    expect(nodeJobId({ ...node })).toBe(nodeJobId(node));
  });
  it('change with anything a job proves', () => {
    const ids = new Set([
      leafJobId(leaf),
      leafJobId({ ...leaf, message: h(7, 32) }),
      leafJobId({ ...leaf, epoch: 6 }),
      leafJobId({ ...leaf, signers: [leaf.signers[1], leaf.signers[0]] }),
      leafJobId({ ...leaf, signers: [{ ...leaf.signers[0], publicKey: h(8, 32) }, leaf.signers[1]] }),
      leafJobId({ ...leaf, signers: [{ ...leaf.signers[0], signature: h(8, 1208) }, leaf.signers[1]] }),
      leafJobId({ ...leaf, signers: leaf.signers.slice(1) }),
      nodeJobId(node),
      nodeJobId({ ...node, nodeProgram: h(10, 32) }),
      nodeJobId({ ...node, children: [node.children[1], node.children[0]] }),
      nodeJobId({ ...node, children: node.children.slice(0, 1) }),
      nodeJobId({ ...node, epoch: 6 }),
      nodeJobId({ ...node, message: h(7, 32) }),
    ]);
    expect(ids.size).toBe(13);
  });
});
