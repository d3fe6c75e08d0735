// Witness generation at word level (docs/protocol.md §9.2): each compression is computed natively,
// and every row's three bits (a = A_0 z, b = B_0 z, z = a ∧ b) are written as whole runs of
// bits straight into the packed columns, the committed q_flock column among them (bit i of K
// word y is z[64y + i], i.e. bit j of u32 word w is z[32w + j]). Padding blocks are one
// compression computed once and copied.
import type { Compression } from './compression';
import { paddingCompression } from './compression';
import { ShapeError } from '../../util/errors';
import {
  BLOCK_U32, CONST_POS, F0_BASE, F1_BASE, G_A1, G_A2, G_C1, G_C2, G_LANES, G_PER_ROUND, H_BASE,
  M_BASE, OUT_BASE, ROUNDS, SIGMA, T_HI_BASE, T_LO_BASE, gBase,
} from './layout';

const LOW31 = 0x7fffffff;
const LOW30 = 0x3fffffff;
const IV0 = 0x6a09e667, IV1 = 0xbb67ae85, IV2 = 0x3c6ef372, IV3 = 0xa54ff53a;
const IV4 = 0x510e527f, IV5 = 0x9b05688c, IV6 = 0x1f83d9ab, IV7 = 0x5be0cd19;

/**
 * The inputs of a batch's compressions as the witness takes them: `live` compressions, then
 * the padding instance's. Only the messages differ in a hash batch, so the rest of the inputs
 * (h, tLo, tHi, f0, f1) is given once when every compression shares it.
 */
export interface WitnessInputs {
  readonly live: number;
  /** 16 words per compression, the padding instance's last. */
  readonly messages: Uint32Array;
  /** 12 words (h[8], tLo, tHi, f0, f1): one set shared by all, or one per compression and
   * then the padding instance's. */
  readonly headers: Uint32Array;
}

/** The packed witness of a batch: z (the committed q_flock column), a = A·z and b = B·z. */
export interface FlockWitness {
  readonly nBlocksLog: number;
  /** Blocks written from real compressions; blocks from here on are padding instances. */
  readonly live: number;
  /** 2^nBlocksLog blocks of 512 u32 (256 K words) each. */
  readonly z: Uint32Array;
  readonly a: Uint32Array;
  readonly b: Uint32Array;
}

/** The three packed columns of one block, from u32 word `at`: every row writes z = a ∧ b. */
class BlockRows {
  constructor(readonly z: Uint32Array, readonly a: Uint32Array, readonly b: Uint32Array, readonly at: number) {}

  /** Rows pos.. take the bits of av and bv (already masked to their run) as a and b. */
  rows(pos: number, av: number, bv: number): void {
    const w = this.at + (pos >>> 5), s = pos & 31, zv = av & bv;
    this.a[w] |= av << s;
    this.b[w] |= bv << s;
    this.z[w] |= zv << s;
    if (s !== 0) {
      this.a[w + 1] |= av >>> (32 - s);
      this.b[w + 1] |= bv >>> (32 - s);
      this.z[w + 1] |= zv >>> (32 - s);
    }
  }

  /** A row per bit whose value is v: input and output words (a = z = v, b = 1). */
  value(pos: number, v: number): void {
    this.rows(pos, v, -1);
  }

  /** The 31 carry rows of x + y at `pos`; returns the sum. */
  add(pos: number, x: number, y: number): number {
    const sum = (x + y) | 0;
    const cin = sum ^ x ^ y;
    this.rows(pos, (x ^ cin) & LOW31, (y ^ cin) & LOW31);
    return sum;
  }

  /** The fused x + y + w at `pos`: 31 majority rows, then 30 ripple rows for bits 1..30; returns the sum. */
  add3(pos: number, x: number, y: number, w: number): number {
    const ml = (x ^ w) & LOW31, mr = (y ^ w) & LOW31;
    this.rows(pos, ml, mr);
    const p = x ^ y ^ w;
    const q = ((ml & mr) ^ (w & LOW31)) << 1; // the carries of x + y + w, one place up
    const sum = (p + q) | 0;
    const cin = sum ^ p ^ q;
    this.rows(pos + 31, ((p ^ cin) >>> 1) & LOW30, ((q ^ cin) >>> 1) & LOW30);
    return sum;
  }
}

const V = new Int32Array(16);

/** Words of a compression's message, and of the rest of its inputs (h, tLo, tHi, f0, f1). */
export const MESSAGE_WORDS = 16;
export const HEADER_WORDS = 12;

/**
 * The inputs of `compressions` then of the padding instance `pad` (by default the hash batch's;
 * the VM pads with its fill rows' compression), their headers once when all share one.
 */
export function witnessInputs(compressions: readonly Compression[], pad: Compression = paddingCompression()): WitnessInputs {
  const all = [...compressions, pad];
  const messages = new Uint32Array(MESSAGE_WORDS * all.length);
  const headers = new Uint32Array(HEADER_WORDS * all.length);
  all.forEach((c, i) => {
    messages.set(c.m, MESSAGE_WORDS * i);
    const at = HEADER_WORDS * i;
    headers.set(c.h, at);
    headers.set([c.tLo, c.tHi, c.f0, c.f1], at + 8);
  });
  return packedInputs(compressions.length, messages, headers);
}

/** WitnessInputs of live compressions and the padding one (messages and headers of each, in
 * order), the headers once when all are the same. */
export function packedInputs(live: number, messages: Uint32Array, headers: Uint32Array): WitnessInputs {
  const last = headers.subarray(HEADER_WORDS * live);
  const shared = headers.every((w, i) => w === last[i % HEADER_WORDS]);
  return { live, messages, headers: shared ? last.slice() : headers };
}

/** Word `i` of compression `c`'s header. */
function header(inputs: WitnessInputs, c: number, i: number): number {
  const { headers } = inputs;
  return headers[headers.length === HEADER_WORDS ? i : HEADER_WORDS * c + i];
}

/** Writes one block (512 u32 per column, zeroed here first) at u32 offset `offset` from
 * compression `c` of `inputs`. */
function writeBlock(inputs: WitnessInputs, c: number, z: Uint32Array, a: Uint32Array, b: Uint32Array, offset: number): void {
  z.fill(0, offset, offset + BLOCK_U32);
  a.fill(0, offset, offset + BLOCK_U32);
  b.fill(0, offset, offset + BLOCK_U32);
  const out = new BlockRows(z, a, b, offset);
  out.rows(CONST_POS, 1, 1);
  const m = inputs.messages.subarray(MESSAGE_WORDS * c, MESSAGE_WORDS * (c + 1));
  const h = Array.from({ length: 8 }, (_, i) => header(inputs, c, i));
  const [tLo, tHi, f0, f1] = [8, 9, 10, 11].map((i) => header(inputs, c, i));
  for (let i = 0; i < 8; i++) out.value(H_BASE + 32 * i, h[i]);
  for (let i = 0; i < 16; i++) out.value(M_BASE + 32 * i, m[i]);
  out.value(T_LO_BASE, tLo);
  out.value(T_HI_BASE, tHi);
  out.value(F0_BASE, f0);
  out.value(F1_BASE, f1);
  const v = V;
  for (let i = 0; i < 8; i++) v[i] = h[i];
  v[8] = IV0; v[9] = IV1; v[10] = IV2; v[11] = IV3;
  v[12] = IV4 ^ tLo; v[13] = IV5 ^ tHi; v[14] = IV6 ^ f0; v[15] = IV7 ^ f1;
  for (let r = 0; r < ROUNDS; r++) {
    const sigma = SIGMA[r];
    for (let gi = 0; gi < G_PER_ROUND; gi++) {
      const lanes = G_LANES[gi];
      const la = lanes[0], lb = lanes[1], lc = lanes[2], ld = lanes[3];
      const base = gBase(G_PER_ROUND * r + gi);
      const a1 = out.add3(base + G_A1, v[la], v[lb], m[sigma[2 * gi]]);
      let d = v[ld] ^ a1;
      const d1 = (d >>> 16) | (d << 16);
      const c1 = out.add(base + G_C1, v[lc], d1);
      let bb = v[lb] ^ c1;
      const b1 = (bb >>> 12) | (bb << 20);
      const a2 = out.add3(base + G_A2, a1, b1, m[sigma[2 * gi + 1]]);
      d = d1 ^ a2;
      const d2 = (d >>> 8) | (d << 24);
      const c2 = out.add(base + G_C2, c1, d2);
      bb = b1 ^ c2;
      v[la] = a2;
      v[lb] = (bb >>> 7) | (bb << 25);
      v[lc] = c2;
      v[ld] = d2;
    }
  }
  for (let i = 0; i < 8; i++) out.value(OUT_BASE + 32 * i, h[i] ^ v[i] ^ v[i + 8]);
}

/** Destination columns, each 2^nBlocksLog · 512 u32; any left out are allocated. */
export interface WitnessColumns {
  z?: Uint32Array;
  a?: Uint32Array;
  b?: Uint32Array;
}

/** Checks that `inputs` fit 2^nBlocksLog blocks; returns the block count. */
export function checkWitnessInputs(inputs: WitnessInputs, nBlocksLog: number): number {
  const blocks = 2 ** nBlocksLog;
  if (!Number.isInteger(nBlocksLog) || nBlocksLog < 3 || nBlocksLog > 20) {
    throw new ShapeError(`generateWitness: nBlocksLog must be an integer in 3..20, got ${nBlocksLog}`);
  }
  const { live, messages, headers } = inputs;
  if (!Number.isInteger(live) || live < 0 || live > blocks) {
    throw new ShapeError(`generateWitness: ${live} compressions exceed 2^${nBlocksLog} = ${blocks} block slots`);
  }
  if (messages.length !== MESSAGE_WORDS * (live + 1) || (headers.length !== HEADER_WORDS && headers.length !== HEADER_WORDS * (live + 1))) {
    throw new ShapeError(`generateWitness: inputs of ${live} compressions need ${MESSAGE_WORDS * (live + 1)} message words and 12 or ${HEADER_WORDS * (live + 1)} header words (the padding instance's last)`);
  }
  return blocks;
}

/**
 * The destination columns of a witness of `inputs` in 2^nBlocksLog blocks: those in `into`,
 * checked, the rest allocated.
 */
export function witnessColumns(inputs: WitnessInputs, nBlocksLog: number, into: WitnessColumns): FlockWitness {
  const blocks = checkWitnessInputs(inputs, nBlocksLog);
  const words = blocks * BLOCK_U32;
  const column = (c: Uint32Array | undefined, name: string): Uint32Array => {
    if (c === undefined) return new Uint32Array(words);
    if (c.length !== words) throw new ShapeError(`generateWitness: column ${name} needs ${words} u32 words, got ${c.length}`);
    return c;
  };
  return { nBlocksLog, live: inputs.live, z: column(into.z, 'z'), a: column(into.a, 'a'), b: column(into.b, 'b') };
}

/**
 * Writes the witness of `compressions` padded to 2^nBlocksLog blocks with the padding
 * instance. Pass `into.z` to write straight into the committed column (a view of the stack).
 */
export function generateWitness(compressions: readonly Compression[], nBlocksLog: number, into: WitnessColumns = {}): FlockWitness {
  return writeWitness(witnessInputs(compressions), nBlocksLog, into);
}

/** generateWitness from the compressions' inputs (the cpu backend's FlockPasses.witness). */
export function writeWitness(inputs: WitnessInputs, nBlocksLog: number, into: WitnessColumns = {}): FlockWitness {
  const w = witnessColumns(inputs, nBlocksLog, into);
  const { z, a, b, live } = w;
  const blocks = 2 ** nBlocksLog;
  for (let t = 0; t < live; t++) writeBlock(inputs, t, z, a, b, t * BLOCK_U32);
  if (live < blocks) {
    const pad = live * BLOCK_U32;
    writeBlock(inputs, live, z, a, b, pad);
    for (let t = live + 1; t < blocks; t++) {
      z.copyWithin(t * BLOCK_U32, pad, pad + BLOCK_U32);
      a.copyWithin(t * BLOCK_U32, pad, pad + BLOCK_U32);
      b.copyWithin(t * BLOCK_U32, pad, pad + BLOCK_U32);
    }
  }
  return w;
}
