// Evaluation of a table's multilinear extension at an E point, folding LSB-first:
// t'[i] = t[2i] + p_k·(t[2i] + t[2i+1]) for k = 0, 1, … (docs/protocol.md §0).
import type { E } from '../field/e';
import { ShapeError } from '../util/errors';
import { foldLow } from './fold';
import { type Kind, pointVars, tableVars } from './table';

/**
 * MLE(table)(point) for a K or E table of 2^n elements and a point of E^n. `scratch` (at
 * least 6·2^(n−1) words) is overwritten; without it one is allocated.
 */
export function mleEval(table: Uint32Array, kind: Kind, point: Uint32Array, scratch?: Uint32Array): E {
  const n = tableVars(table, kind, 'mleEval');
  if (pointVars(point, 'mleEval') !== n) {
    throw new ShapeError(`mleEval: a table of 2^${n} elements needs a point of ${n} coordinates, got ${point.length / 6}`);
  }
  if (n === 0) return kind === 'E' ? table.slice(0, 6) : Uint32Array.of(table[0], table[1], 0, 0, 0, 0);
  const buf = scratch ?? new Uint32Array(6 << (n - 1));
  if (buf.length < 6 << (n - 1)) throw new ShapeError(`mleEval: scratch needs ${6 << (n - 1)} words, got ${buf.length}`);
  foldLow(table, kind, point.subarray(0, 6), buf.subarray(0, 6 << (n - 1)));
  for (let k = 1; k < n; k++) {
    foldLow(buf.subarray(0, 6 << (n - k)), 'E', point.subarray(6 * k, 6 * k + 6), buf.subarray(0, 6 << (n - k - 1)));
  }
  return buf.slice(0, 6);
}
