// Hex helpers matching the trace files' encodings, and a byte-level oracle of one chain step.
import { blake2s as nobleBlake2s } from '@noble/hashes/blake2.js';
import { wordsToBytes } from '../../src/hash/blake2s';

/** Raw bytes as hex (digests, and a cv as its LE digest bytes). */
export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** A cv / digest in words as the trace writes it: its LE bytes. */
export const wordsHex = (w: Uint32Array): string => hex(wordsToBytes(w));

/** u64 number i of a word array, as 16 hex digits. */
export function u64Hex(words: Uint32Array, i: number): string {
  return words[2 * i + 1].toString(16).padStart(8, '0') + words[2 * i].toString(16).padStart(8, '0');
}

/** An E at words[offset..] as the trace writes it: "c0,c1,c2". */
export function eHex(words: Uint32Array, offset = 0): string {
  const w = words.subarray(offset, offset + 6);
  return [0, 1, 2].map((i) => u64Hex(w, i)).join(',');
}

/** Parse 16 hex digits into two u32 at out[o], out[o+1]. */
function putU64(out: Uint32Array, o: number, h: string): void {
  if (!/^[0-9a-f]{16}$/.test(h)) throw new Error(`not a u64 hex: ${h}`);
  out[o] = parseInt(h.slice(8), 16);
  out[o + 1] = parseInt(h.slice(0, 8), 16);
}

/** Parse "c0,c1,c2" (each 16 hex digits). */
export function eParse(s: string): Uint32Array {
  const limbs = s.split(',');
  if (limbs.length !== 3) throw new Error(`not an E: ${s}`);
  const out = new Uint32Array(6);
  limbs.forEach((l, i) => putU64(out, 2 * i, l));
  return out;
}

/** Parse "[e;e;...]" into packed words. */
export function eListParse(s: string): Uint32Array {
  const inner = s.replace(/^\[|\]$/g, '');
  const items = inner === '' ? [] : inner.split(';');
  const out = new Uint32Array(6 * items.length);
  items.forEach((it, i) => out.set(eParse(it), 6 * i));
  return out;
}

export function bytesFromHex(h: string): Uint8Array {
  return Uint8Array.from(Buffer.from(h, 'hex'));
}

/** Oracle of one chain step from the byte-level definition: BLAKE2s-256 (noble) of the
 * 32 cv bytes then four LE u64 block words; returns the 32-byte digest. */
export function oracleStep(cvBytes: Uint8Array, block: readonly bigint[]): Uint8Array {
  const input = new Uint8Array(64);
  input.set(cvBytes);
  const view = new DataView(input.buffer);
  block.forEach((w, i) => view.setBigUint64(32 + 8 * i, w, true));
  return nobleBlake2s(input);
}

/** The three K limbs of a packed E as bigints. */
export function eLimbs(words: Uint32Array, offset = 0): bigint[] {
  return [0, 1, 2].map((i) => (BigInt(words[offset + 2 * i + 1]) << 32n) | BigInt(words[offset + 2 * i]));
}
