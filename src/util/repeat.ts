// A block of words repeated over a range by doubling copies (memmove), not a store per word.

/** Fills words[at + block, end) with copies of words[at, at + block) (end − at a multiple of
 * block, or the last copy cut short). */
export function repeatBlock(words: Uint32Array, at: number, block: number, end: number): void {
  for (let done = block; at + done < end; done *= 2) words.copyWithin(at + done, at, at + Math.min(done, end - at - done));
}
