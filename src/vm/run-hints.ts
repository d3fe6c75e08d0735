// The prover hints, applied just before the instruction at their pc: the nondeterminism a run
// needs (frames and buffers, witness data, computed advice). None is checked by a proof; the
// program's own instructions constrain whatever a hint writes.
import { eInv } from '../field/e';
import { kInv, kMulAt, kPow } from '../field/k';
import { Fault } from './fault';
import { GPow } from './gpow';
import type { Hint } from './hints';
import type { WriteOnceMemory } from './memory';
import type { WitnessCursor } from './witness-streams';

/** A Print hint's output: the cell's word, or null if nothing had written it yet. */
export interface PrintRecord {
  readonly step: number;
  readonly pc: number;
  readonly label: string;
  readonly value: Uint32Array | null;
}

/** Recorded with `events: true`, for the execution trace: each hint as applied, and what each
 * allocation handed out. `step` is the step the hint runs before. */
export type ExecEvent =
  | { readonly kind: 'hint'; readonly step: number; readonly pc: number; readonly fp: number; readonly hint: Hint }
  | { readonly kind: 'alloc'; readonly step: number; readonly cell: number; readonly base: number; readonly size: number };

/** The interpreter state hints read and write. */
export interface HintState {
  readonly mem: WriteOnceMemory;
  readonly g: GPow;
  readonly witness: WitnessCursor;
  readonly prints: PrintRecord[];
  readonly events: ExecEvent[] | null;
  /** The bump allocator's next free cell. */
  nextFree: number;
  step: number;
}

const G = Uint32Array.of(2, 0);
const WORD = new Uint32Array(6);
const BIT = new Uint32Array(6);

/** Cell c's word, required to lie in K; its low limb as (lo, hi) in PAIR. */
const PAIR = new Uint32Array(2);
function kCell(mem: WriteOnceMemory, c: number, what: string): void {
  mem.get(c, WORD, 0);
  if ((WORD[2] | WORD[3] | WORD[4] | WORD[5]) !== 0) throw new Fault('hint', `${what} (cell ${c}) is not a K-valued word`);
  PAIR[0] = WORD[0];
  PAIR[1] = WORD[1];
}

/** The index a pointer cell names: its word is g^k for a covered k. */
function pointer(s: HintState, c: number, what: string): number {
  kCell(s.mem, c, what);
  const k = s.g.log(PAIR[0], PAIR[1]);
  if (k < 0) throw new Fault('hint', `${what} (cell ${c}) is not a g-power the run addresses`);
  return k;
}

function alloc(s: HintState, fp: number, ptr: number, size: number): void {
  const { mem, g } = s;
  const cell = fp + ptr;
  mem.ensure(cell);
  if (mem.isWritten(cell)) return;
  const base = s.nextFree;
  s.events?.push({ kind: 'alloc', step: s.step, cell, base, size });
  s.nextFree = base + size;
  if (!g.growTo(base + size)) throw new Fault('memory', `an allocation of ${size} cells at ${base} is past the VM's 2^28 addressable cells`);
  g.note(base);
  mem.ensure(s.nextFree);
  mem.putK(cell, g.lo(base), g.hi(base));
}

/** Baby steps g^j, j < 2^17, and the giant step g^(-2^17), built on first use. */
const LOG_BABY = 17;
/** Giant steps at most: exponents below 2^41, far past any address or counter of a run. */
const MAX_GIANT = 1 << 24;
let babySteps: { baby: GPow; giant: Uint32Array } | null = null;

/** The n with g^n = x (x in PAIR), searched below 2^nbits by baby-step giant-step. */
function boundedLog(nbits: number): number {
  if (babySteps === null) {
    const baby = new GPow((1 << LOG_BABY) - 1);
    const top = Uint32Array.of(baby.lo((1 << LOG_BABY) - 1), baby.hi((1 << LOG_BABY) - 1));
    kMulAt(top, 0, top, 0, G, 0);
    babySteps = { baby, giant: kInv(top) };
  }
  const { baby, giant } = babySteps;
  const giants = nbits > LOG_BABY ? 2 ** (nbits - LOG_BABY) : 1;
  const y = Uint32Array.of(PAIR[0], PAIR[1]);
  for (let a = 0; a < Math.min(giants, MAX_GIANT); a++) {
    const j = baby.log(y[0], y[1]);
    if (j >= 0) return a * 2 ** LOG_BABY + j;
    kMulAt(y, 0, y, 0, giant, 0);
  }
  throw new Fault('hint', `BitDecomposeExp: the value is not g^n for any n below 2^${Math.min(nbits, LOG_BABY + 24)}`);
}

/** Applies one hint of the instruction about to run in frame fp. */
export function applyHint(s: HintState, h: Hint, pc: number, fp: number): void {
  const { mem, g } = s;
  s.events?.push({ kind: 'hint', step: s.step, pc, fp, hint: h });
  switch (h.kind) {
    case 'Alloc':
      return alloc(s, fp, h.ptr, h.size);
    case 'AllocDyn': {
      // The size rides the exponent: the cell holds g^k for k cells.
      kCell(mem, fp + h.size, 'AllocDyn size');
      let k = g.log(PAIR[0], PAIR[1]);
      if (k < 0 && g.growTo(1 << 20)) k = g.log(PAIR[0], PAIR[1]);
      if (k < 0) throw new Fault('hint', `AllocDyn size (cell ${fp + h.size}) is not g^k for k below 2^20 cells`);
      return alloc(s, fp, h.ptr, k);
    }
    case 'Print': {
      const c = fp + h.cell;
      mem.ensure(c);
      s.prints.push({ step: s.step, pc, label: h.label, value: mem.isWritten(c) ? mem.cells.slice(6 * c, 6 * c + 6) : null });
      return;
    }
    case 'WitnessStack': {
      const entry = s.witness.pop(h.name, h.len);
      entry.forEach((w, k) => mem.put(fp + h.base + k, w, 0));
      return;
    }
    case 'WitnessHeap': {
      const b = pointer(s, fp + h.ptr, 'hint_witness heap pointer');
      const entry = s.witness.pop(h.name, h.len);
      entry.forEach((w, k) => mem.put(b + h.lo + k, w, 0));
      return;
    }
    case 'Log2Ceil': {
      if (h.nbits > 128) throw new Fault('hint', `Log2Ceil over ${h.nbits} bits: at most 128`);
      const b = pointer(s, fp + h.bits_ptr, 'log2_ceil bits pointer');
      // ceil(log2 v) of the integer v the bits spell: the top bit's index, plus one unless v is
      // a power of two; 0 for v ≤ 1.
      let top = -1, ones = 0;
      for (let j = 0; j < h.nbits; j++) {
        mem.get(b + j, WORD, 0);
        if ((WORD[0] | WORD[1] | WORD[2] | WORD[3] | WORD[4] | WORD[5]) !== 0) {
          top = j;
          ones++;
        }
      }
      const ceil = top <= 0 ? 0 : ones === 1 ? top : top + 1;
      const e = kPow(G, Math.max(ceil, h.floor));
      mem.putK(fp + h.dst, e[0], e[1]);
      return;
    }
    case 'BitDecompose': {
      if (h.nbits > 192) throw new Fault('hint', `BitDecompose of ${h.nbits} bits: a word has 192`);
      const v = new Uint32Array(6);
      mem.get(fp + h.value, v, 0);
      const bb = pointer(s, fp + h.bits_ptr, 'decompose bits pointer');
      for (let j = 0; j < h.nbits; j++) {
        BIT[0] = (v[j >>> 5] >>> (j & 31)) & 1;
        mem.put(bb + j, BIT, 0);
      }
      return;
    }
    case 'BitDecomposeExp': {
      kCell(mem, fp + h.value, 'hint_decompose_bits_exponent value');
      const n = boundedLog(h.nbits);
      const bb = pointer(s, fp + h.bits_ptr, 'hint_decompose_bits_exponent bits pointer');
      for (let j = 0; j < h.nbits; j++) {
        BIT[0] = j < 53 ? Math.floor(n / 2 ** j) % 2 : 0;
        mem.put(bb + j, BIT, 0);
      }
      return;
    }
    case 'FieldLimbs': {
      if (h.len < 1 || h.len > 3) throw new Fault('hint', `FieldLimbs of ${h.len} limbs: a word has 1 to 3`);
      const v = new Uint32Array(6);
      mem.get(fp + h.value, v, 0);
      for (let j = 0; j < h.len; j++) mem.putK(fp + h.base + j, v[2 * j], v[2 * j + 1]);
      return;
    }
    case 'Inverse': {
      mem.get(fp + h.value, WORD, 0);
      mem.put(fp + h.dst, eInv(WORD), 0); // eInv(0) = 0, as the hint asks
      return;
    }
  }
}
