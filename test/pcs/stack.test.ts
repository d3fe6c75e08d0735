// The stacked opening (PROTOCOL.md §8): placements, selectors, and prove → verify round trips
// with point claims on columns of mixed sizes and ring-switched claims on a packed column,
// from 2^15 up to one 2^20 stack; and the rejections of wrong claims.
import { describe, expect, it } from 'vitest';
import { blake2s } from '../../src/hash/blake2s';
import { eqEval, mleEval } from '../../src/poly';
import {
  batchClaims, buildStack, commitColumns, placeColumns, type PointClaim, proveStackedOpening, type RingClaims,
  selectorEq, StackError, type StackClaims, stackWeightAt, stackWeightTable, verifyStackedOpening,
} from '../../src/pcs/stack';
import { commitWhir } from '../../src/pcs/whir';
import { ProverState, serializeProof, VerificationError, VerifierState } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { hex } from '../transcript/helpers';
import { bitSliceEvals, columnAt, eWords, kWords, SplitMix64 } from './helpers';

const LABEL = 'stack-test';

describe('placement', () => {
  it('sorts by size, ties in input order; offsets [80, 0, 32, 64] for sizes 8, 32, 32, 16', () => {
    const p = placeColumns([3, 5, 5, 4]);
    expect(p.offsets).toEqual([80, 0, 32, 64]);
    expect([p.words, p.logN, p.nLanes]).toEqual([88, 15, 1]);
  });

  it('μ = ⌈log2 total⌉ above the floor, lanes cover the data and no more', () => {
    const p = placeColumns([14, 15, 14, 10]);
    expect(p.offsets).toEqual([32768, 0, 49152, 65536]);
    expect([p.logN, p.nLanes]).toEqual([17, 33]);
    expect(placeColumns([16]).nLanes).toBe(64);
    expect(() => placeColumns([])).toThrow(StackError);
    expect(() => placeColumns([29])).toThrow(StackError);
  });

  it('builds the committed lanes with each column at its offset', () => {
    const rng = new SplitMix64(1);
    const cols = [kWords(rng, 8), kWords(rng, 32)];
    const p = placeColumns([3, 5]);
    const stack = buildStack(cols, p);
    expect(stack.length).toBe(2 * 2 ** 9);
    expect(stack.subarray(0, 64)).toEqual(cols[1]);
    expect(stack.subarray(64, 80)).toEqual(cols[0]);
    expect(stack.subarray(80).every((w) => w === 0)).toBe(true);
    expect(() => buildStack([cols[1], cols[0]], p)).toThrow(StackError);
  });

  it('selectorEq(sel, x) is eq(bits(sel), x)', () => {
    const rng = new SplitMix64(2);
    const x = eWords(rng, 5);
    for (const sel of [0, 1, 19, 31]) {
      const bits = new Uint32Array(30);
      for (let k = 0; k < 5; k++) bits[6 * k] = (sel >> k) & 1;
      expect(selectorEq(sel, x)).toEqual(eqEval(bits, x));
    }
  });
});

/** Columns, honest claims on them, and the claims' statement. */
interface Instance {
  columns: Uint32Array[];
  claims: StackClaims;
  rate: number;
}

/**
 * A packed column `ring` (log size, or null) with `ringClaims` ring claims, and point columns of
 * the given log sizes, each with `pointsPerColumn` claims (a claim on a column of 2^k words may
 * be on an aligned sub-slice: `sub` coordinates fewer).
 */
function instance(seed: number, rate: number, ring: number | null, ringClaims: number, sizes: number[], pointsPerColumn = 1, sub = 0): Instance {
  const rng = new SplitMix64(seed);
  const logSizes = ring === null ? sizes : [...sizes, ring];
  const columns = logSizes.map((k) => kWords(rng, 2 ** k));
  const placement = placeColumns(logSizes);
  const points: PointClaim[] = [];
  sizes.forEach((k, i) => {
    for (let j = 0; j < pointsPerColumn; j++) {
      const vars = Math.max(k - (j === 0 ? 0 : sub), 0);
      const part = j === 0 ? 0 : 2 ** (k - vars) - 1; // the last aligned sub-slice
      const point = eWords(rng, vars);
      const slice = columns[i].subarray(2 * part * 2 ** vars, 2 * (part + 1) * 2 ** vars);
      points.push({ offset: placement.offsets[i] + part * 2 ** vars, point, value: columnAt(slice, point) });
    }
  });
  let ringStatement: RingClaims | null = null;
  if (ring !== null) {
    const q = columns[columns.length - 1];
    const claims = Array.from({ length: ringClaims }, () => {
      const suffix = eWords(rng, ring);
      return { suffix, s: bitSliceEvals(q, suffix) };
    });
    ringStatement = { offset: placement.offsets[columns.length - 1], vars: ring, claims };
    // And a point claim inside the packed column, overlapping the ring weight.
    const point = eWords(rng, ring);
    points.push({ offset: ringStatement.offset, point, value: columnAt(q, point) });
  }
  return { columns, claims: { ring: ringStatement, points }, rate };
}

function prove(inst: Instance) {
  const { placement, commitment } = commitColumns(inst.columns, inst.rate);
  const ps = new ProverState(LABEL);
  proveStackedOpening(ps, commitment, inst.claims);
  return { placement, root: commitment.root, proof: ps.finish() };
}

function verify(inst: Instance, root: Uint8Array, proof: Proof, claims = inst.claims): void {
  const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
  const vs = new VerifierState(LABEL, [], proof);
  verifyStackedOpening(vs, { logN: placement.logN, nLanes: placement.nLanes, logInvRate: inst.rate, root }, claims);
  vs.finish();
}

describe('combined weight', () => {
  it('the closed form at a point is the MLE of the prover\'s table (zero past the lanes)', () => {
    const inst = instance(30, 1, 13, 2, [14, 12, 4], 2, 3);
    const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
    const batch = batchClaims(new ProverState(LABEL), inst.claims);
    const full = new Uint32Array(6 * 2 ** placement.logN);
    full.set(stackWeightTable(inst.claims, batch, placement));
    const rng = new SplitMix64(31);
    for (let i = 0; i < 3; i++) {
      const x = eWords(rng, placement.logN);
      expect(stackWeightAt(inst.claims, batch, x)).toEqual(mleEval(full, 'E', x));
    }
  });
});

describe('stacked opening round trips', () => {
  const cases: [string, () => Instance][] = [
    ['one 2^15 column, one point claim, no ring claim', () => instance(1, 1, null, 0, [15])],
    ['a lone 2^12 column padded to 2^15 (one lane)', () => instance(2, 2, null, 0, [12], 2, 3)],
    ['q_flock 2^14 with a ring claim and mixed columns, rate 1', () => instance(3, 1, 14, 1, [12, 12, 9, 3, 0], 2, 2)],
    ['the same shape at rate 2, two ring claims', () => instance(4, 2, 14, 2, [12, 12, 9, 3, 0], 2, 2)],
    ['rate 3: q_flock placed after a larger column', () => instance(5, 3, 13, 1, [14, 11, 11])],
    ['rate 4: three ring claims on q_flock 2^15 alone', () => instance(6, 4, 15, 3, [])],
    ['2^16 stack, 48 lanes', () => instance(7, 1, 15, 1, [14, 13, 5], 3, 4)],
    ['2^17 stack, 40 lanes, rate 2', () => instance(8, 2, 16, 1, [14])],
    ['2^18 stack, rate 3', () => instance(9, 3, 17, 1, [15, 15, 2])],
  ];
  for (const [name, make] of cases) {
    it(`${name}: accepted`, () => {
      const inst = make();
      const { placement, root, proof } = prove(inst);
      expect(placement.logN).toBeGreaterThanOrEqual(15);
      verify(inst, root, proof);
    });
  }

  it('a 2^20 q_flock with a ring claim and a point claim: accepted', () => {
    const inst = instance(10, 1, 20, 1, []);
    const { placement, root, proof } = prove(inst);
    expect([placement.logN, placement.nLanes]).toEqual([20, 64]);
    verify(inst, root, proof);
  });

  it('is deterministic; digest pinned for cross-backend identity', () => {
    const a = prove(instance(3, 1, 14, 1, [12, 12, 9, 3, 0], 2, 2));
    const b = prove(instance(3, 1, 14, 1, [12, 12, 9, 3, 0], 2, 2));
    const bytes = serializeProof(a.proof);
    expect(bytes).toEqual(serializeProof(b.proof));
    expect(hex(blake2s(bytes))).toBe('f07fa87219d84638b3706bd1753ad5b0b0e98bba812d837da140f5a87a7ba671');
  });
});

describe('stacked opening rejections', () => {
  const inst = instance(20, 2, 14, 2, [13, 10], 2, 1);
  const { root, proof } = prove(inst);

  it('accepts the honest statement', () => verify(inst, root, proof));

  it('rejects a wrong point value, ring slice, suffix, point, or a dropped claim', () => {
    const { ring, points } = inst.claims;
    if (ring === null) throw new Error('instance has a ring claim');
    const flip = (a: Uint32Array, i: number): Uint32Array => {
      const b = a.slice();
      b[i] ^= 1;
      return b;
    };
    const variants: StackClaims[] = [
      { ring, points: points.map((p, i) => (i === 1 ? { ...p, value: flip(p.value, 3) } : p)) },
      { ring: { ...ring, claims: ring.claims.map((c, i) => (i === 1 ? { ...c, s: flip(c.s, 6 * 17) } : c)) }, points },
      { ring: { ...ring, claims: ring.claims.map((c, i) => (i === 0 ? { ...c, suffix: flip(c.suffix, 0) } : c)) }, points },
      { ring, points: points.map((p, i) => (i === 0 ? { ...p, point: flip(p.point, 7) } : p)) },
      { ring, points: points.slice(1) },
      { ring: { ...ring, claims: ring.claims.slice(0, 1) }, points },
    ];
    for (const claims of variants) expect(() => verify(inst, root, proof, claims)).toThrow(VerificationError);
  });

  it('refuses claims outside the committed lanes or misaligned, with StackError', () => {
    const { ring, points } = inst.claims;
    const bad: StackClaims[] = [
      { ring, points: [{ ...points[0], offset: 2 ** 14 + 1 }] },
      { ring, points: [{ ...points[0], offset: 2 ** 16 }] },
      { ring: ring === null ? null : { ...ring, vars: ring.vars + 1 }, points },
      { ring: ring === null ? null : { ...ring, claims: [{ ...ring.claims[0], s: ring.claims[0].s.subarray(6) }] }, points },
    ];
    for (const claims of bad) {
      expect(() => verify(inst, root, proof, claims)).toThrow(StackError);
      const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
      const commitment = commitWhir(buildStack(inst.columns, placement), placement.logN, inst.rate);
      expect(() => proveStackedOpening(new ProverState(LABEL), commitment, claims)).toThrow(StackError);
    }
  });
});
