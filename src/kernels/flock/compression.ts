// One BLAKE2s compression call, the unit the Flock circuit proves: (h, m, t, f0, f1) → h'.
import { LAST_BLOCK, PARAM_IV } from '../../hash/blake2s';
import { ShapeError } from '../../util/errors';

export interface Compression {
  /** input chaining value, 8 words */
  readonly h: Uint32Array;
  /** message block, 16 words */
  readonly m: Uint32Array;
  readonly tLo: number;
  readonly tHi: number;
  readonly f0: number;
  readonly f1: number;
}

/**
 * The one-block standard hash of a 64-byte message: (PARAM_IV, m, t = 64, f0 = ~0, f1 = 0),
 * so its output is blake2s(m as 64 LE bytes). `m` is read at messages[offset..offset+16).
 */
export function pinnedCompression(messages: Uint32Array, offset = 0): Compression {
  if (offset < 0 || offset + 16 > messages.length) {
    throw new ShapeError(`pinnedCompression: need 16 message words at ${offset}, the array has ${messages.length}`);
  }
  return { h: PARAM_IV, m: messages.subarray(offset, offset + 16), tLo: 64, tHi: 0, f0: LAST_BLOCK, f1: 0 };
}

/** The padding instance: blake2s of 64 zero bytes, never an all-zero block (the constant wire must be 1). */
export function paddingCompression(): Compression {
  return pinnedCompression(new Uint32Array(16));
}

/** The pinned compressions of n messages held as n × 16 words. */
export function pinnedCompressions(messages: Uint32Array): Compression[] {
  if (messages.length % 16 !== 0) throw new ShapeError(`pinnedCompressions: ${messages.length} words are not whole 16-word messages`);
  const out: Compression[] = [];
  for (let o = 0; o < messages.length; o += 16) out.push(pinnedCompression(messages, o));
  return out;
}
