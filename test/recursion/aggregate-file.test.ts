// Aggregate files version 2 (docs/recursion.md §8): leaves and nodes round-trip byte for byte, a
// version-1 file reads as a leaf, and every malformed file is refused by its problem.
import { describe, expect, it } from 'vitest';
import { decodeTreeAggregate, encodeTreeAggregate, type NodeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { AggregateFileError, type AggregateFileProblem } from '../../src/workloads/recursion/errors';
import { encodeAggregate } from '../../src/workloads/xmss-aggregate/aggregate-file';
import { randomBytes, xorshift32 } from '../hash/prng';
import { randomE } from '../flock/helpers';

const next = xorshift32(0xf11e);
const keys = Array.from({ length: 3 }, () => randomBytes(next, 32)).sort((a, b) => Buffer.compare(a, b));
const digest = 'ab'.repeat(32);
const leaf: TreeAggregate = { kind: 'leaf', programDigest: digest, publicKeys: keys, proof: randomBytes(next, 100) };
const node: NodeAggregate = {
  kind: 'node', programDigest: digest, publicKeys: keys, proof: randomBytes(next, 77),
  points: { leafBytecode: randomE(next, 19), nodeBytecode: randomE(next, 21), matrix: randomE(next, 28) },
};

const refuses = (bytes: Uint8Array, problem: AggregateFileProblem) => {
  try {
    decodeTreeAggregate(bytes);
    expect.unreachable(`expected ${problem}`);
  } catch (e) {
    expect(e).toBeInstanceOf(AggregateFileError);
    expect((e as AggregateFileError).problem).toBe(problem);
  }
};

describe('aggregate file v2', () => {
  it('leaf and node round-trip', () => {
    for (const a of [leaf, node]) {
      const bytes = encodeTreeAggregate(a);
      const back = decodeTreeAggregate(bytes);
      expect(back).toEqual(a);
      expect(Buffer.from(encodeTreeAggregate(back)).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(encodeTreeAggregate(node).length).toBe(49 + 96 + 3 * 4 + 24 * (19 + 21 + 28) + 4 + 77);
  });
  it('a version-1 file is a leaf', () => {
    const v1 = encodeAggregate({ programDigest: digest, publicKeys: keys, proof: leaf.proof });
    expect(decodeTreeAggregate(v1)).toEqual(leaf);
    refuses(v1.slice(0, v1.length - 1), 'truncated');
  });
  it('refuses every malformed file by name', () => {
    const bytes = encodeTreeAggregate(node);
    const at = (o: number, v: number) => Uint8Array.from(bytes, (b, i) => (i === o ? v : b));
    refuses(bytes.slice(0, 5), 'truncated');
    refuses(at(0, 0x4d), 'magic');
    refuses(at(8, 3), 'version');
    refuses(at(12, 2), 'kind');
    refuses(at(45, 0), 'signer-count');
    refuses(Uint8Array.from(bytes, (b, i) => (i >= 45 && i < 49 ? [0, 0, 1, 0][i - 45] : b)), 'signer-count'); // 65,536
    refuses(at(49 + 96, 65), 'point');
    refuses(at(49 + 96, 200), 'point');
    for (const cut of [48, 49 + 95, 49 + 96 + 2, bytes.length - 78, bytes.length - 1]) refuses(bytes.slice(0, cut), 'truncated');
    refuses(Uint8Array.of(...bytes, 0), 'trailing-bytes');
    const leafBytes = encodeTreeAggregate(leaf);
    refuses(Uint8Array.from(leafBytes, (b, i) => (i === 45 ? 0x00 : i === 46 ? 0x10 : b)), 'signer-count'); // a leaf of 4,096 keys
    expect(() => encodeTreeAggregate({ ...leaf, programDigest: 'xy' })).toThrow(AggregateFileError);
  });
});
