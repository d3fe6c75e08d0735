// The signer union of a node (docs/recursion.md §5 [N2]): the sorted, deduplicated union of its
// children's and raw signers' keys, and for each key list where each of its keys sits in the
// union and whether that occurrence is the key's first (the one that covers it; the others are
// overlaps, counted once).
import { compareBytes } from '../xmss-aggregate/statement';
import { checkUnionKeys } from './statement';

export interface SignerUnion {
  /** The union, strictly increasing. */
  readonly keys: Uint8Array[];
  /** Per input list, per key: its index in `keys`. */
  readonly indices: number[][];
  /** Per input list, per key: whether it is the key's first occurrence (lists in order). */
  readonly first: boolean[][];
  /** Occurrences that repeat a key seen earlier. */
  readonly overlaps: number;
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The union of `lists` (each a list of 32-byte keys); AggregateInputError past NODE_MAX_SIGNERS. */
export function signerUnion(lists: readonly (readonly Uint8Array[])[]): SignerUnion {
  const byHex = new Map<string, Uint8Array>();
  for (const list of lists) for (const k of list) if (!byHex.has(hex(k))) byHex.set(hex(k), k);
  const keys = [...byHex.values()].sort(compareBytes);
  checkUnionKeys(keys);
  const at = new Map(keys.map((k, i) => [hex(k), i]));
  const seen = new Set<number>();
  let overlaps = 0;
  const indices: number[][] = [], first: boolean[][] = [];
  for (const list of lists) {
    const idx = list.map((k) => at.get(hex(k))!);
    indices.push(idx);
    first.push(idx.map((i) => {
      if (seen.has(i)) {
        overlaps++;
        return false;
      }
      seen.add(i);
      return true;
    }));
  }
  return { keys, indices, first, overlaps };
}
