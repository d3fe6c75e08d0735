// The host half of subset_sums.wgsl: its uniform parameters. Tables of `count` entries in all,
// `bits` bits each, over basis values of `width` words from value `first`; the basis is read up
// to value `live`, `tail` stands for the values up to `end`, zero after (BlockWeights).
import type { E } from '../../field/e';

export interface SubsetSums {
  count: number;
  bits: number;
  width: number;
  /** The first entry's word in the output (default 0). */
  outAt?: number;
  /** The entry the first invocation makes (default 0: a dispatch over a window of a table). */
  atEntry?: number;
  first?: number;
  live?: number;
  end?: number;
  tail?: E | null;
}

/** A tail E value as uniform words (8, the last two spare), zero without one. */
function tailWords(tail: E | null | undefined): number[] {
  return [...(tail ?? new Uint32Array(6)), 0, 0];
}

export function subsetParams({ count, bits, width, outAt = 0, atEntry = 0, first = 0, live = 0xffffffff, end = live, tail }: SubsetSums): number[] {
  return [...tailWords(tail), count, bits, width, outAt, first, live, end, atEntry];
}
