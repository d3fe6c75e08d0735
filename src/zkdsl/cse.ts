// Common-subexpression elimination over one function's lowered code. Frame cells are
// write-once, so a cell's defining instruction is its only one, and a repeated pure operation
// (SET of a constant, XOR, MUL) in the same straight-line block can be dropped with its readers
// pointed at the first result. Only a cell written exactly once (hints included) qualifies,
// which keeps the `XOR t; SET t = 0` assertion idiom intact; only locals (a caller reads the
// argument and return cells); and the value table empties at every jump target and after every
// JUMP, so nothing is folded across a branch.
import type { Hint } from '../vm/hints';
import type { LHint, LInstr, Off } from './ir';
import { wordKey } from './words';

/** Drops the redundant pure instructions of code[0, frozenFrom) in place (the fill blocks from
 * frozenFrom on are left alone: their operands are offsets into frames of their own). Returns
 * how many were dropped. */
export function cse(code: LInstr[], abiEnd: Off, frozenFrom: number): number {
  const writes = writeCounts(code);
  const labels = new Set<number>();
  for (const ins of code) if (ins.op.op === 'SET' && ins.op.k.k === 'local') labels.add(ins.op.k.target);

  const subst = new Map<Off, Off>();
  const seen = new ValueTable();
  const drop = new Uint8Array(code.length);
  let endsBlock = false;
  let dropped = 0;
  for (let i = 0; i < code.length && i < frozenFrom; i++) {
    const ins = code[i];
    if (endsBlock || labels.has(i)) seen.clear();
    endsBlock = ins.op.op === 'JUMP';
    if (subst.size > 0) rewriteReads(ins, subst);
    const op = ins.op;
    let key: Key;
    let dst: Off;
    if (op.op === 'XOR' || op.op === 'MUL') {
      key = [op.op, Math.min(op.a, op.b), Math.max(op.a, op.b)];
      dst = op.c;
    } else if (op.op === 'SET' && op.k.k === 'const') {
      key = ['SET', wordKey(op.k.v), 0];
      dst = op.o;
    } else continue;
    if (dst < abiEnd || writes.get(dst) !== 1) continue;
    // A hint fires just before its instruction; dropping the instruction would move it.
    if (ins.hints.length > 0) {
      if (seen.get(key) === undefined) seen.set(key, dst);
      continue;
    }
    const canon = seen.get(key);
    if (canon !== undefined) {
      subst.set(dst, canon);
      drop[i] = 1;
      dropped++;
    } else seen.set(key, dst);
  }
  if (dropped > 0) compact(code, drop);
  return dropped;
}

/** A pure operation's identity: the opcode and its operands (commutative ones sorted), or a
 * constant's value. */
type Key = readonly ['XOR' | 'MUL', number, number] | readonly ['SET', string, 0];

/** The values computed so far in the current block, by Key. */
class ValueTable {
  private readonly ops = { XOR: new Map<number, Map<number, Off>>(), MUL: new Map<number, Map<number, Off>>() };
  private readonly consts = new Map<string, Off>();

  get(k: Key): Off | undefined {
    return k[0] === 'SET' ? this.consts.get(k[1]) : this.ops[k[0]].get(k[1])?.get(k[2]);
  }

  set(k: Key, o: Off): void {
    if (k[0] === 'SET') {
      this.consts.set(k[1], o);
      return;
    }
    const m = this.ops[k[0]];
    let inner = m.get(k[1]);
    if (inner === undefined) m.set(k[1], (inner = new Map()));
    inner.set(k[2], o);
  }

  clear(): void {
    this.ops.XOR.clear();
    this.ops.MUL.clear();
    this.consts.clear();
  }
}

/** How often each frame cell is written, by instructions and hints. */
function writeCounts(code: readonly LInstr[]): Map<Off, number> {
  const w = new Map<Off, number>();
  const bump = (o: Off) => w.set(o, (w.get(o) ?? 0) + 1);
  for (const ins of code) {
    const op = ins.op;
    switch (op.op) {
      case 'SET':
        bump(op.o);
        break;
      case 'XOR':
      case 'MUL':
        bump(op.c);
        break;
      case 'DEREF':
        // A cell-mode DEREF writes its local cell when it acts as a load.
        if (op.mode === 'cell') bump(op.gamma);
        break;
      case 'BLAKE2S':
        bump(op.c);
        bump(op.c + 1);
        break;
    }
    for (const h of ins.hints) {
      if (h.kind === 'frame') {
        bump(h.ptr);
        continue;
      }
      const r: Hint = h.hint;
      if (r.kind === 'Alloc' || r.kind === 'AllocDyn') bump(r.ptr);
      else if (r.kind === 'WitnessStack' || r.kind === 'FieldLimbs') for (let k = 0; k < r.len; k++) bump(r.base + k);
      else if (r.kind === 'Log2Ceil' || r.kind === 'Inverse') bump(r.dst);
      // The others write heap cells through a pointer.
    }
  }
  return w;
}

/** The frame cells each hint kind reads (a destination it fills is a write, not listed). */
const HINT_READS: Partial<Record<Hint['kind'], readonly string[]>> = {
  AllocDyn: ['size'],
  WitnessHeap: ['ptr'],
  Log2Ceil: ['bits_ptr'],
  BitDecompose: ['value', 'bits_ptr'],
  BitDecomposeExp: ['value', 'bits_ptr'],
  FieldLimbs: ['value'],
  Inverse: ['value'],
  Print: ['cell'],
};

/** Points every operand that is read at its canonical cell. Every cell in `subst` is written
 * once, by a dropped instruction, so every other field naming it is a read. */
function rewriteReads(ins: LInstr, subst: ReadonlyMap<Off, Off>): void {
  const m = (o: Off) => subst.get(o) ?? o;
  const op = ins.op;
  switch (op.op) {
    case 'XOR':
    case 'MUL':
      op.a = m(op.a);
      op.b = m(op.b);
      break;
    case 'DEREF':
      op.alpha = m(op.alpha);
      if (op.mode === 'cell') op.gamma = m(op.gamma);
      break;
    case 'JUMP':
      op.oc = m(op.oc);
      op.od = m(op.od);
      op.of = m(op.of);
      break;
    case 'BLAKE2S':
      for (let j = 0; j < 4; j++) op.ins[j] = m(op.ins[j]);
      op.cv = m(op.cv);
      break;
  }
  ins.hints.forEach((h: LHint, j) => {
    if (h.kind === 'frame') return;
    const fields = HINT_READS[h.hint.kind];
    if (fields === undefined) return;
    const r: Record<string, unknown> = { ...h.hint };
    for (const f of fields) r[f] = m(r[f] as Off);
    ins.hints[j] = { kind: 'vm', hint: r as unknown as Hint };
  });
}

/** Removes the dropped instructions and renumbers local jump targets. */
function compact(code: LInstr[], drop: Uint8Array): void {
  const newIndex = new Uint32Array(code.length + 1);
  let next = 0;
  for (let i = 0; i < code.length; i++) {
    newIndex[i] = next;
    if (!drop[i]) next++;
  }
  newIndex[code.length] = next;
  let w = 0;
  for (let i = 0; i < code.length; i++) if (!drop[i]) code[w++] = code[i];
  code.length = w;
  for (const ins of code) if (ins.op.op === 'SET' && ins.op.k.k === 'local') ins.op.k.target = newIndex[ins.op.k.target];
}
