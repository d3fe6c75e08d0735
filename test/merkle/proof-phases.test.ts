// The reference prover's own openings: the three Merkle phases of the n = 2^7 Flock proof,
// authenticated against the roots and query lists its verifier trace records.
import { describe, expect, it } from 'vitest';
import { MerkleError, verifyMerkle } from '../../src/merkle';
import { parseProof } from '../../src/transcript/proof';
import { field, readTrace, readVector } from '../transcript/trace';

const hexBytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

function phases() {
  const proof = parseProof(readVector('blake2s_batch_n7.proof'));
  const { ops } = readTrace('blake2s_batch_n7.trace.txt');
  let queries: number[] = [];
  const out = [];
  for (const op of ops) {
    if (op.kind === 'sample_queries') queries = JSON.parse(field(op, 'idx')) as number[];
    if (op.kind !== 'read_merkle') continue;
    const phase = proof.merkle[Number(field(op, 'phase'))];
    out.push({
      phase,
      root: hexBytes(field(op, 'root')),
      nLeaves: Number(field(op, 'num_leaves')),
      rowWords: Number(field(op, 'row_words')),
      leafWords: Number(field(op, 'leaf_words')),
      queries,
      unique: Number(field(op, 'unique')),
    });
  }
  return out;
}

describe('reference proof phases (vectors/flock n = 2^7)', () => {
  const all = phases();

  it('every phase authenticates and expands to one full path per query', () => {
    expect(all.map((p) => [p.nLeaves, p.rowWords, p.queries.length])).toEqual([[1024, 64, 223], [1024, 24, 56], [512, 24, 36]]);
    for (const p of all) {
      expect(p.phase.leafData.length).toBe(p.unique);
      const opened = verifyMerkle(p.phase, p.root, p.nLeaves, p.queries, p.rowWords, p.leafWords);
      expect(opened.length).toBe(p.queries.length);
      for (const o of opened) expect(o.path.length).toBe(Math.log2(p.nLeaves));
    }
  });

  it('a phase checked against another phase’s root or queries is rejected', () => {
    const [l0, l1] = all;
    expect(() => verifyMerkle(l1.phase, l0.root, l1.nLeaves, l1.queries, l1.rowWords)).toThrow(MerkleError);
    expect(() => verifyMerkle(l1.phase, l1.root, l1.nLeaves, l0.queries, l1.rowWords)).toThrow(MerkleError);
  });
});
