// The WHIR prover's bulk operations against the definitions in src/poly and src/ntt: round
// sums and folds at every stride (odd block counts included), seeded eq tables, the query-batch
// weight by both routes, the deeper levels' committed layout, and the claim arithmetic shared
// with the verifier.
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { eAdd, eMul, eMulK } from '../../src/field/e';
import { verifyMerkle } from '../../src/merkle/opening';
import { rsEncode } from '../../src/ntt/encode';
import { columnWeightTable, eqTable, foldAt, type Kind, mleEval, roundMessage, WORDS } from '../../src/poly';
import { addInto, addScaled, eqTableSeeded, foldPairs, mapByTables, mleAt, ShapeError, queryWeights, queryWeightsDense, queryWeightsTransposed, roundSums } from '../../src/poly';
import { commitFolded, enforcedSum, evalRoundPoly, powers, queryWeightAt } from '../../src/pcs/whir';
import { eLinearTables } from '../../src/field/e-linear';
import { coordinateWeights, phi } from '../../src/pcs/ring-switch';
import { eWords, SplitMix64 } from './helpers';

const at = (a: Uint32Array, i: number): Uint32Array => a.slice(6 * i, 6 * i + 6);
const table = (rng: SplitMix64, kind: Kind, n: number): Uint32Array => rng.words((WORDS[kind] / 2) * n);

/** The table with `extra` zero values appended. */
function padded(t: Uint32Array, kind: Kind, extra: number): Uint32Array {
  const out = new Uint32Array(t.length + WORDS[kind] * extra);
  out.set(t);
  return out;
}

describe('round sums and folds', () => {
  it('match roundMessage and foldAt at every stride of a power-of-two table', () => {
    const rng = new SplitMix64(11);
    for (const kind of ['K', 'E'] as Kind[]) {
      for (const n of [1, 4, 11]) {
        const f = table(rng, kind, 1 << n);
        const b = eWords(rng, 1 << n);
        const r = eWords(rng, 1);
        for (let bit = 0; bit < n; bit++) {
          expect(roundSums(f, kind, b, 1 << bit)).toEqual(roundMessage(f, kind, b, bit));
          expect(foldPairs(f, kind, 1 << bit, r)).toEqual(foldAt(f, kind, bit, r, new Uint32Array(6 << (n - 1))));
        }
      }
    }
  });

  it('pair an odd last block with zeros, as the zero-padded table does', () => {
    const rng = new SplitMix64(12);
    for (const kind of ['K', 'E'] as Kind[]) {
      for (const [blocks, stride] of [[3, 8], [5, 64], [1, 16], [7, 1]]) {
        const f = table(rng, kind, blocks * stride);
        const b = eWords(rng, blocks * stride);
        const r = eWords(rng, 1);
        const fp = padded(f, kind, stride), bp = padded(b, 'E', stride);
        expect(roundSums(f, kind, b, stride)).toEqual(roundSums(fp, kind, bp, stride));
        expect(foldPairs(f, kind, stride, r)).toEqual(foldPairs(fp, kind, stride, r));
      }
    }
  });

  it('reject tables that are not whole halves of the stride', () => {
    const rng = new SplitMix64(13);
    expect(() => roundSums(table(rng, 'K', 12), 'K', eWords(rng, 12), 8)).toThrow(ShapeError);
    expect(() => roundSums(table(rng, 'K', 8), 'K', eWords(rng, 4), 1)).toThrow(ShapeError);
    expect(() => foldPairs(table(rng, 'E', 6), 'E', 4, eWords(rng, 1))).toThrow(ShapeError);
  });

  it('fold to the MLE: mleAt equals mleEval', () => {
    const rng = new SplitMix64(14);
    for (const n of [0, 3, 12]) {
      const f = eWords(rng, 1 << n);
      const p = eWords(rng, n);
      expect(mleAt(f, p)).toEqual(mleEval(f, 'E', p));
    }
    expect(() => mleAt(eWords(rng, 8), eWords(rng, 2))).toThrow(ShapeError);
  });
});

describe('weight tables', () => {
  it('eqTableSeeded is seed·eqTable, across the byte-table threshold', () => {
    const rng = new SplitMix64(21);
    for (const n of [0, 2, 12]) {
      const p = eWords(rng, n);
      const seed = eWords(rng, 1);
      const eq = eqTable(p);
      const expected = new Uint32Array(eq.length);
      for (let i = 0; i < 1 << n; i++) expected.set(eMul(seed, at(eq, i)), 6 * i);
      expect(eqTableSeeded(p, seed)).toEqual(expected);
    }
    const p = eWords(rng, 3);
    expect(eqTableSeeded(p)).toEqual(eqTable(p));
  });

  it('addScaled and addInto accumulate element-wise', () => {
    const rng = new SplitMix64(22);
    for (const n of [5, 2000]) {
      const acc = eWords(rng, n), src = eWords(rng, n), s = eWords(rng, 1);
      const expected = new Uint32Array(acc.length);
      for (let i = 0; i < n; i++) expected.set(eAdd(at(acc, i), eMul(s, at(src, i))), 6 * i);
      const got = acc.slice();
      addScaled(got, src, s);
      expect(got).toEqual(expected);
      const sum = acc.slice();
      addInto(sum, src);
      expect(sum).toEqual(acc.map((w, i) => w ^ src[i]));
    }
    expect(() => addScaled(eWords(rng, 2), eWords(rng, 3), eWords(rng, 1))).toThrow(ShapeError);
  });

  it('addScaled and addInto at a stride touch only every stride-th value', () => {
    const rng = new SplitMix64(23);
    for (const [n, stride] of [[1, 4], [7, 3], [64, 32]]) {
      const span = stride * (n - 1) + 1;
      const acc = eWords(rng, span), src = eWords(rng, n), s = eWords(rng, 1);
      const scaled = acc.slice(), plain = acc.slice();
      for (let i = 0; i < n; i++) {
        scaled.set(eAdd(at(acc, stride * i), eMul(s, at(src, i))), 6 * stride * i);
        plain.set(eAdd(at(acc, stride * i), at(src, i)), 6 * stride * i);
      }
      const got = acc.slice();
      addScaled(got, src, s, stride);
      expect(got).toEqual(scaled);
      const sum = acc.slice();
      addInto(sum, src, stride);
      expect(sum).toEqual(plain);
      expect(() => addInto(eWords(rng, span + 1), src, stride)).toThrow(ShapeError);
    }
  });

  it('mapByTables applies the ring map Φ to every value', () => {
    const rng = new SplitMix64(24);
    const f = eWords(rng, 6);
    const t = eWords(rng, 40);
    const mapped = t.slice();
    mapByTables(mapped, eLinearTables(coordinateWeights(f)));
    for (let i = 0; i < 40; i++) expect(at(mapped, i)).toEqual(phi(at(t, i), f));
  });

  it('queryWeights: both routes equal Σ c_q·W_{x_q}, and its MLE is the closed form', () => {
    const rng = new SplitMix64(23);
    for (const [count, m, nu] of [[20, 5, 1], [9, 7, 3], [40, 3, 6], [3, 0, 2]]) {
      const queries = Array.from({ length: count }, () => rng.next()[0] % 2 ** (m + nu));
      queries.push(queries[0]); // duplicates count twice
      const coeffs = eWords(rng, queries.length);
      const expected = new Uint32Array(6 << m);
      const column = new Uint32Array(2 << m);
      queries.forEach((q, i) => {
        columnWeightTable(Uint32Array.of(q, 0), m, column);
        for (let u = 0; u < 1 << m; u++) expected.set(eAdd(at(expected, u), eMulK(at(coeffs, i), column.subarray(2 * u, 2 * u + 2))), 6 * u);
      });
      expect(queryWeightsDense(queries, coeffs, m)).toEqual(expected);
      expect(queryWeightsTransposed(queries, coeffs, m, nu)).toEqual(expected);
      expect(queryWeights(queries, coeffs, m, nu)).toEqual(expected);
      const p = eWords(rng, m);
      expect(queryWeightAt(queries, coeffs, p)).toEqual(mleEval(expected, 'E', p));
    }
    expect(() => queryWeightsDense([1, 2], eWords(rng, 1), 3)).toThrow(ShapeError);
    expect(() => queryWeightsTransposed([64], eWords(rng, 1), 3, 2)).toThrow(ShapeError);
  });
});

describe('deeper oracles (the cpu backend\'s encodeFolded)', () => {
  it('row q holds Enc(lane j)[q] for the low-bit lanes, limbs interleaved; the tree authenticates it', async () => {
    const cpu = createCpuBackend();
    const rng = new SplitMix64(31);
    const logLanes = 2, cols = 16, rate = 2;
    const f = eWords(rng, cols << logLanes);
    const oracle = await commitFolded(cpu, await cpu.upload('E', f), logLanes, rate);
    expect([oracle.tree.rowWords, oracle.tree.leafWords, oracle.tree.nLeaves]).toEqual([12, 12, cols << rate]);
    const queries = [0, 5, 63, 5];
    const phase = await cpu.openRows(oracle.codeword, oracle.tree, queries);
    const rows = verifyMerkle(phase, oracle.tree.root, cols << rate, queries, 12).map((r) => r.leafData);
    for (let j = 0; j < 1 << logLanes; j++) {
      for (let limb = 0; limb < 3; limb++) {
        const lane = new Uint32Array(2 * cols);
        for (let c = 0; c < cols; c++) lane.set(f.subarray(6 * (j + (c << logLanes)) + 2 * limb, 6 * (j + (c << logLanes)) + 2 * limb + 2), 2 * c);
        const enc = rsEncode(lane, rate);
        queries.forEach((q, i) => expect(rows[i].subarray(6 * j + 2 * limb, 6 * j + 2 * limb + 2)).toEqual(enc.subarray(2 * q, 2 * q + 2)));
      }
    }
  });
});

describe('claim arithmetic', () => {
  it('powers and round polynomial values', () => {
    const rng = new SplitMix64(41);
    const l = eWords(rng, 1);
    const p = powers(l, 4);
    expect(at(p, 0)).toEqual(Uint32Array.of(1, 0, 0, 0, 0, 0));
    expect(at(p, 3)).toEqual(eMul(l, eMul(l, l)));
    const c = eWords(rng, 3), x = eWords(rng, 1);
    expect(evalRoundPoly(c, x)).toEqual(eAdd(at(c, 0), eAdd(eMul(at(c, 1), x), eMul(at(c, 2), eMul(x, x)))));
  });

  it('enforcedSum folds rows with the lane eq, level-0 rows read descending', () => {
    const rng = new SplitMix64(42);
    const laneEq = eWords(rng, 8);
    const coeffs = eWords(rng, 2);
    const eRows = [eWords(rng, 8), eWords(rng, 8)];
    let expected: Uint32Array = new Uint32Array(6);
    eRows.forEach((row, q) => {
      let dot: Uint32Array = new Uint32Array(6);
      for (let j = 0; j < 8; j++) dot = eAdd(dot, eMul(at(row, j), at(laneEq, j)));
      expected = eAdd(expected, eMul(dot, at(coeffs, q)));
    });
    expect(enforcedSum(eRows, 'E', laneEq, coeffs, false)).toEqual(expected);
    // A stored level-0 row of 3 lanes: lane b at index 2 − b; lanes 3.. are absent (zero).
    const kRow = rng.words(3);
    let dot: Uint32Array = new Uint32Array(6);
    for (let lane = 0; lane < 3; lane++) dot = eAdd(dot, eMulK(at(laneEq, lane), kRow.subarray(2 * (2 - lane), 2 * (3 - lane))));
    expect(enforcedSum([kRow], 'K', laneEq, coeffs.subarray(0, 6), true)).toEqual(eMul(dot, at(coeffs, 0)));
    expect(() => enforcedSum([kRow], 'K', laneEq, coeffs, true)).toThrow(ShapeError);
  });
});
