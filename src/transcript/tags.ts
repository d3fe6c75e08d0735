// Domain tags of the transcript chain (docs/protocol.md §3.1): every block is three data
// words and its tag in lane 3, so absorbs of different kinds can never alias.

/** observe one E scalar: (c0, c1, c2, 1) */
export const TAG_SCALAR = 1;
/** one 24-byte chunk of a byte string: (w0, w1, w2, 2) */
export const TAG_BYTE = 2;
/** the length frame before a byte string: (len, 0, 0, 3) */
export const TAG_LEN = 3;
/** squeeze a challenge: (0, 0, 0, 4) */
export const TAG_SQUEEZE = 4;
/** grinding base, computed beside the chain: (0, 0, 0, 5) */
export const TAG_POW_BASE = 5;
/** bind a grinding nonce: (n0, n1, n2, 6) */
export const TAG_POW_NONCE = 6;

/** The protocol domain absorbed first by every transcript. */
export const TRANSCRIPT_DOMAIN = 'leanvm-b/transcript/v4-blake2s';
