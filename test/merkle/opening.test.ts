import { describe, expect, it } from 'vitest';
import { buildMerkleTree, MerkleError, merkleRoot, openingPlan, openMerkle, verifyMerkle, type MerkleFailure } from '../../src/merkle';
import type { MerklePhase } from '../../src/transcript/proof';
import { SplitMix64 } from '../../src/util/splitmix64';
import { hex, leafHash, oracleOctopus, oracleTree, rootFromPath } from './oracle';

/** Random queries in [0, n), with repeats and in no particular order. */
function randomQueries(rng: SplitMix64, n: number, count: number): number[] {
  return Array.from({ length: count }, () => rng.next()[0] % n);
}

function failure(f: () => unknown): MerkleFailure | 'accepted' | 'other' {
  try {
    f();
    return 'accepted';
  } catch (e) {
    return e instanceof MerkleError ? e.failure : 'other';
  }
}

const clone = (p: MerklePhase): MerklePhase => ({ leafData: p.leafData.map((r) => r.slice()), siblingHashes: p.siblingHashes.map((h) => h.slice()) });

describe('multi-openings', () => {
  it('open → verify round-trips random query sets with duplicates; rows in query order', () => {
    const rng = new SplitMix64(40);
    for (const [h, rowWords, leafWords, count] of [[0, 3, 3, 4], [1, 2, 2, 3], [5, 24, 24, 12], [7, 40, 64, 60], [8, 1, 1, 300]]) {
      const n = 2 ** h;
      const rows = rng.words(n * rowWords);
      const tree = buildMerkleTree(rows, rowWords, leafWords);
      const root = merkleRoot(tree);
      const queries = randomQueries(rng, n, count);
      const phase = openMerkle(tree, rows, rowWords, queries);
      const distinct = [...new Set(queries)].sort((a, b) => a - b);
      expect(phase.leafData).toEqual(distinct.map((q) => rows.slice(2 * rowWords * q, 2 * rowWords * (q + 1))));
      const levels = oracleTree(rows, rowWords, leafWords);
      expect(phase.siblingHashes.map(hex)).toEqual(oracleOctopus(levels, queries).map(hex));

      const opened = verifyMerkle(phase, root, n, queries, rowWords, leafWords);
      expect(opened.length).toBe(queries.length);
      opened.forEach((o, i) => {
        const q = queries[i];
        const image = new Uint32Array(2 * leafWords);
        image.set(rows.subarray(2 * rowWords * q, 2 * rowWords * (q + 1)), 2 * (leafWords - rowWords));
        expect(o.leafData).toEqual(image);
        expect(o.path.length).toBe(h);
        expect(hex(rootFromPath(leafHash(o.leafData), q, o.path))).toBe(hex(root));
      });
    }
  });

  it('the plan names rows and sibling slots of the flat layout (worked example)', () => {
    // 8 leaves: level-0 siblings of 1, 3, 5 are leaves 0, 2, 4; level 1 holds 0, 1, 2, whose
    // pair (0, 1) folds and whose 2 needs node 3 of level 1 = slot 8 + 3; level 2 folds.
    expect(openingPlan([5, 1, 5, 3], 8)).toEqual({ rows: [1, 3, 5], siblings: [0, 2, 4, 11] });
    expect(openingPlan([0], 1)).toEqual({ rows: [0], siblings: [] });
  });

  it('a full query set needs no siblings; a lone query needs its whole path', () => {
    const rows = new SplitMix64(41).words(16 * 2);
    const tree = buildMerkleTree(rows, 2);
    const all = Array.from({ length: 16 }, (_, i) => 15 - i);
    expect(openMerkle(tree, rows, 2, all).siblingHashes.length).toBe(0);
    expect(verifyMerkle(openMerkle(tree, rows, 2, all), merkleRoot(tree), 16, all, 2).length).toBe(16);
    expect(openMerkle(tree, rows, 2, [9]).siblingHashes.length).toBe(4);
  });

  it('rejects every single-byte change to an opened row or to any sibling hash', () => {
    const rng = new SplitMix64(42);
    const [n, rowWords, leafWords] = [64, 5, 8];
    const rows = rng.words(n * rowWords);
    const tree = buildMerkleTree(rows, rowWords, leafWords);
    const root = merkleRoot(tree);
    const queries = [7, 60, 7, 12, 13, 33];
    const phase = openMerkle(tree, rows, rowWords, queries);
    expect(failure(() => verifyMerkle(phase, root, n, queries, rowWords, leafWords))).toBe('accepted');
    let tried = 0;
    for (let r = 0; r < phase.leafData.length; r++) {
      for (let byte = 0; byte < 4 * phase.leafData[r].length; byte++) {
        const bad = clone(phase);
        bad.leafData[r][byte >> 2] ^= (1 + (byte % 255)) << (8 * (byte & 3));
        expect(failure(() => verifyMerkle(bad, root, n, queries, rowWords, leafWords)), `row ${r} byte ${byte}`).toBe('root-mismatch');
        tried++;
      }
    }
    for (let s = 0; s < phase.siblingHashes.length; s++) {
      for (let byte = 0; byte < 32; byte++) {
        const bad = clone(phase);
        bad.siblingHashes[s][byte] ^= 0x80 >> (byte % 8);
        expect(failure(() => verifyMerkle(bad, root, n, queries, rowWords, leafWords)), `sibling ${s} byte ${byte}`).toBe('root-mismatch');
        tried++;
      }
    }
    expect(tried).toBe(5 * 40 + 32 * phase.siblingHashes.length);
  });

  it('rejects malformed phases with a typed reason', () => {
    const rng = new SplitMix64(43);
    const [n, rowWords] = [32, 4];
    const rows = rng.words(n * rowWords);
    const tree = buildMerkleTree(rows, rowWords);
    const root = merkleRoot(tree);
    const queries = [3, 17, 3, 30];
    const good = openMerkle(tree, rows, rowWords, queries);
    const check = (p: MerklePhase, qs: number[] = queries, w = rowWords, leaves = n, r = root, lw = w) =>
      failure(() => verifyMerkle(p, r, leaves, qs, w, lw));
    expect(check(good)).toBe('accepted');

    const wide = clone(good);
    wide.leafData[1] = Uint32Array.of(...wide.leafData[1], 0, 0);
    expect(check(wide)).toBe('row-width');
    const narrow = clone(good);
    narrow.leafData[0] = narrow.leafData[0].slice(2);
    expect(check(narrow)).toBe('row-width');
    const extra = clone(good);
    extra.siblingHashes.push(new Uint8Array(32));
    expect(check(extra)).toBe('extra-sibling');
    const short = clone(good);
    short.siblingHashes.pop();
    expect(check(short)).toBe('missing-sibling');
    const noRow = clone(good);
    noRow.leafData.pop();
    expect(check(noRow)).toBe('row-count');
    const swapped = clone(good);
    [swapped.siblingHashes[0], swapped.siblingHashes[1]] = [swapped.siblingHashes[1], swapped.siblingHashes[0]];
    expect(check(swapped)).toBe('root-mismatch');

    expect(check(good, [3, 17, 3, 32])).toBe('query-range');
    expect(check(good, [3, 17, -1, 30])).toBe('query-range');
    expect(check(good, [3, 17.5, 3, 30])).toBe('query-range');
    expect(check(good, [3, 17, 30])).toBe('accepted');
    expect(check(good, [3, 17, 31])).toBe('root-mismatch');
    expect(check(good, [])).toBe('row-count');
    expect(check(good, queries, rowWords, 24)).toBe('shape');
    expect(check(good, queries, rowWords, 64)).not.toBe('accepted');
    expect(check(good, queries, rowWords, n, new Uint8Array(32))).toBe('root-mismatch');
    expect(check(good, queries, rowWords, n, root, rowWords + 1)).toBe('root-mismatch');
    expect(check(good, queries, rowWords, n, root, rowWords - 1)).toBe('shape');
    expect(failure(() => openMerkle(tree, rows, rowWords, [0, 32]))).toBe('query-range');
    expect(failure(() => openMerkle(tree, rows.subarray(2), rowWords, [0]))).toBe('shape');
  });
});
