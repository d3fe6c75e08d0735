// The zerocheck tables once the skip point z and the first bound variable χ_0 are known:
// entry x of â is â(z, χ_0, x) = (1 + χ_0)·Lz(w_2x) + χ_0·Lz(w_2x+1) for the bit words w of a,
// where Lz(w) = Σ_{s ∈ w} L_s(z) is F2-linear in the 64 bits and so a sum of eight byte-table
// lookups a word. Bound at χ_1 too, an entry is the same kind of sum over four words. On the
// host only the live blocks and one pad block are built.
import type { Backend, ZerocheckTables } from '../../backend/backend';
import { type E, eMulAt, eOne } from '../../field/e';
import { FlockError } from '../errors';
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

/** E words of one byte table (256 values). */
const TABLE_WORDS = 256 * 6;

/** 128 entries per block: each block's 256 words folded pairwise. */
const PER_BLOCK = 128;

/** The host's entries of one column from u32 word `at` (Backend.zerocheckEntries makes the
 * same on a device): entry x = Σ_t T_t[byte t of the k u64 words at at + 2k·x ..], for the
 * 8k byte tables T of entryTables. */
export function hostEntries(col: Uint32Array, at: number, count: number, tables: Uint32Array): Uint32Array {
  const u32 = tables.length / (4 * TABLE_WORDS); // 2k: each u32 word has four tables
  const out = new Uint32Array(6 * count);
  for (let x = 0; x < count; x++) {
    let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
    for (let w = 0; w < u32; w++) {
      const word = col[at + u32 * x + w];
      for (let b = 0; b < 4; b++) {
        const i = TABLE_WORDS * (4 * w + b) + 6 * ((word >>> (8 * b)) & 255);
        c0 ^= tables[i]; c1 ^= tables[i + 1]; c2 ^= tables[i + 2]; c3 ^= tables[i + 3]; c4 ^= tables[i + 4]; c5 ^= tables[i + 5];
      }
    }
    const o = 6 * x;
    out[o] = c0; out[o + 1] = c1; out[o + 2] = c2; out[o + 3] = c3; out[o + 4] = c4; out[o + 5] = c5;
  }
  return out;
}

/** The tables â, b̂, ĉ at (z, χ_0) over blocks [0, live] (live = blocks: all, no pad). */
export function materialize(cols: ZerocheckColumns, blocks: number, live: number, z: E, chi0: E): { tables: PaddedTable[]; shape: PaddedShape } {
  const t = entryTables(z, [chi0]);
  const tables = [cols.a, cols.b, cols.c].map((col): PaddedTable => ({
    head: hostEntries(col, 0, PER_BLOCK * Math.min(live, blocks), t),
    pad: live < blocks ? hostEntries(col, live * BLOCK_U32, PER_BLOCK, t) : new Uint32Array(6 * PER_BLOCK),
  }));
  return { tables, shape: tableShape(blocks, live) };
}

/**
 * The same tables written out in full as E buffers of `backend`, bound at χ = chis (χ_0, then
 * optionally χ_1: 2^(vars − chis.length + 1) values each): made there by zerocheckEntries over
 * every block (the tail's blocks are copies of block `live`, so their entries are the pad's),
 * else built on the host at χ_0, the tail written out, and uploaded (one χ only).
 */
export async function deviceTables(backend: Backend, cols: ZerocheckColumns, blocks: number, live: number, z: E, chis: E[]): Promise<ZerocheckTables> {
  if (backend.zerocheckEntries !== undefined) {
    const tables = entryTables(z, chis);
    const count = (2 * PER_BLOCK * blocks) / 2 ** chis.length;
    const entries = backend.zerocheckEntries.bind(backend);
    return [await entries(cols.a, 0, count, tables), await entries(cols.b, 0, count, tables), await entries(cols.c, 0, count, tables)];
  }
  if (chis.length !== 1) throw new FlockError(`deviceTables: a backend without zerocheckEntries binds one χ, got ${chis.length}`);
  const { tables, shape } = materialize(cols, blocks, live, z, chis[0]);
  const [a, b, c] = await Promise.all(tables.map((tb) => backend.upload('E', expand(tb, shape))));
  return [a, b, c];
}

/** The table's 2^vars values written out: value j ≥ head is pad[j mod period]. */
function expand(tb: PaddedTable, shape: PaddedShape): Uint32Array {
  const out = new Uint32Array(6 << shape.vars), P = 6 * shape.period;
  for (let j = 0; j < out.length; j += P) out.set(tb.pad.subarray(0, Math.min(P, out.length - j)), j);
  out.set(tb.head.subarray(0, 6 * shape.head));
  return out;
}

/**
 * The byte tables of an entry bound at χ = (χ_0, …, χ_(m−1)) as one F2-linear map of its 2^m
 * words w_i: Σ_i α_i·Lz(w_i) with α_i = Π_j (χ_j if bit j of i is set, else 1 + χ_j) (binding
 * χ_j takes (1 + χ_j)·lo + χ_j·hi); 8 tables a word (zerocheckEntries may take them in another form).
 */
export function entryTables(z: E, chis: E[]): Uint32Array {
  const weights = skipWeights(z);
  const words = 2 ** chis.length;
  const out = new Uint32Array(8 * words * TABLE_WORDS), scaled = new Uint32Array(weights.length);
  for (let i = 0; i < words; i++) {
    const alpha = eOne();
    chis.forEach((chi, j) => {
      const f = chi.slice();
      if (((i >>> j) & 1) === 0) f[0] ^= 1;
      eMulAt(alpha, 0, alpha, 0, f, 0);
    });
    for (let s = 0; s < weights.length; s += 6) eMulAt(scaled, s, weights, s, alpha, 0);
    out.set(byteTable(scaled), 8 * i * TABLE_WORDS);
  }
  return out;
}

/** The padded shape of the tables over blocks [0, live] of `blocks`. */
export function tableShape(blocks: number, live: number): PaddedShape {
  return { vars: 7 + Math.log2(blocks), head: PER_BLOCK * Math.min(live, blocks), period: PER_BLOCK };
}
