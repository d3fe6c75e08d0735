// A 32-byte digest rides the transcript as two E scalars (w0, w1, 0) and (w2, w3, 0),
// w_i the LE u64 of digest bytes [8i, 8i+8) (docs/protocol.md §3.2).
import { bytesToWords, wordsToBytes } from '../hash/blake2s';

/** The digest's 8 LE u32 words, whether given as 32 bytes or as 8 words already. */
function digestWords(digest: Uint8Array | Uint32Array): Uint32Array {
  if (digest.length !== (digest instanceof Uint32Array ? 8 : 32)) {
    throw new RangeError(`a digest is 32 bytes or 8 u32 words, got ${digest.length} elements`);
  }
  return digest instanceof Uint32Array ? digest : bytesToWords(digest);
}

/** The two scalars of a digest, packed as 12 words. */
export function rootToScalars(digest: Uint8Array | Uint32Array): Uint32Array {
  const w = digestWords(digest);
  return Uint32Array.of(w[0], w[1], w[2], w[3], 0, 0, w[4], w[5], w[6], w[7], 0, 0);
}

/** Whether the two scalars at words[offset..offset+12) are a digest (both c2 limbs zero). */
export function isRootEncoding(words: Uint32Array, offset = 0): boolean {
  return (words[offset + 4] | words[offset + 5] | words[offset + 10] | words[offset + 11]) === 0;
}

/** The 32-byte digest held by the two scalars at words[offset..offset+12) (c2 limbs ignored). */
export function scalarsToRoot(words: Uint32Array, offset = 0): Uint8Array {
  const w = new Uint32Array(8);
  for (let i = 0; i < 4; i++) {
    w[i] = words[offset + i];
    w[4 + i] = words[offset + 6 + i];
  }
  return wordsToBytes(w);
}
