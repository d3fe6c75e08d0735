// The zerocheck tables once the skip point z and the first bound variable χ_0 are known:
// entry x of â is â(z, χ_0, x) = Lz(w_2x) + χ_0·Lz(w_2x ⊕ w_2x+1) for the bit words w of a,
// where Lz(w) = Σ_{s ∈ w} L_s(z) is F2-linear in the 64 bits and so a sum of eight byte-table
// lookups; the χ_0 term is a second table. On the host only the live blocks and one pad block
// are built; a backend's FlockPasses.zerocheckTables writes every block out.
import { jsWords } from '../../util/allocation';
import { type E, eMulAt } from '../../field/e';
import { BLOCK_U32 } from './layout';
import { skipWeights } from './skip-domain';
import type { PaddedShape, PaddedTable, PaddedTables } from './padded-tables';
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
export const PER_BLOCK = 128;

/** The host's entries of one column from u32 word `at` into out (count E values): entry x
 * from the words at + 4x .. at + 4x + 4. */
export function hostEntries(col: Uint32Array, at: number, count: number, t0: Uint32Array, t1: Uint32Array, out: Uint32Array): void {
  for (let x = 0; x < count; x++) {
    const w = at + 4 * x;
    entryInto(out, 6 * x, t0, t1, col[w], col[w + 1], col[w + 2], col[w + 3]);
  }
}

/** How paddedTables gets its heads' words and says when it is done with a column. */
export interface PaddedTablesOptions {
  /** Where the heads' words come from (a backend's pool; default V8's). */
  readonly take?: (length: number, what: string) => Uint32Array;
  /** Called with column a, then b, as soon as its table is made: nothing reads it after. */
  readonly doneWith?: (column: 'a' | 'b') => void;
}

/** The tables â, b̂, ĉ over blocks [0, live] (live = blocks: all, no pad), from the entry
 * byte tables [t0, t1] (entryByteTables). */
export function paddedTables(cols: ZerocheckColumns, blocks: number, live: number, [t0, t1]: readonly Uint32Array[], options: PaddedTablesOptions = {}): PaddedTables {
  const { take = jsWords, doneWith } = options;
  const entries = (col: Uint32Array, at: number, count: number, words: (length: number, what: string) => Uint32Array): Uint32Array => {
    const out = words(6 * count, `a zerocheck table (${count} E values)`);
    hostEntries(col, at, count, t0, t1, out);
    return out;
  };
  const tables = (['a', 'b', 'c'] as const).map((key): PaddedTable => {
    const head = entries(cols[key], 0, PER_BLOCK * Math.min(live, blocks), take);
    const pad = live < blocks ? entries(cols[key], live * BLOCK_U32, PER_BLOCK, jsWords) : new Uint32Array(6 * PER_BLOCK);
    if (key !== 'c') doneWith?.(key);
    return { head, pad };
  });
  return { tables, shape: tableShape(blocks, live) };
}

/** paddedTables at (z, χ_0). */
export function materialize(cols: ZerocheckColumns, blocks: number, live: number, z: E, chi0: E): PaddedTables {
  return paddedTables(cols, blocks, live, entryByteTables(entryWeights(z, chi0)));
}

/** The zerocheck's entry weights at (z, χ_0): L_s(z) and χ_0·L_s(z) for the 64 skip positions
 * s (64 packed E values each); an entry is F2-linear in its words' bits under them. */
export interface EntryWeights {
  readonly lz: Uint32Array;
  readonly lzChi: Uint32Array;
}

/** The weights of Lz and of χ_0·Lz. */
export function entryWeights(z: E, chi0: E): EntryWeights {
  const lz = skipWeights(z);
  const lzChi = new Uint32Array(lz.length);
  for (let s = 0; s < lz.length; s += 6) eMulAt(lzChi, s, lz, s, chi0, 0);
  return { lz, lzChi };
}

/** The byte tables [t0, t1] of Lz and χ_0·Lz: both F2-linear, as hostEntries takes them. */
export function entryByteTables({ lz, lzChi }: EntryWeights): [Uint32Array, Uint32Array] {
  return [byteTable(lz), byteTable(lzChi)];
}

/** The padded shape of the tables over blocks [0, live] of `blocks`. */
export function tableShape(blocks: number, live: number): PaddedShape {
  return { vars: 7 + Math.log2(blocks), head: PER_BLOCK * Math.min(live, blocks), period: PER_BLOCK };
}
