// leanVM-b's XMSS instance (doc/xmss/main.tex at 5df6c37): 42 Winternitz chains of 3-bit
// digits under a target sum, a Merkle tree of height 32 (one leaf per epoch), 16-byte
// BLAKE2s digests. Sizes are in bytes; every hash input is also handled as LE u32 words.

/** v: the number of WOTS chains, one per encoding digit. */
export const XMSS_CHAINS = 42;
/** 2^w with w = 3: chain values 0..7, so a chain is walked at most 7 steps. */
export const XMSS_CHAIN_LENGTH = 8;
/** The digits of a valid encoding sum to this; verification then walks 42·7 − 195 = 99 chain steps. */
export const XMSS_TARGET_SUM = 195;
/** h: the Merkle tree's height, so a key has 2^32 epochs 0 .. 2^32 − 1. */
export const XMSS_TREE_HEIGHT = 32;
export const XMSS_MAX_EPOCH = 2 ** 32 - 1;

export const XMSS_DIGEST_BYTES = 16;
export const XMSS_MESSAGE_BYTES = 32;
export const XMSS_RANDOMNESS_BYTES = 24;
export const XMSS_SEED_BYTES = 32;
/** merkle_root ‖ public_param. */
export const XMSS_PUBLIC_KEY_BYTES = 32;
/** chain values (42 × 16) ‖ randomness (24) ‖ Merkle path (32 × 16). */
export const XMSS_SIGNATURE_BYTES = 1208;

/** Digits per 64-bit half of the encoding digest: 21 × 3 bits, the half's top bit left over. */
export const DIGITS_PER_HALF = XMSS_CHAINS / 2;
/** A 16-byte digest as LE u32 words. */
export const DIGEST_WORDS = 4;
export const TIPS_WORDS = XMSS_CHAINS * DIGEST_WORDS; // 168
export const RANDOMNESS_WORDS = XMSS_RANDOMNESS_BYTES / 4; // 6
export const PATH_WORDS = XMSS_TREE_HEIGHT * DIGEST_WORDS; // 128
export const MESSAGE_WORDS = XMSS_MESSAGE_BYTES / 4; // 8
