// bytecodeAt (src/vm/verify/bytecode-at.ts) sums a bytecode multilinear by value, per block of its
// low variables; here it is the plain MLE: Σ_slot eq(point_high, slot)·Σ_pc eq(point_low, pc)·P_slot[pc]
// from full eq tables, on the VM vectors' programs, the leaf and node programs and random
// multilinears (every value distinct in a block of the largest size, values sharing one word,
// zeros and ones), at random points and at vertices, where it is the entry itself.
import { describe, expect, it } from 'vitest';
import { type E, eAdd, eMul, eZero } from '../../src/field/e';
import { eqTable } from '../../src/poly/eq';
import { innerProduct } from '../../src/poly/inner-product';
import { SplitMix64 } from '../../src/util/splitmix64';
import { bytecodeMultilinear } from '../../src/vm/bytecode';
import { parseProgram } from '../../src/vm/program';
import { BUS_BITS, BUS_SLOTS } from '../../src/vm/tables/bus';
import { bytecodeAt } from '../../src/vm/verify/bytecode-at';
import { compiledNodeProgram } from '../../src/workloads/recursion/compiled-node';
import { aggregationProgram } from '../../src/workloads/xmss-aggregate/program';
import { VM_PROGRAMS, vmText } from './vm-vectors';

const hex = (e: E) => Buffer.from(e.buffer, e.byteOffset, e.byteLength).toString('hex');

/** MLE(P)(point) entry by entry, slot by slot. */
function reference(P: Uint32Array, point: Uint32Array): E {
  const n = P.length / (2 * BUS_SLOTS);
  const low = 6 * Math.log2(n);
  const eqPc = eqTable(point.subarray(0, low));
  const eqSlot = eqTable(point.subarray(low));
  let total = eZero();
  for (let slot = 0; slot < BUS_SLOTS; slot++) {
    total = eAdd(total, eMul(eqSlot.subarray(6 * slot, 6 * slot + 6), innerProduct(P.subarray(2 * slot * n, 2 * (slot + 1) * n), 'K', eqPc)));
  }
  return total;
}

/** The vertex of index i (bit k of i as coordinate k): the MLE there is P's entry i. */
function vertex(i: number, vars: number): Uint32Array {
  const p = new Uint32Array(6 * vars);
  for (let k = 0; k < vars; k++) p[6 * k] = Math.floor(i / 2 ** k) % 2;
  return p;
}

/** bytecodeAt against the reference at `points` random points, and at entries `at` by vertex. */
function check(P: Uint32Array, rng: SplitMix64, points: number, at: readonly number[]): void {
  const vars = Math.log2(P.length / 2);
  expect(vars - BUS_BITS).toBeGreaterThanOrEqual(0);
  for (let t = 0; t < points; t++) {
    const point = rng.words(3 * vars);
    expect(hex(bytecodeAt(P, point)), `point ${t}`).toBe(hex(reference(P, point)));
  }
  for (const i of at) expect(hex(bytecodeAt(P, vertex(i, vars))), `entry ${i}`).toBe(hex(Uint32Array.of(P[2 * i], P[2 * i + 1], 0, 0, 0, 0)));
}

/** Entries across the program's used columns (3..11), past any block boundary. */
const entries = (P: Uint32Array, rng: SplitMix64): number[] => Array.from({ length: 24 }, () => Number(rng.next()[0] % (P.length / 2)));

/** 16·2^kbc K words: each a zero, a one, one of a few values that share a low or a high word
 * with another, or random. */
function randomMultilinear(kbc: number, rng: SplitMix64): Uint32Array {
  const shared = [0x1234, 0x5678, 0x9abc].flatMap((w) => [[w, 7], [w, 8], [9, w]]);
  const P = rng.words(BUS_SLOTS << kbc);
  for (let i = 0; i < P.length; i += 2) {
    const pick = P[i] % 8;
    if (pick === 0) P[i] = P[i + 1] = 0;
    else if (pick === 1) (P[i] = 1), (P[i + 1] = 0);
    else if (pick < 5) [P[i], P[i + 1]] = shared[P[i + 1] % shared.length];
  }
  return P;
}

describe('bytecodeAt', () => {
  it("is the plain MLE on the VM vectors' programs", () => {
    const rng = new SplitMix64('b1');
    for (const name of VM_PROGRAMS) {
      const P = bytecodeMultilinear(parseProgram(vmText(name, 'program.json')));
      check(P, rng, 3, entries(P, rng));
    }
  });

  it('is the plain MLE on the leaf and node programs, evaluated again from the kept buckets', () => {
    const rng = new SplitMix64('b2');
    for (const program of [aggregationProgram(), compiledNodeProgram()]) {
      const P = bytecodeMultilinear(program);
      check(P, rng, 2, entries(P, rng));
    }
  });

  it('is the plain MLE on random multilinears, from one slot a column to blocks of 2^15 distinct values', () => {
    const rng = new SplitMix64('b3');
    for (const kbc of [0, 1, 3, 4, 9]) check(randomMultilinear(kbc, rng), rng, 2, [0, 5, (16 << kbc) - 1]);
    const distinct = rng.words(BUS_SLOTS << 18);
    check(distinct, rng, 1, [0, 1 << 15, (16 << 18) - 1]);
  });

  it('refuses a point of the wrong length', () => {
    expect(() => bytecodeAt(new Uint32Array(2 * 16 * 8), new Uint32Array(6 * 6))).toThrow(/takes a point of 7 coordinates, got 6/);
  });
});
