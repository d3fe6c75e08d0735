// A tree's id is its root's statement digest (host/node/distributed/jobs.ts): equal statements,
// equal digests (a tree submitted twice is one tree); any change to what a job proves — message,
// epoch, a key, a signature, the signers' order, the node program, a child — another digest.
// Every other job's id is its place in its tree: distinct for every place, so a statement met
// twice is two jobs (BullMQ gives a job one parent).
import { describe, expect, it } from 'vitest';
import { jobIdAt, type LeafJobData, leafDigest, nodeDigest } from '../../host/node/distributed/jobs';

const h = (byte: number, n: number) => Buffer.alloc(n, byte).toString('hex');
const leaf: LeafJobData = {
  kind: 'leaf', message: h(1, 32), epoch: 5,
  signers: [{ name: 'a', publicKey: h(2, 32), signature: h(3, 1208) }, { name: 'b', publicKey: h(4, 32), signature: h(5, 1208) }],
};
const node = { message: h(1, 32), epoch: 5, nodeProgram: h(9, 32) };
const children = [leafDigest(leaf), h(6, 32)];

describe('job ids', () => {
  it('statement digests are 32 bytes, equal for equal statements (names are not part of them)', () => {
    expect(leafDigest(leaf)).toMatch(/^[0-9a-f]{64}$/);
    expect(leafDigest(JSON.parse(JSON.stringify(leaf)))).toBe(leafDigest(leaf));
    expect(leafDigest({ ...leaf, signers: leaf.signers.map((s) => ({ ...s, name: `x${s.name}` })) })).toBe(leafDigest(leaf));
    expect(nodeDigest({ ...node }, [...children])).toBe(nodeDigest(node, children));
  });
  it('statement digests change with anything a job proves', () => {
    const ids = new Set([
      leafDigest(leaf),
      leafDigest({ ...leaf, message: h(7, 32) }),
      leafDigest({ ...leaf, epoch: 6 }),
      leafDigest({ ...leaf, signers: [leaf.signers[1], leaf.signers[0]] }),
      leafDigest({ ...leaf, signers: [{ ...leaf.signers[0], publicKey: h(8, 32) }, leaf.signers[1]] }),
      leafDigest({ ...leaf, signers: [{ ...leaf.signers[0], signature: h(8, 1208) }, leaf.signers[1]] }),
      leafDigest({ ...leaf, signers: leaf.signers.slice(1) }),
      nodeDigest(node, children),
      nodeDigest({ ...node, nodeProgram: h(10, 32) }, children),
      nodeDigest(node, [children[1], children[0]]),
      nodeDigest(node, children.slice(0, 1)),
      nodeDigest({ ...node, epoch: 6 }, children),
      nodeDigest({ ...node, message: h(7, 32) }, children),
    ]);
    expect(ids.size).toBe(13);
  });
  it('a job\'s place in a tree gives it an id of its own: per tree, level and index', () => {
    const tree = nodeDigest(node, children);
    const places = [jobIdAt(tree, 0, 0), jobIdAt(tree, 0, 1), jobIdAt(tree, 1, 0), jobIdAt(tree, 1, 1), jobIdAt(h(11, 32), 0, 0)];
    expect(new Set([...places, tree]).size).toBe(6);
    expect(jobIdAt(tree, 0, 1)).toBe(jobIdAt(`${tree}`, 0, 1));
    for (const p of places) expect(p).toMatch(/^[0-9a-f]{64}$/);
  });
});
