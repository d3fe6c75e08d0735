// A multilinear table is a packed array of 2^n field elements, variable k = bit k of the
// index (docs/protocol.md §0). Its element kind decides the word width: K = 2 words, E = 6.
import { ShapeError } from '../util/errors';

export type Kind = 'K' | 'E';

export const WORDS: Readonly<Record<Kind, number>> = { K: 2, E: 6 };

/** n for a table of 2^n elements of the given kind; throws naming `what` otherwise. */
export function tableVars(words: Uint32Array, kind: Kind, what: string): number {
  const w = WORDS[kind];
  const len = words.length / w;
  if (!Number.isInteger(len) || len < 1 || (len & (len - 1)) !== 0) {
    throw new ShapeError(`${what}: a ${kind} table needs 2^n elements of ${w} words, got ${words.length} words`);
  }
  return 31 - Math.clz32(len);
}

/** n for a point of n E coordinates (6n words). */
export function pointVars(point: Uint32Array, what: string): number {
  if (point.length % 6 !== 0) throw new ShapeError(`${what}: a point is 6 words per E coordinate, got ${point.length} words`);
  return point.length / 6;
}

/** Throws unless `out` has exactly `words` words. */
export function checkOut(out: Uint32Array, words: number, what: string): void {
  if (out.length !== words) throw new ShapeError(`${what}: output needs ${words} words, got ${out.length}`);
}
