// Gathers of K words by a computed index: the VM witness's columns are lookups row by row — a
// trace word's power of g, an operand's power of g, a limb of the memory cell an operand names —
// each dst[i] = src[index(i)] with index(i) built from the trace row and the decoded bytecode.
// This is the reference the native module's gatherPairs matches (host/native/src/gather.cc).
import { ShapeError } from '../../util/errors';

/**
 * index(i) = scale·(step·i + rows[stride·i + word] + code[slotStride·rows[stride·i + pcWord] + slot]) + add,
 * a term left out where its word or slot is −1.
 */
export interface PairGather {
  readonly step: number;
  /** Trace rows of `stride` words. */
  readonly rows: Uint32Array;
  readonly stride: number;
  readonly word: number;
  /** The decoded bytecode, `slotStride` words an instruction; a row's pc is its word `pcWord`. */
  readonly code: Uint32Array;
  readonly slotStride: number;
  readonly pcWord: number;
  readonly slot: number;
  readonly scale: number;
  readonly add: number;
}

/** The index's numbers: non-negative (the words and the slot −1 for none) and below 2^31, as
 * the native module takes them (an Int32Array), so both paths read the same index. */
const GATHER_FIELDS = { step: 0, stride: 0, word: -1, slotStride: 0, pcWord: -1, slot: -1, scale: 0, add: 0 } as const;

/** A ShapeError unless the index's numbers are in range, dst holds n pairs and every row word
 * the index reads lies in `rows`. */
export function checkGather(dst: Uint32Array, n: number, g: PairGather): void {
  for (const [field, least] of Object.entries(GATHER_FIELDS)) {
    const v = g[field as keyof typeof GATHER_FIELDS];
    if (!Number.isInteger(v) || v < least || v >= 2 ** 31) throw new ShapeError(`gatherPairs: ${field} must be an integer from ${least} to 2^31 − 1, got ${v}`);
  }
  const top = Math.max(g.word, g.slot >= 0 ? g.pcWord : -1);
  if (!Number.isSafeInteger(n) || n < 0 || 2 * n > dst.length) throw new ShapeError(`gatherPairs: ${n} rows do not fit a ${dst.length}-word destination`);
  if (n > 0 && top >= 0 && g.stride * (n - 1) + top >= g.rows.length) throw new ShapeError(`gatherPairs: ${n} rows of ${g.stride} words do not fit a ${g.rows.length}-word trace`);
}

/** dst[2i], dst[2i + 1] = src[2·index(i)], src[2·index(i) + 1] for i < n; a ShapeError (checkGather's,
 * or for an index past src's pairs or a pc past `code`) where the caller's arrays do not hold what
 * the index reads: dst is then partly written, and the proof stops. */
export function gatherPairs(dst: Uint32Array, src: Uint32Array, n: number, g: PairGather): void {
  checkGather(dst, n, g);
  const pairs = src.length >>> 1, { rows, stride, word, code, slotStride, pcWord, slot, step, scale, add } = g;
  for (let i = 0; i < n; i++) {
    let k = step * i;
    if (word >= 0) k += rows[stride * i + word];
    if (slot >= 0) {
      const at = slotStride * rows[stride * i + pcWord] + slot;
      if (at >= code.length) throw new ShapeError(`gatherPairs: row ${i} reads past the bytecode`);
      k += code[at];
    }
    const j = scale * k + add;
    if (j >= pairs) throw new ShapeError(`gatherPairs: row ${i} reads pair ${j} of ${pairs}`);
    dst[2 * i] = src[2 * j];
    dst[2 * i + 1] = src[2 * j + 1];
  }
}
