// The stacked opening (docs/protocol.md §8): placements, selectors, and prove → verify round trips
// with point claims on columns of mixed sizes and ring-switched claims on a packed column,
// from 2^15 up to one 2^20 stack; the lane rounds on the factored weight against the
// written-out one, byte for byte; and the rejections of wrong claims.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { blake2s } from '../../src/hash/blake2s';
import { eqEval, mleEval } from '../../src/poly';
import { batchClaims, buildStack, checkClaims, claimPoint, placeColumns, proveStackedOpening, selectorEq, ShapeError, type StackClaims, stackLaneWeight, stackWeightAt, stackWeightTable } from '../../src/pcs/stack';
import { commitWhir } from '../../src/pcs/whir';
import { ProverState, serializeProof, VerificationError } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { hex } from '../transcript/helpers';
import { columnAt, eWords, kWords, SplitMix64 } from './helpers';
import { type Instance, instance, proveInstance, verifyInstance, withStridedClaims } from './stack-instances';
import type { Backend } from '../../src/backend/backend';

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
    expect(() => placeColumns([])).toThrow(ShapeError);
    expect(() => placeColumns([29])).toThrow(ShapeError);
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
    expect(() => buildStack([cols[1], cols[0]], p)).toThrow(ShapeError);
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

const CPU = createCpuBackend();
const prove = (inst: Instance) => proveInstance(CPU, inst, LABEL);
const verify = (inst: Instance, root: Uint8Array, proof: Proof, claims = inst.claims): void => verifyInstance(inst, LABEL, root, proof, claims);

describe('combined weight', () => {
  it('the closed form at a point is the MLE of the prover\'s table (zero past the lanes)', async () => {
    const inst = instance(30, 1, 13, 2, [14, 12, 4], 2, 3);
    const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
    const batch = batchClaims(new ProverState(LABEL), inst.claims);
    const full = new Uint32Array(6 * 2 ** placement.logN);
    full.set(await CPU.download(await stackWeightTable(CPU, inst.claims, batch, placement)));
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
    it(`${name}: accepted`, async () => {
      const inst = make();
      const { placement, root, proof } = await prove(inst);
      expect(placement.logN).toBeGreaterThanOrEqual(15);
      verify(inst, root, proof);
    });
  }

  it('a 2^20 q_flock with a ring claim and a point claim: accepted', async () => {
    const inst = instance(10, 1, 20, 1, []);
    const { placement, root, proof } = await prove(inst);
    expect([placement.logN, placement.nLanes]).toEqual([20, 64]);
    verify(inst, root, proof);
  });

  it('is deterministic; digest pinned for cross-backend identity', async () => {
    const a = await prove(instance(3, 1, 14, 1, [12, 12, 9, 3, 0], 2, 2));
    const b = await prove(instance(3, 1, 14, 1, [12, 12, 9, 3, 0], 2, 2));
    const bytes = serializeProof(a.proof);
    expect(bytes).toEqual(serializeProof(b.proof));
    expect(hex(blake2s(bytes))).toBe('f07fa87219d84638b3706bd1753ad5b0b0e98bba812d837da140f5a87a7ba671');
  });
});

describe('the lane rounds on the factored weight', () => {
  // The cpu backend told to keep the weight as a table writes it out.
  const writtenOut: Backend = { ...CPU, stackWeight: 'table' };
  /** The instance with a claim on its first column at a point whose last two coordinates are 0. */
  const withZeroTail = (inst: Instance, seed: number): Instance => {
    const col = inst.columns[0], point = eWords(new SplitMix64(seed), Math.log2(col.length / 2));
    point.fill(0, point.length - 12);
    const offset = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2))).offsets[0];
    return { ...inst, claims: { ...inst.claims, points: [...inst.claims.points, { offset, point, value: columnAt(col, point) }] } };
  };
  const cases: [string, () => Instance, boolean][] = [
    ['a ring column inside a lane; columns inside lanes and across them, sub-slice claims', () => instance(50, 1, 8, 2, [13, 12, 10, 9, 3], 2, 2), true],
    ['a ring column across 8 lanes, strided claims on it, a point ending in zeros', () => withZeroTail(withStridedClaims(instance(51, 2, 12, 2, [13, 11, 9]), 52, 4), 53), true],
    ['one column across every lane at rate 3', () => instance(54, 3, null, 0, [15], 3, 5), true],
    ['q_flock across every lane (written out: its table is too large)', () => instance(55, 1, 16, 1, []), false],
  ];
  for (const [name, make, factored] of cases) {
    it(`${name}: the proof the written-out weight gives`, async () => {
      const inst = make();
      const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
      const lanes = await stackLaneWeight(CPU, inst.claims, batchClaims(new ProverState(LABEL), inst.claims), placement);
      expect(lanes !== null).toBe(factored);
      const a = await prove(inst), b = await proveInstance(writtenOut, inst, LABEL);
      expect(serializeProof(a.proof)).toEqual(serializeProof(b.proof));
      verify(inst, a.root, a.proof);
    });
  }
});

describe('claims on strided columns', () => {
  const inst = withStridedClaims(instance(40, 1, 14, 1, [12, 9], 1), 41, 5);
  const strided = inst.claims.points.slice(-5);

  it('the weight table and its closed form agree with strided claims', async () => {
    const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
    const batch = batchClaims(new ProverState(LABEL), inst.claims);
    const full = new Uint32Array(6 * 2 ** placement.logN);
    full.set(await CPU.download(await stackWeightTable(CPU, inst.claims, batch, placement)));
    const x = eWords(new SplitMix64(42), placement.logN);
    expect(stackWeightAt(inst.claims, batch, x)).toEqual(mleEval(full, 'E', x));
  });

  it('prove the same bytes as the plain claims at their whole points, and verify', async () => {
    expect(strided.every((c) => (c.strideLog ?? 0) > 0)).toBe(true);
    const plain = { ...inst, claims: { ...inst.claims, points: inst.claims.points.map((c) => ({ offset: c.offset, point: claimPoint(c), value: c.value })) } };
    const a = await prove(inst), b = await prove(plain);
    expect(serializeProof(a.proof)).toEqual(serializeProof(b.proof));
    verify(inst, a.root, a.proof);
    const moved = inst.claims.points.map((c, i) => (i === inst.claims.points.length - 1 ? { ...c, slot: (c.slot! + 1) % 2 ** c.strideLog! } : c));
    expect(() => verify(inst, a.root, a.proof, { ...inst.claims, points: moved })).toThrow(VerificationError);
  });

  it('refuses a slot outside its stride with ShapeError', () => {
    const c = strided[0];
    for (const bad of [{ ...c, slot: 2 ** c.strideLog! }, { ...c, slot: -1 }, { ...c, strideLog: -1 }]) {
      expect(() => checkClaims({ ...inst.claims, points: [bad] }, { logN: 15, nLanes: 64 })).toThrow(ShapeError);
    }
  });
});

describe('stacked opening rejections', () => {
  const inst = instance(20, 2, 14, 2, [13, 10], 2, 1);
  let root: Uint8Array;
  let proof: Proof;
  beforeAll(async () => {
    ({ root, proof } = await prove(inst));
  });

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

  it('refuses claims outside the committed lanes or misaligned, with ShapeError', async () => {
    const { ring, points } = inst.claims;
    const bad: StackClaims[] = [
      { ring, points: [{ ...points[0], offset: 2 ** 14 + 1 }] },
      { ring, points: [{ ...points[0], offset: 2 ** 16 }] },
      { ring: ring === null ? null : { ...ring, vars: ring.vars + 1 }, points },
      { ring: ring === null ? null : { ...ring, claims: [{ ...ring.claims[0], s: ring.claims[0].s.subarray(6) }] }, points },
    ];
    for (const claims of bad) {
      expect(() => verify(inst, root, proof, claims)).toThrow(ShapeError);
      const placement = placeColumns(inst.columns.map((c) => Math.log2(c.length / 2)));
      const commitment = await commitWhir(CPU, buildStack(inst.columns, placement), placement.logN, inst.rate);
      await expect(proveStackedOpening(new ProverState(LABEL), commitment, claims)).rejects.toThrow(ShapeError);
    }
  });
});
