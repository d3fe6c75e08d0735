// MLE(P)(point) for a bytecode multilinear P (16·2^kbc K words, slot index high; src/vm/bytecode.ts):
// the bus's bytecode share and a node's deferred bytecode claims (docs/recursion.md §6). A direct
// Σ_x eq(point, x)·P[x] costs an eq table of 2^kbc entries and one product per entry that is
// neither 0 nor 1: 2^19 and 1.3 million for the node program. But P has few distinct values
// (opcodes g^t, operand offsets g^k, a few constants), so the sum is taken by value: the
// kbc + 4 variables split into the low L and the outer rest, and
//   Σ_x eq(point, x)·P[x] = Σ_o eq(point_outer, o) · Σ_v v · Σ_{low: P[o‖low] = v} eq(point_low, low),
// the innermost sum an XOR into one bucket per distinct value of the outer block o, then one
// product per bucket. Which bucket each entry falls in is worked out once per P.
import { type E, eKDot, eMulAt } from '../../field/e';
import { eqTable } from '../../poly/eq';
import { BUS_BITS, BUS_SLOTS } from '../tables/bus';

/** High pc variables that join the 4 slot variables outside the blocks: each shrinks the low eq
 * table 2×, while a value recurs across the program, so its buckets grow more slowly (the leaf
 * program's 8,800 distinct values of its columns are 10,000 buckets; the node program's 94,000
 * are 370,000 with 4 outside, its blocks capped at 2^15 entries). */
const OUTER_PC_VARS = 3;
/** At most 2^15 entries a block, so that a block's value ids (1 + its distinct values) are u16. */
const MAX_LOW_VARS = 15;

/** One outer block with a nonzero entry: each entry's value id (0 for a zero entry), and the
 * values, K words at 2·id (id 0 unused). */
interface Block {
  readonly outer: number;
  readonly ids: Uint16Array;
  readonly values: Uint32Array;
}

interface ValueClasses {
  readonly lowVars: number;
  readonly blocks: readonly Block[];
  /** The most ids a block has (its distinct values + 1). */
  readonly maxIds: number;
}

const classes = new WeakMap<Uint32Array, ValueClasses>();

/**
 * MLE(P)(point) at a point of kbc + 4 coordinates (the bus's is ζ_<kbc ‖ α). P must not change
 * after its first evaluation (bytecodeMultilinear's never do): its buckets are kept with it.
 */
export function bytecodeAt(bytecode: Uint32Array, point: Uint32Array): E {
  const n = bytecode.length / (2 * BUS_SLOTS);
  const kbc = Math.log2(n);
  if (!Number.isInteger(kbc) || point.length !== 6 * (kbc + BUS_BITS)) {
    throw new RangeError(`bytecodeAt: a bytecode of ${bytecode.length / 2} words takes a point of ${kbc + BUS_BITS} coordinates, got ${point.length / 6}`);
  }
  let c = classes.get(bytecode);
  if (c === undefined) classes.set(bytecode, (c = valueClasses(bytecode, Math.max(0, Math.min(kbc - OUTER_PC_VARS, MAX_LOW_VARS)))));
  const eqLow = eqTable(point.subarray(0, 6 * c.lowVars));
  const eqOuter = eqTable(point.subarray(6 * c.lowVars));
  const sums = new Uint32Array(6 * c.maxIds);
  const p = new Uint32Array(6), total = new Uint32Array(6);
  for (const { outer, ids, values } of c.blocks) {
    const count = values.length / 2;
    sums.fill(0, 0, 6 * count);
    for (let low = 0; low < ids.length; low++) {
      const id = ids[low];
      if (id === 0) continue;
      const s = 6 * id, e = 6 * low;
      sums[s] ^= eqLow[e];
      sums[s + 1] ^= eqLow[e + 1];
      sums[s + 2] ^= eqLow[e + 2];
      sums[s + 3] ^= eqLow[e + 3];
      sums[s + 4] ^= eqLow[e + 4];
      sums[s + 5] ^= eqLow[e + 5];
    }
    eMulAt(p, 0, eKDot(sums, 6, values, 2, count - 1), 0, eqOuter, 6 * outer);
    for (let i = 0; i < 6; i++) total[i] ^= p[i];
  }
  return total;
}

/** P's blocks of 2^lowVars entries, each entry's value numbered within its block. */
function valueClasses(bytecode: Uint32Array, lowVars: number): ValueClasses {
  const size = 1 << lowVars;
  const ids = new ValueIds(size);
  const blocks: Block[] = [];
  let maxIds = 1;
  for (let outer = 0, w = 0; w < bytecode.length; outer++) {
    ids.clear();
    const blockIds = new Uint16Array(size);
    for (let low = 0; low < size; low++, w += 2) {
      const lo = bytecode[w], hi = bytecode[w + 1];
      if ((lo | hi) !== 0) blockIds[low] = ids.of(lo, hi);
    }
    if (ids.count === 1) continue;
    blocks.push({ outer, ids: blockIds, values: ids.values.slice(0, 2 * ids.count) });
    maxIds = Math.max(maxIds, ids.count);
  }
  return { lowVars, blocks, maxIds };
}

/** Numbers the distinct nonzero K values of one block from 1, by open addressing on (lo, hi). */
class ValueIds {
  /** K words of value id at 2·id (id 0 unused). */
  readonly values: Uint32Array;
  /** The value ids ever handed out, plus 1. */
  count = 1;
  private readonly slots: Uint16Array;
  private readonly shift: number;

  constructor(maxValues: number) {
    this.values = new Uint32Array(2 * (maxValues + 1));
    // At most half full: a probe ends after a couple of steps.
    const bits = 32 - Math.clz32(2 * maxValues - 1);
    this.slots = new Uint16Array(1 << bits);
    this.shift = 32 - bits;
  }

  clear(): void {
    this.slots.fill(0);
    this.count = 1;
  }

  of(lo: number, hi: number): number {
    const mask = this.slots.length - 1;
    for (let s = Math.imul(lo ^ Math.imul(hi, 0x85ebca77), 0x9e3779b1) >>> this.shift; ; s = (s + 1) & mask) {
      const id = this.slots[s];
      if (id === 0) {
        const fresh = this.count++;
        this.values[2 * fresh] = lo;
        this.values[2 * fresh + 1] = hi;
        this.slots[s] = fresh;
        return fresh;
      }
      if (this.values[2 * id] === lo && this.values[2 * id + 1] === hi) return id;
    }
  }
}
