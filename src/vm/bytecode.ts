// The verifier's view of a program: the bytecode multilinear P in kbc + 4 variables (kbc =
// log2 of the slot count), its BLAKE2s digest, and the Fiat–Shamir seed and transcript statement
// built from them (docs/protocol.md §11.5). P holds 16 columns of 2^kbc K
// words, the slot index in the high 4 bits: columns 0..2 and 12..15 are zero, column 3 + i is
// instruction column i (opcode, three operands, two flags, three extras).
import { blake2s, blake2sWords, wordsToBytes } from '../hash/blake2s';
import { type E, eFromLimbs } from '../field/e';
import { type K, kFromBytes, kMul, kOne, kPow } from '../field/k';
import { R1CS_DIGEST } from '../flock/r1cs-digest';
import { type Instruction, tableOf } from './isa';

/** Columns of P in use: 16 slots, the instruction's 9 columns from slot 3. */
export const BYTECODE_SLOTS = 16;
export const BYTECODE_FIRST_COLUMN = 3;
export const BYTECODE_COLUMNS = 9;

const SEED_DOMAIN = new TextEncoder().encode('leanvm-b-fs-seed-v2-blake2s');
const G = Uint32Array.of(2, 0);

/** Exponents below this come from a table of g^0, g^1, … grown one product a step (operands are
 * small frame offsets, and a power each took a third of the node program's build); larger ones
 * are powers, memoised. */
const DENSE_POWERS = 1 << 16;

/** Writes instructions' columns into P's words (the one at `pc`). A class, not closures made per
 * instruction: the node program has half a million. */
class ColumnWriter {
  pc = 0;
  private readonly powers: K[] = [kOne()];
  private readonly far = new Map<number, K>();

  constructor(
    private readonly words: Uint32Array,
    private readonly n: number,
  ) {}

  /** Instruction column `col` (0..8) as u32 words (low, high). */
  put(col: number, lo: number, hi: number): void {
    const at = 2 * ((BYTECODE_FIRST_COLUMN + col) * this.n + this.pc);
    this.words[at] = lo;
    this.words[at + 1] = hi;
  }

  gp(col: number, k: number): void {
    const v = this.power(k);
    this.put(col, v[0], v[1]);
  }

  private power(k: number): K {
    if (k >= DENSE_POWERS) {
      let v = this.far.get(k);
      if (v === undefined) this.far.set(k, (v = kPow(G, k)));
      return v;
    }
    for (const p = this.powers; p.length <= k; ) p.push(kMul(p[p.length - 1], G));
    return this.powers[k];
  }

  limb(col: number, e: E, i: number): void {
    this.put(col, e[2 * i], e[2 * i + 1]);
  }
}

/** The 9 K columns of one instruction, each nonzero one written. */
function writeColumns(ins: Instruction, w: ColumnWriter): void {
  w.gp(0, tableOf(ins.op));
  switch (ins.op) {
    case 'XOR':
    case 'MUL':
      w.gp(1, ins.a), w.gp(2, ins.b), w.gp(3, ins.c);
      return;
    case 'SET':
      w.gp(1, ins.o), w.limb(2, ins.k, 0), w.limb(3, ins.k, 1), w.limb(4, ins.k, 2);
      return;
    case 'DEREF':
      w.gp(1, ins.alpha), w.gp(2, ins.beta), w.gp(3, ins.gamma);
      if (ins.mode === 'pc') w.put(4, 1, 0);
      if (ins.mode === 'fp') w.put(5, 1, 0);
      return;
    case 'JUMP':
      w.gp(1, ins.oc), w.gp(2, ins.od), w.gp(3, ins.of);
      return;
    case 'BLAKE2S':
      w.gp(1, ins.ins[0]), w.gp(2, ins.ins[1]), w.gp(3, ins.ins[2]), w.gp(4, ins.ins[3]);
      w.gp(5, ins.cv), w.gp(6, ins.out), w.limb(7, ins.metadata, 0), w.limb(8, ins.metadata, 1);
      return;
  }
}

const multilinears = new WeakMap<object, Uint32Array>();

/** P as 16·2^kbc K words (2 u32 each, low first): word pc of column 3 + i is column i at pc.
 * Built once per program object (its digest, every proof and every verification of it read the
 * same words: an aggregate's process would build 4 MiB three times); callers never write it. */
export function bytecodeMultilinear(program: { readonly bytecode: readonly Instruction[] }): Uint32Array {
  let words = multilinears.get(program);
  if (words === undefined) multilinears.set(program, (words = buildMultilinear(program)));
  return words;
}

function buildMultilinear(program: { readonly bytecode: readonly Instruction[] }): Uint32Array {
  const n = program.bytecode.length;
  const words = new Uint32Array(2 * BYTECODE_SLOTS * n);
  const writer = new ColumnWriter(words, n);
  for (; writer.pc < n; writer.pc++) writeColumns(program.bytecode[writer.pc], writer);
  return words;
}

/** The multilinear's bytes: its K words little-endian (what the Python verifier reads). */
export function bytecodeBytes(program: { readonly bytecode: readonly Instruction[] }): Uint8Array {
  const words = bytecodeMultilinear(program);
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

const digests = new WeakMap<object, Uint8Array>();

/** BLAKE2s-256 of P's bytes, computed once per program object, from its words (BLAKE2s reads
 * LE words: no 64 MiB of bytes turned back into words for the node program). */
export function bytecodeDigest(program: { readonly bytecode: readonly Instruction[] }): Uint8Array {
  let d = digests.get(program);
  if (d === undefined) digests.set(program, (d = wordsToBytes(blake2sWords(bytecodeMultilinear(program)))));
  return d;
}

/** The digest in hex, as the program JSON's bytecode_hash. */
export function bytecodeHash(program: { readonly bytecode: readonly Instruction[] }): string {
  return Array.from(bytecodeDigest(program), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** BLAKE2s-256(domain ‖ R1CS_DIGEST ‖ digest(P)) as two E halves (c0, c1, 0). */
export function fsSeed(program: { readonly bytecode: readonly Instruction[] }): [E, E] {
  const input = new Uint8Array(SEED_DOMAIN.length + 64);
  input.set(SEED_DOMAIN);
  input.set(R1CS_DIGEST, SEED_DOMAIN.length);
  input.set(bytecodeDigest(program), SEED_DOMAIN.length + 32);
  const d = blake2s(input);
  const half = (o: number) => eFromLimbs(kFromBytes(d, o), kFromBytes(d, o + 8), new Uint32Array(2));
  return [half(0), half(16)];
}

/** The transcript label and statement of a program proof: the seed halves, then the two
 * public-input words. */
export const VM_TRANSCRIPT_LABEL = 'leanvm-b';
export function transcriptStatement(program: { readonly bytecode: readonly Instruction[] }, publicInput: readonly [E, E]): E[] {
  return [...fsSeed(program), publicInput[0], publicInput[1]];
}
