// The key's Merkle tree over the epochs epoch_start ..= epoch_end of a 2^32-leaf tree. At each
// level L only the band of nodes above the range, indices (start >> L) ..= (end >> L), is
// computed; any other node a band needs is a filler PRF(seed, 1002, L, index). So a key for R
// epochs costs R leaves (42 PRFs, 42·7 chain steps and an 11-block leaf hash each: 347
// compressions) plus about R node hashes and at most two fillers per level.
import { DIGEST_WORDS, TIPS_WORDS, XMSS_CHAIN_LENGTH, XMSS_CHAINS } from './params';
import type { TweakHasher } from './hash';
import { PRF_CHAIN_START, PRF_FILLER, type SeedPrf } from './prf';

/** The nodes of one level with indices base .. base + count − 1, 4 words each. */
export interface Band {
  base: number;
  nodes: Uint32Array;
}

export const bandCount = (band: Band): number => band.nodes.length / DIGEST_WORDS;

/** ⌊x / 2^l⌋ for an index below 2^53 (JavaScript's shifts are 32-bit and signed). */
export const shr = (x: number, l: number): number => Math.floor(x / 2 ** l);

/** The key's PRF and hashes, which every tree computation shares. */
export interface TreeHashes {
  prf: SeedPrf;
  hasher: TweakHasher;
}

/** The 42 chain starts of `epoch` (its WOTS secret values) into starts[0..168]. */
export function chainStarts({ prf }: TreeHashes, epoch: number, starts: Uint32Array): void {
  for (let i = 0; i < XMSS_CHAINS; i++) prf.into(PRF_CHAIN_START, epoch, i, starts, DIGEST_WORDS * i);
}

/** Level 0 over epochs lo ..= hi: each leaf hashes the chain ends, 7 steps from the starts. */
export function leafBand(h: TreeHashes, lo: number, hi: number): Band {
  const nodes = new Uint32Array(DIGEST_WORDS * (hi - lo + 1));
  const ends = new Uint32Array(TIPS_WORDS);
  for (let e = lo; e <= hi; e++) {
    chainStarts(h, e, ends);
    for (let i = 0; i < XMSS_CHAINS; i++) h.hasher.walk(ends, DIGEST_WORDS * i, e, i, 0, XMSS_CHAIN_LENGTH - 1);
    h.hasher.leaf(ends, e, nodes, DIGEST_WORDS * (e - lo));
  }
  return { base: lo, nodes };
}

/** Node `index` of `band` at `level`, or its filler when the band does not hold it, into dst[dstOffset..+4]. */
export function nodeOrFiller(h: TreeHashes, band: Band, level: number, index: number, dst: Uint32Array, dstOffset: number): void {
  const k = index - band.base;
  if (k >= 0 && k < bandCount(band)) dst.set(band.nodes.subarray(DIGEST_WORDS * k, DIGEST_WORDS * (k + 1)), dstOffset);
  else h.prf.into(PRF_FILLER, level, index, dst, dstOffset);
}

/** The band at `level` over leaves lo ..= hi, from `child`, the band at level − 1 over the same leaves. */
export function parentBand(h: TreeHashes, child: Band, level: number, lo: number, hi: number): Band {
  const base = shr(lo, level);
  const nodes = new Uint32Array(DIGEST_WORDS * (shr(hi, level) - base + 1));
  const pair = new Uint32Array(2 * DIGEST_WORDS);
  for (let k = 0; k < nodes.length / DIGEST_WORDS; k++) {
    const i = base + k;
    nodeOrFiller(h, child, level - 1, 2 * i, pair, 0);
    nodeOrFiller(h, child, level - 1, 2 * i + 1, pair, DIGEST_WORDS);
    h.hasher.node(level, i, pair, 0, pair, DIGEST_WORDS, nodes, DIGEST_WORDS * k);
  }
  return { base, nodes };
}

/** Bands from level `from` + 1 to `to` over leaves lo ..= hi, pushed onto `bands` (whose last is level `from`). */
export function buildUp(h: TreeHashes, bands: Band[], lo: number, hi: number, from: number, to: number): Band[] {
  for (let level = from + 1; level <= to; level++) bands.push(parentBand(h, bands[bands.length - 1], level, lo, hi));
  return bands;
}
