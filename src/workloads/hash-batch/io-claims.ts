// The claims that tie q_flock to a bound statement (docs/bound-statement.md): at the I/O point
// ρ, drawn after the root, slot j of every block evaluates to MLE(P_j)(ρ), P_j the statement's
// words in that slot (padding instances past n). Both sides compute the values; the stacked
// opening discharges them as strided claims on q_flock.
import { eqTableFast } from '../../kernels/flock/eq-table';
import type { PointClaim } from '../../pcs/stack/claims';
import type { Channel } from '../../transcript/channel';
import { IO_SLOTS, paddingRecord, RECORD_WORDS, type HashBatchStatement } from './statement';

/** log2 of a block's 64-bit slots: q_flock word j + 256·t is slot j of block t. */
const SLOT_LOG = 8;

/**
 * v_k = Σ_t eq(ρ, t)·P_{IO_SLOTS[k]}[t] for the 18 slots (6 words each), without E×K products:
 * a slot word is Σ_b x^(8b)·(its byte b), so each eq(ρ, t) is added into the bucket of each of
 * its 8 bytes per slot (XORs only), and only the 18·64 bucket sums are weighed by powers of x.
 */
export function ioValues(st: HashBatchStatement, rho: Uint32Array): Uint32Array {
  const eq = eqTableFast(rho);
  // Every block from n on is the padding instance: its words weigh Σ_{t ≥ n} eq(ρ, t).
  const tail = new Uint32Array(6);
  for (let i = 6 * st.n; i < eq.length; i++) tail[i % 6] ^= eq[i];
  const pad = paddingRecord();
  const slots = IO_SLOTS.length;
  const buckets = new Uint32Array(slots * BUCKETS);
  // Record word by record word, so one word's 4 × 256 buckets stay in the L1 cache.
  for (let w = 0; w < RECORD_WORDS; w++) {
    addColumn(buckets, st.records, w, st.n, eq);
    addColumn(buckets, pad, w, 1, tail);
  }
  const values = new Uint32Array(6 * slots);
  for (let k = 0; k < slots; k++) weighBuckets(buckets, k * BUCKETS, values, 6 * k);
  return values;
}

/** Per slot: 8 bytes × 256 byte values, an E sum each. */
const BUCKETS = 8 * 256 * 6;

/** Adds e[6t..6t+6) to the buckets of the 4 bytes of word w of each of `count` records. */
function addColumn(buckets: Uint32Array, records: Uint32Array, w: number, count: number, e: Uint32Array): void {
  // u32 word w is bytes 4(w mod 2)..+3 of slot ⌊w/2⌋.
  const base = (w >>> 1) * BUCKETS + (w & 1) * 4 * 256 * 6;
  for (let t = 0, r = w, ei = 0; t < count; t++, r += RECORD_WORDS, ei += 6) {
    const word = records[r];
    const e0 = e[ei], e1 = e[ei + 1], e2 = e[ei + 2], e3 = e[ei + 3], e4 = e[ei + 4], e5 = e[ei + 5];
    for (let b = 0; b < 4; b++) {
      const o = base + (b * 256 + ((word >>> (8 * b)) & 0xff)) * 6;
      buckets[o] ^= e0; buckets[o + 1] ^= e1; buckets[o + 2] ^= e2;
      buckets[o + 3] ^= e3; buckets[o + 4] ^= e4; buckets[o + 5] ^= e5;
    }
  }
}

/** out[o..o+6) = Σ_{byte b, value β} x^(8b)·β(x)·bucket, by Horner in x over the 64 bit sums. */
function weighBuckets(buckets: Uint32Array, at: number, out: Uint32Array, o: number): void {
  const acc = new Uint32Array(6);
  for (let bit = 63; bit >= 0; bit--) {
    timesX(acc);
    const b = bit >>> 3, i = bit & 7;
    for (let beta = 0; beta < 256; beta++) {
      if (((beta >>> i) & 1) === 0) continue;
      const q = at + (b * 256 + beta) * 6;
      for (let w = 0; w < 6; w++) acc[w] ^= buckets[q + w];
    }
  }
  out.set(acc, o);
}

/** a ← a·x for an E value: each K limb shifted up one, x^64 reduced to x^4 + x^3 + x + 1. */
function timesX(a: Uint32Array): void {
  for (let l = 0; l < 6; l += 2) {
    const carry = a[l + 1] >>> 31;
    a[l + 1] = (a[l + 1] << 1) | (a[l] >>> 31);
    a[l] = (a[l] << 1) ^ (carry * 0x1b);
  }
}

/**
 * Draws the I/O point ρ ∈ E^nBlocksLog (right after the root) and returns the 18 strided
 * claims at it on q_flock (offset 0), slots in increasing order, for the opening.
 */
export function ioClaims(ch: Channel, st: HashBatchStatement): PointClaim[] {
  const rho = ch.sampleVec(st.nBlocksLog);
  const values = ioValues(st, rho);
  return IO_SLOTS.map((slot, k) => ({ offset: 0, strideLog: SLOT_LOG, slot, point: rho, value: values.subarray(6 * k, 6 * k + 6) }));
}
