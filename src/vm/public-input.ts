// A program's public input: the two memory words m[0], m[1] (256 bits as two 128-bit halves when,
// as for every program so far, the top limbs are zero). Words are written as the zkDSL's
// `# public_input:` annotations write them — a decimal or 0x-hex integer of up to 128 bits
// (c0 = low 64 bits, c1 = high 64), or `GEN ** k` (g^k in K) — or as the vectors'
// NAME.public.json ({"public_input": [E, E], ...}).
import { type E, eFromK, eFromLimbs } from '../field/e';
import { kPow } from '../field/k';
import { PublicInputError } from './errors';
import { eFromJson } from './words';

export type PublicInput = readonly [E, E];

const G = Uint32Array.of(2, 0);
const GEN_POW = /^GEN\s*\*\*\s*([0-9]+)$/;

/** One word from its annotation spelling. */
export function parsePublicWord(text: string): E {
  const t = text.trim();
  const pow = GEN_POW.exec(t);
  if (pow !== null) {
    const k = Number(pow[1]);
    if (!Number.isSafeInteger(k)) throw new PublicInputError(`public input ${JSON.stringify(text)}: exponent too large`);
    return eFromK(kPow(G, k));
  }
  if (t === 'GEN') return eFromK(G);
  const limbs = /^0x[0-9a-fA-F]+$/.test(t) ? hexLimbs(t.slice(2)) : /^[0-9]+$/.test(t) ? decimalLimbs(t) : null;
  if (limbs === null) throw new PublicInputError(`public input ${JSON.stringify(text)}: expected a decimal or 0x-hex integer of up to 128 bits, or GEN ** k`);
  if (limbs.length > 4) throw new PublicInputError(`public input ${JSON.stringify(text)}: more than 128 bits`);
  const w = Uint32Array.from({ length: 4 }, (_, i) => limbs[i] ?? 0);
  return eFromLimbs(w.subarray(0, 2), w.subarray(2, 4), new Uint32Array(2));
}

/** The annotation spelling of a 128-bit word (c2 = 0): its decimal integer c0 + 2^64·c1, which
 * parsePublicWord reads back. */
export function publicWordText(word: E): string {
  if (word[4] !== 0 || word[5] !== 0) throw new PublicInputError('public input: a word with a nonzero top limb has no integer spelling');
  const h = Array.from({ length: 8 }, (_, i) => (word[i >>> 1] >>> (16 * (i & 1))) & 0xffff); // 16-bit limbs, little-endian
  const chunks: number[] = []; // base-10^4 digits, least significant first
  while (h.some((x) => x !== 0)) {
    let rem = 0;
    for (let i = h.length - 1; i >= 0; i--) {
      const v = rem * 0x10000 + h[i];
      h[i] = Math.floor(v / 10000);
      rem = v % 10000;
    }
    chunks.push(rem);
  }
  if (chunks.length === 0) return '0';
  return chunks[chunks.length - 1].toString() + chunks.slice(0, -1).reverse().map((c) => c.toString().padStart(4, '0')).join('');
}

/** The two words of a comma-separated list ("A, B"). */
export function parsePublicInputList(text: string): PublicInput {
  const parts = text.split(',');
  if (parts.length !== 2) throw new PublicInputError(`public input: expected two words separated by a comma, got ${parts.length}`);
  return [parsePublicWord(parts[0]), parsePublicWord(parts[1])];
}

/** The words of a NAME.public.json text. */
export function parsePublicInputJson(text: string): PublicInput {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new PublicInputError(`public input file: not JSON: ${(e as Error).message}`);
  }
  const words = v !== null && typeof v === 'object' ? (v as Record<string, unknown>).public_input : undefined;
  if (!Array.isArray(words) || words.length !== 2) throw new PublicInputError('public input file: expected "public_input": [E, E]');
  const err = (at: string, expected: string) => new PublicInputError(`public input file ${at}: ${expected}`);
  return [eFromJson(words[0], 'public_input[0]', err), eFromJson(words[1], 'public_input[1]', err)];
}

/** Little-endian u32 limbs of a hex digit string (no leading zero limbs). */
function hexLimbs(hex: string): number[] {
  const digits = hex.replace(/^0+/, '');
  const out: number[] = [];
  for (let end = digits.length; end > 0; end -= 8) out.push(parseInt(digits.slice(Math.max(0, end - 8), end), 16));
  return out;
}

/** Little-endian u32 limbs of a decimal digit string, by repeated ×10 + d on 16-bit halves. */
function decimalLimbs(dec: string): number[] {
  const h: number[] = []; // 16-bit limbs, little-endian
  for (const ch of dec) {
    let carry = ch.charCodeAt(0) - 48;
    for (let i = 0; i < h.length; i++) {
      const v = h[i] * 10 + carry;
      h[i] = v & 0xffff;
      carry = v >>> 16;
    }
    if (carry) h.push(carry);
    if (h.length > 8) return [0, 0, 0, 0, 0]; // past 128 bits: the caller reports it
  }
  const out: number[] = [];
  for (let i = 0; i < h.length; i += 2) out.push((h[i] | ((h[i + 1] ?? 0) << 16)) >>> 0);
  return out;
}
