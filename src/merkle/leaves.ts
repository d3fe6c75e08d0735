// Merkle leaves (docs/protocol.md §5): BLAKE2s-256 of a leaf image's words as LE bytes. The
// image of a stored row of rowWords K words is (leafWords − rowWords) zero K words, then
// the row: a level-0 commitment stores only its nLanes data lanes of a 64-word image.
import { blake2sWordsAfterInto, blake2sWordsInto, zeroPrefixState } from '../hash/blake2s';
import { MerkleError } from './errors';

/** u32 words in a digest. */
export const DIGEST_WORDS = 8;

export function checkWidths(rowWords: number, leafWords: number): void {
  if (!Number.isInteger(rowWords) || !Number.isInteger(leafWords) || rowWords < 1 || rowWords > leafWords) {
    throw new MerkleError('shape', `need 1 ≤ row width ≤ leaf width (K words), got row ${rowWords}, leaf ${leafWords}`);
  }
}

/**
 * Hashes every row of `rows` (rowWords K words each, packed) as its leaf image, writing
 * 8 digest words per row to out[outOffset..]. Full-width rows are hashed where they lie.
 */
export function hashRows(rows: Uint32Array, rowWords: number, leafWords: number, out: Uint32Array, outOffset = 0): void {
  checkWidths(rowWords, leafWords);
  const rowU32 = 2 * rowWords;
  const count = rows.length / rowU32;
  if (!Number.isInteger(count)) throw new MerkleError('shape', `${rows.length} u32 words are not whole rows of ${rowWords} K words`);
  if (rowWords === leafWords) {
    for (let i = 0; i < count; i++) blake2sWordsInto(out, outOffset + DIGEST_WORDS * i, rows, rowU32 * i, rowU32);
    return;
  }
  // The image's whole zero blocks are the same for every leaf: they are compressed once.
  // The rest of the image (the zeros left, then the row) is rebuilt in place per leaf.
  const zeroBlocks = Math.floor((2 * (leafWords - rowWords)) / 16);
  const state = zeroPrefixState(zeroBlocks);
  const tail = new Uint32Array(2 * leafWords - 16 * zeroBlocks);
  const at = tail.length - rowU32;
  for (let i = 0; i < count; i++) {
    for (let w = 0, src = rowU32 * i; w < rowU32; w++) tail[at + w] = rows[src + w];
    blake2sWordsAfterInto(out, outOffset + DIGEST_WORDS * i, state, zeroBlocks, tail, 0, tail.length);
  }
}

/** The leaf image of one row: (leafWords − rowWords) zero K words, then the row. */
export function leafImage(row: Uint32Array, leafWords: number): Uint32Array {
  if (row.length === 2 * leafWords) return row;
  const image = new Uint32Array(2 * leafWords);
  image.set(row, image.length - row.length);
  return image;
}
