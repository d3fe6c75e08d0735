// The zerocheck tables once the skip point z and the first bound variable χ_0 are known:
// entry x of â is â(z, χ_0, x) = Lz(w_2x) + χ_0·Lz(w_2x ⊕ w_2x+1) for the bit words w of a,
// where Lz(w) = Σ_{s ∈ w} L_s(z) is F2-linear in the 64 bits and so a sum of eight byte-table
// lookups; the χ_0 term is a second table. Only the live blocks and one pad block are built.
import { jsWords } from '../../backend/allocation';
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eMulAt } from '../../field/e';
import { BLOCK_U32 } from '../layout';
import { skipWeights } from '../skip-domain';
import type { PaddedShape, PaddedTable } from './padded-tables';
import type { ZerocheckColumns } from './skip-pass';

/** T[(256k + β)·6 ..]: Σ of the weights w[8k + b] over the set bits b of β. */
function byteTable(weights: Uint32Array): Uint32Array {
  const t = new Uint32Array(8 * 256 * 6);
  for (let k = 0; k < 8; k++) {
    for (let beta = 1; beta < 256; beta++) {
      const low = 31 - Math.clz32(beta & -beta), o = 6 * (256 * k + beta), rest = 6 * (256 * k + (beta & (beta - 1)));
      for (let i = 0; i < 6; i++) t[o + i] = t[rest + i] ^ weights[6 * (8 * k + low) + i];
    }
  }
  return t;
}

/** out[o..o+6) = Σ_k T0[byte_k(w0)] + T1[byte_k(w0 ⊕ w1)] for the words (lo0, hi0), (lo1, hi1). */
function entryInto(out: Uint32Array, o: number, t0: Uint32Array, t1: Uint32Array, lo0: number, hi0: number, lo1: number, hi1: number): void {
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
  const dlo = lo0 ^ lo1, dhi = hi0 ^ hi1;
  for (let k = 0; k < 8; k++) {
    const sh = 8 * (k & 3);
    let i = 6 * (256 * k + (((k < 4 ? lo0 : hi0) >>> sh) & 255));
    c0 ^= t0[i]; c1 ^= t0[i + 1]; c2 ^= t0[i + 2]; c3 ^= t0[i + 3]; c4 ^= t0[i + 4]; c5 ^= t0[i + 5];
    i = 6 * (256 * k + (((k < 4 ? dlo : dhi) >>> sh) & 255));
    c0 ^= t1[i]; c1 ^= t1[i + 1]; c2 ^= t1[i + 2]; c3 ^= t1[i + 3]; c4 ^= t1[i + 4]; c5 ^= t1[i + 5];
  }
  out[o] = c0; out[o + 1] = c1; out[o + 2] = c2; out[o + 3] = c3; out[o + 4] = c4; out[o + 5] = c5;
}

/** 128 entries per block: each block's 256 words folded pairwise. */
const PER_BLOCK = 128;

/** Where a host table's words come from: a backend's pool (Backend.hostWords), or V8. */
export type TakeWords = (length: number, what: string) => Uint32Array;

/** The host's entries of one column from u32 word `at` (Backend.zerocheckEntries makes the
 * same on a device): entry x from the words at + 4x .. at + 4x + 4. */
export function hostEntries(col: Uint32Array, at: number, count: number, t0: Uint32Array, t1: Uint32Array, take: TakeWords = jsWords): Uint32Array {
  const out = take(6 * count, `a zerocheck table (${count} E values)`);
  for (let x = 0; x < count; x++) {
    const w = at + 4 * x;
    entryInto(out, 6 * x, t0, t1, col[w], col[w + 1], col[w + 2], col[w + 3]);
  }
  return out;
}

/** Called with columns a and b as soon as their tables are built: nothing reads them after
 * (the lincheck reads only c), so their memory can go before the next table's comes. The
 * columns are read from the object as each table is made, so a caller may drop them from it
 * (V8 frees an array only once nothing refers to it). */
export type DoneWith = (col: Uint32Array) => void;

const KEYS = ['a', 'b', 'c'] as const;

/** The tables â, b̂, ĉ at (z, χ_0) over blocks [0, live] (live = blocks: all, no pad); their
 * heads' words from `take`. */
export function materialize(cols: ZerocheckColumns, blocks: number, live: number, z: E, chi0: E, doneWith: DoneWith = () => {}, take?: TakeWords): { tables: PaddedTable[]; shape: PaddedShape } {
  const [t0, t1] = entryTables(z, chi0);
  const tables = KEYS.map((key, i): PaddedTable => {
    const head = hostEntries(cols[key], 0, PER_BLOCK * Math.min(live, blocks), t0, t1, take);
    const pad = live < blocks ? hostEntries(cols[key], live * BLOCK_U32, PER_BLOCK, t0, t1) : new Uint32Array(6 * PER_BLOCK);
    if (i < 2) doneWith(cols[key]);
    return { head, pad };
  });
  return { tables, shape: tableShape(blocks, live) };
}

/**
 * The same tables written out in full (2^vars values each) as E buffers of `backend`: made
 * there by zerocheckEntries over every block (the tail's blocks are copies of block `live`,
 * so their entries are the pad's), else built on the host, the tail written out, and uploaded.
 * If one cannot be made, those made are freed.
 */
export async function deviceTables(backend: Backend, cols: ZerocheckColumns, blocks: number, live: number, z: E, chi0: E, doneWith: DoneWith = () => {}): Promise<DeviceBuffer[]> {
  const bufs: DeviceBuffer[] = [];
  try {
    if (backend.zerocheckEntries !== undefined) {
      const [t0, t1] = entryTables(z, chi0);
      for (const [i, key] of KEYS.entries()) {
        bufs.push(await backend.zerocheckEntries(cols[key], 0, PER_BLOCK * blocks, t0, t1));
        if (i < 2) doneWith(cols[key]);
      }
      return bufs;
    }
    const { tables, shape } = materialize(cols, blocks, live, z, chi0, doneWith);
    for (const tb of tables) bufs.push(await backend.upload('E', expand(tb, shape)));
    return bufs;
  } catch (e) {
    for (const buf of bufs) backend.free(buf);
    throw e;
  }
}

/** The table's 2^vars values written out: value j ≥ head is pad[j mod period]. */
function expand(tb: PaddedTable, shape: PaddedShape): Uint32Array {
  const out = jsWords(6 << shape.vars, `a zerocheck table (2^${shape.vars} E values)`), P = 6 * shape.period;
  for (let j = 0; j < out.length; j += P) out.set(tb.pad.subarray(0, Math.min(P, out.length - j)), j);
  out.set(tb.head.subarray(0, 6 * shape.head));
  return out;
}

/** The byte tables of Lz and of χ_0·Lz: both F2-linear, as zerocheckEntries may assume. */
export function entryTables(z: E, chi0: E): [Uint32Array, Uint32Array] {
  const weights = skipWeights(z);
  const scaled = new Uint32Array(weights.length);
  for (let s = 0; s < weights.length; s += 6) eMulAt(scaled, s, weights, s, chi0, 0);
  return [byteTable(weights), byteTable(scaled)];
}

/** The padded shape of the tables over blocks [0, live] of `blocks`. */
export function tableShape(blocks: number, live: number): PaddedShape {
  return { vars: 7 + Math.log2(blocks), head: PER_BLOCK * Math.min(live, blocks), period: PER_BLOCK };
}
