// The interpreter: runs a compiled program over write-once memory from (pc, fp) = (0, 0) to the
// halt sentinel (the last bytecode slot), then walks the fill cycles that bring every table to a
// power of two, and returns the final memory, the access counts and the trace as table rows.
// pc, fp and addresses are plain integers k here; the machine's values are g^k, and a pointer
// read from memory is turned back into k by discrete log over the covered range (gpow.ts).
//
// Semantics follow leanVM-b's cpu::execute (5df6c37) step for step, because a byte-identical
// proof needs the same memory placement, counts and row order. In particular an instruction
// fills in whichever side of its equality is unknown: XOR and MUL back-solve one operand from a
// known result, DEREF in cell mode copies either way, and a DEREF whose two cells are both still
// unwritten (a range check's touch) is settled after the run.
import { eInv, eMulAt } from '../field/e';
import { kMulAt } from '../field/k';
import { compressInto } from '../hash/blake2s';
import { ExecutionError } from './errors';
import { Fault, wordText } from './fault';
import { FILL_FRAME, MIN_ROWS, fillCycles, solveFill } from './filler';
import { GPow, MIN_LOG_MEM } from './gpow';
import { WriteOnceMemory } from './memory';
import type { FnRange, Program } from './program';
import type { PublicInput } from './public-input';
import { type ExecEvent, type HintState, type PrintRecord, applyHint } from './run-hints';
import { TableRows, emptyTables } from './trace';
import { WitnessCursor, type WitnessStreams, mergeStreams } from './witness-streams';
import { type PlainSteps, REG } from '../kernels/vm/steps';
import { PlainLane } from './plain-steps';
import { checkOptions } from '../util/options';

/** The reference interpreter's step limit. */
export const DEFAULT_MAX_CYCLES = 100_000_000;

export interface ExecuteOptions {
  /** Witness streams replacing the program's own streams of the same name. */
  readonly witness?: WitnessStreams;
  /** Steps at most, the fill included (default DEFAULT_MAX_CYCLES). */
  readonly maxCycles?: number;
  /** Least rows per table the fill must reach (each a floor on 2^τ; default none). */
  readonly fillFloors?: readonly number[];
  /** Record each hint and allocation (Execution.events), for formatExecTrace. */
  readonly events?: boolean;
  /** Where plain steps run (a backend's VmKernels.steps, plain-steps.ts); default: here, one
   * by one. The run is the same either way. */
  readonly steps?: PlainSteps;
}

/** The rules ExecuteOptions are checked by (src/util/options.ts). */
export const EXECUTE_RULES = { witness: 'map', maxCycles: { integer: [1, Number.MAX_SAFE_INTEGER] }, fillFloors: { integers: [0, 2 ** 32] }, events: 'boolean', steps: 'function' } as const;

/** One fill cycle as walked: the block's first pc, the frame it ran in, and its rows (its
 * traversals times its size plus one). */
export interface FillRun {
  readonly pc: number;
  readonly fp: number;
  readonly rows: number;
}

export interface Execution {
  /** The final write-once memory: 2^logMem cells of 6 u32 words (an E word, limbs low first);
   * cells nothing wrote are zero. */
  readonly memory: Uint32Array;
  /** h: memory is 2^h cells, the smallest power of two holding every cell touched, at least
   * 2^16. */
  readonly logMem: number;
  /** One past the highest cell touched (the reference's mem_used). */
  readonly memUsed: number;
  /** Each cell's final access count A (2^logMem entries): the committed count is g^A. */
  readonly memCounts: Uint32Array;
  /** Each pc's execution count (bytecode length entries). */
  readonly bytecodeCounts: Uint32Array;
  /** Steps in all, the fill included. */
  readonly cycles: number;
  /** Steps up to the halt. */
  readonly programCycles: number;
  /** Rows per table (TABLES order) at the halt, and once filled. */
  readonly baseCounts: readonly number[];
  readonly rowCounts: readonly number[];
  /** log2 of each table's rows, or null if some table is no power of two at or above its
   * least height (a program without fill blocks that does not land on them itself). */
  readonly taus: readonly number[] | null;
  /** The trace: each table's rows, in execution order. */
  readonly rows: readonly TableRows[];
  /** The table of each step, in execution order (`cycles` entries). */
  readonly order: Uint8Array;
  readonly fill: readonly FillRun[];
  /** Cells below the fill's frames that were read but never written: a value from outside the
   * constraints, which the prover refuses (a compiler bug, never a program's). */
  readonly unconstrainedReads: readonly number[];
  readonly prints: readonly PrintRecord[];
  /** With `events: true`. */
  readonly events: readonly ExecEvent[] | null;
}

/** The function holding pc, as fn_ranges names it. */
export function functionAt(program: Program, pc: number): string {
  const r = program.fnRanges.find((f: FnRange) => pc >= f.entry && pc < f.entry + f.len);
  return r === undefined ? '<unknown fn>' : r.name;
}

// The bytecode decoded once per program: 8 u32 per slot (opcode = table index, then operands
// in the order below) and each slot's E constant (SET's k, BLAKE2S's metadata).
export const SLOT = 8;
/** DEREF's source mode, as decoded. */
export const MODE = { cell: 0, pc: 1, fp: 2 } as const;
export interface Decoded {
  readonly code: Uint32Array;
  readonly consts: Uint32Array;
  /** 1 + the index into `lists` of the pc's hints, 0 for none. */
  readonly hintAt: Int32Array;
}
const decodedPrograms = new WeakMap<Program, Decoded>();

/** Slot pc: code[SLOT·pc] the table, then XOR/MUL a, b, c; SET o; DEREF α, β, γ, mode; JUMP
 * c, d, f; BLAKE2S the four message cells, cv, out. consts[6·pc ..] SET's k or BLAKE2S's
 * metadata. */
export function decode(program: Program): Decoded {
  const cached = decodedPrograms.get(program);
  if (cached !== undefined) return cached;
  const n = program.bytecode.length;
  const code = new Uint32Array(SLOT * n);
  const consts = new Uint32Array(6 * n);
  program.bytecode.forEach((ins, pc) => {
    const o = SLOT * pc;
    switch (ins.op) {
      case 'XOR':
      case 'MUL':
        code.set([ins.op === 'XOR' ? 0 : 1, ins.a, ins.b, ins.c], o);
        break;
      case 'SET':
        code.set([2, ins.o], o);
        consts.set(ins.k, 6 * pc);
        break;
      case 'DEREF':
        code.set([3, ins.alpha, ins.beta, ins.gamma, MODE[ins.mode]], o);
        break;
      case 'JUMP':
        code.set([4, ins.oc, ins.od, ins.of], o);
        break;
      case 'BLAKE2S':
        code.set([5, ...ins.ins, ins.cv, ins.out], o);
        consts.set(ins.metadata, 6 * pc);
        break;
    }
  });
  const hintAt = new Int32Array(n);
  let i = 0;
  for (const pc of program.hints.keys()) hintAt[pc] = ++i;
  const d = { code, consts, hintAt };
  decodedPrograms.set(program, d);
  return d;
}

const isPow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;

/**
 * Runs `program` on `publicInput` (written to m[0], m[1] before the first step) to its halt and
 * through the fill. With a null public input the two cells start unwritten, so the run derives
 * the words its program publishes (memory cells 0 and 1 afterwards); a program that reads them
 * first reads zero and lists them in unconstrainedReads.
 */
export function execute(program: Program, publicInput: PublicInput | null, options: ExecuteOptions = {}): Execution {
  checkOptions('execute', options, EXECUTE_RULES);
  const n = program.bytecode.length;
  const endPc = n - 1;
  const maxCycles = options.maxCycles ?? DEFAULT_MAX_CYCLES;
  const { code, consts, hintAt } = decode(program);
  const hintLists = [...program.hints.values()];

  const g = new GPow(n + 2);
  const mem = new WriteOnceMemory(Math.max(program.mainFrame, 2));
  if (publicInput !== null) {
    mem.put(0, publicInput[0], 0);
    mem.put(1, publicInput[1], 0);
  }
  const hs: HintState = {
    mem,
    g,
    witness: new WitnessCursor(mergeStreams(program.witness, options.witness)),
    prints: [],
    events: options.events ? [] : null,
    nextFree: program.mainFrame,
    step: 0,
  };
  const bytecodeCounts = new Uint32Array(n);
  const tables = emptyTables();
  let order: Uint8Array = new Uint8Array(1 << 16);
  // Range-check touches whose two cells were both unwritten, as pairs (target, local).
  const deferred: number[] = [];

  const vm = new Machine(code, consts, mem, g, n, deferred);
  const lane = options.steps === undefined ? null : new PlainLane(options.steps, { code, consts, hintAt }, mem, g, tables, bytecodeCounts, maxCycles, endPc);

  let pc = 0, fp = 0, steps = 0;
  let baseCounts: number[] | null = null;
  let programCycles = 0;
  let fillBase = Infinity;
  const fill: FillRun[] = [];
  let nextCycle = 0;
  /** Rows left in the current fill cycle; -1 while the program's own chain runs. */
  let left = -1;
  let walking = true;

  // The hints of the step at pc are applied, and the stepper was handed its instruction.
  let applied = false;
  try {
    for (;;) {
      if (lane !== null) {
        // As far as the stepper goes; the step it stops at is taken below.
        if (lane.steps(pc, fp, steps, left, order, applied) > 0) applied = false;
        const r = lane.regs;
        pc = r[REG.pc];
        fp = r[REG.fp];
        steps = r[REG.steps];
        left = r[REG.left];
      }
      if (left < 0 ? pc === endPc : left === 0) {
        if (left < 0) {
          // The halt: the program's own rows are final, so the fill is solved exactly once.
          if (fp !== 0) throw new Fault('halt', `the run reached the sentinel pc ${endPc} in frame ${fp}, not main's frame 0`);
          baseCounts = tables.map((t) => t.length);
          programCycles = steps;
          fillBase = Math.max(1 << MIN_LOG_MEM, hs.nextFree);
          if (program.filler.length > 0) setUpFill(program, baseCounts, options.fillFloors, hs, fill);
        }
        if (nextCycle === fill.length) break;
        ({ pc, fp, rows: left } = fill[nextCycle++]);
      }
      if (steps >= maxCycles) throw new Fault('cycle-cap', `the run passed its cap of ${maxCycles} cycles`);

      const h = hintAt[pc];
      if (h !== 0 && !applied) {
        hs.step = steps;
        for (const hint of hintLists[h - 1]) applyHint(hs, hint, pc, fp);
        // The instruction itself to the stepper, which gives it back if it cannot take it.
        if (lane !== null) {
          applied = true;
          continue;
        }
      }
      applied = false;
      if (left > 0) left--;
      // Cover the powers this step may store: the return address g^(pc+2) and g^fp.
      const need = Math.max(pc + 2, fp);
      if (g.covered <= need && !g.growTo(need)) throw new Fault('memory', `frame ${fp} is past the VM's 2^28 addressable cells`);

      const bc = bytecodeCounts[pc]++;
      const op = code[SLOT * pc];
      // One small function a table: each is optimised on its own feedback, so a table's first
      // rows deoptimise its step and not the loop.
      vm.pc = pc;
      vm.fp = fp;
      switch (op) {
        case 0:
        case 1:
          vm.arith(tables[op], op === 0, bc);
          break;
        case 2:
          vm.set(tables[op], bc);
          break;
        case 3:
          vm.deref(tables[op], bc);
          break;
        case 4:
          vm.jump(tables[op], bc);
          break;
        case 5:
          vm.blake2s(tables[op], bc);
          break;
      }
      pc = vm.pc;
      fp = vm.fp;
      if (steps === order.length) order = grow(order);
      order[steps++] = op;
    }
    walking = false;
    settleDeferred(mem, deferred);
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    // Past the walk, or between the halt and the first fill cycle, no instruction is at fault.
    const at = !walking || (baseCounts !== null && left < 0) ? -1 : pc;
    const line = at >= 0 && program.sourceLines !== undefined && program.sourceLines[at] !== 0 ? program.sourceLines[at] : null;
    throw new ExecutionError(e.kind, at, at < 0 ? '' : functionAt(program, at), steps, e.message, line);
  }

  const memUsed = mem.length;
  let logMem = MIN_LOG_MEM;
  while (2 ** logMem < memUsed) logMem++;
  const cells = 2 ** logMem;
  const fit = (a: Uint32Array, n: number) => (a.length >= n ? a.subarray(0, n) : grownTo(a, n));
  const memory = fit(mem.cells, 6 * cells);
  const memCounts = fit(mem.count, cells);

  const unconstrainedReads: number[] = [];
  for (let c = 0; c < Math.min(memUsed, fillBase); c++) if (mem.written[c] === 0 && mem.count[c] !== 0) unconstrainedReads.push(c);

  for (const t of tables) t.trim();
  const rowCounts = tables.map((t) => t.length);
  const taus = rowCounts.every((r, t) => isPow2(r) && r >= MIN_ROWS[t]) ? rowCounts.map((r) => Math.log2(r)) : null;
  return {
    memory,
    logMem,
    memUsed,
    memCounts,
    bytecodeCounts,
    cycles: steps,
    programCycles,
    baseCounts: baseCounts!,
    rowCounts,
    taus,
    rows: tables,
    order: order.slice(0, steps),
    fill,
    unconstrainedReads,
    prints: hs.prints,
    events: hs.events,
  };
}

const R = new Uint32Array(6); // an instruction's result word
const M = new Uint32Array(16); // BLAKE2S message
const H = new Uint32Array(8); // BLAKE2S chaining value, then its output
const B = new Float64Array(8); // BLAKE2S cells: message, cv, cv + 1, out, out + 1

/** One step of each table's instruction at (pc, fp): its memory effect and its trace row, then
 * the next (pc, fp). */
class Machine {
  pc = 0;
  fp = 0;

  constructor(
    private readonly code: Uint32Array,
    private readonly consts: Uint32Array,
    private readonly mem: WriteOnceMemory,
    private readonly g: GPow,
    private readonly n: number,
    /** Range-check touches whose two cells were both unwritten, as pairs (target, local). */
    private readonly deferred: number[],
  ) {}

  arith(rows: TableRows, xor: boolean, bc: number): void {
    const { code, mem, pc, fp } = this, o = SLOT * pc;
    const aa = fp + code[o + 1], ab = fp + code[o + 2], ac = fp + code[o + 3];
    mem.ensure(Math.max(aa, ab, ac));
    const w = mem.written;
    // m[c] = m[a] op m[b]: with the result known and one operand not, solve for it (the
    // range-check complement g^(k-1)·x^-1 comes out of a MUL this way).
    if (w[ac] === 1 && (w[aa] ^ w[ab]) === 1) backSolve(mem, xor, w[aa] === 1 ? aa : ab, w[aa] === 1 ? ab : aa, ac, R);
    const m = mem.cells;
    if (xor) for (let i = 0; i < 6; i++) R[i] = m[6 * aa + i] ^ m[6 * ab + i];
    else if ((m[6 * aa + 2] | m[6 * aa + 3] | m[6 * aa + 4] | m[6 * aa + 5] | m[6 * ab + 2] | m[6 * ab + 3] | m[6 * ab + 4] | m[6 * ab + 5]) === 0) {
      // Two K words (g-powers, counters): one K product, not an E one.
      kMulAt(R, 0, m, 6 * aa, m, 6 * ab);
      R[2] = R[3] = R[4] = R[5] = 0;
    } else eMulAt(R, 0, m, 6 * aa, m, 6 * ab);
    mem.put(ac, R, 0);
    appendRow3(rows, pc, fp, bc, mem.count, aa, ab, ac);
    this.pc = pc + 1;
  }

  set(rows: TableRows, bc: number): void {
    const { mem, pc, fp } = this;
    const a = fp + this.code[SLOT * pc + 1];
    mem.put(a, this.consts, 6 * pc);
    const at = rows.append(), d = rows.data;
    d[at] = pc;
    d[at + 1] = fp;
    d[at + 2] = bc;
    d[at + 3] = mem.count[a]++;
    this.pc = pc + 1;
  }

  deref(rows: TableRows, bc: number): void {
    const { code, mem, g, pc, fp } = this, o = SLOT * pc;
    const a1 = fp + code[o + 1];
    mem.ensure(a1);
    let m = mem.cells;
    const p = 6 * a1;
    if ((m[p + 2] | m[p + 3] | m[p + 4] | m[p + 5]) !== 0) throw new Fault('deref', `the DEREF pointer (cell ${a1}) is not a K-valued word: ${wordText(m, p)}`);
    const base = g.log(m[p], m[p + 1]);
    if (base < 0) throw new Fault('deref', `the DEREF pointer (cell ${a1}) is not a g-power the run addresses: a wild pointer, or a failed range check (value ${wordText(m, p)})`);
    const a2 = base + code[o + 2], a3 = fp + code[o + 3];
    mem.ensure(Math.max(a2, a3));
    m = mem.cells;
    const mode = code[o + 4];
    if (mode === MODE.cell) {
      const w = mem.written;
      if (w[a2] === 1 && w[a3] === 1) {
        for (let i = 0; i < 6; i++) {
          if (m[6 * a2 + i] !== m[6 * a3 + i]) throw new Fault('write-conflict', `DEREF equality fails (a failed assert): m[${a2}] = ${wordText(m, 6 * a2)} but m[fp+${code[o + 3]}] = m[${a3}] = ${wordText(m, 6 * a3)}`);
        }
      } else if (w[a2] === 1) mem.put(a3, m, 6 * a2);
      else if (w[a3] === 1) mem.put(a2, m, 6 * a3);
      else this.deferred.push(a2, a3);
    } else {
      const k = mode === MODE.pc ? pc + 2 : fp;
      g.note(k);
      mem.putK(a2, g.lo(k), g.hi(k));
    }
    appendRow3(rows, pc, fp, bc, mem.count, a1, a2, a3);
    this.pc = pc + 1;
  }

  jump(rows: TableRows, bc: number): void {
    const { code, mem, g, pc, fp, n } = this, o = SLOT * pc;
    const ac = fp + code[o + 1], ad = fp + code[o + 2], af = fp + code[o + 3];
    mem.ensure(Math.max(ac, ad, af));
    const m = mem.cells;
    // All three cells are K-valued on every row, taken or not: the table commits one limb of each.
    requireK(m, ac, 'condition');
    requireK(m, ad, 'destination');
    requireK(m, af, 'frame');
    appendRow3(rows, pc, fp, bc, mem.count, ac, ad, af);
    if ((m[6 * ac] | m[6 * ac + 1]) !== 0) {
      const to = g.log(m[6 * ad], m[6 * ad + 1]);
      if (to < 0 || to >= n) throw new Fault('jump', `the JUMP destination (cell ${ad}, ${wordText(m, 6 * ad)}) is no pc of the ${n}-slot bytecode`);
      const frame = g.log(m[6 * af], m[6 * af + 1]);
      if (frame < 0) throw new Fault('jump', `the JUMP frame (cell ${af}, ${wordText(m, 6 * af)}) is not a g-power the run addresses`);
      this.pc = to;
      this.fp = frame;
    } else this.pc = pc + 1;
  }

  blake2s(rows: TableRows, bc: number): void {
    const { code, consts, mem, pc, fp } = this, o = SLOT * pc;
    const cells = B;
    for (let j = 0; j < 4; j++) cells[j] = fp + code[o + 1 + j];
    cells[4] = fp + code[o + 5];
    cells[5] = cells[4] + 1;
    cells[6] = fp + code[o + 6];
    cells[7] = cells[6] + 1;
    mem.ensure(Math.max(cells[0], cells[1], cells[2], cells[3], cells[5], cells[7]));
    const m = mem.cells;
    for (let j = 0; j < 6; j++) {
      const c = 6 * cells[j];
      if ((m[c + 4] | m[c + 5]) !== 0) throw new Fault('blake2s', `BLAKE2S input cell ${cells[j]} is not a 128-bit word (c2 ≠ 0): ${wordText(m, c)}`);
      if (j < 4) M.set(m.subarray(c, c + 4), 4 * j);
      else H.set(m.subarray(c, c + 4), 4 * (j - 4));
    }
    const md = 6 * pc; // counter = c0, f0 | f1 << 32 = c1
    compressInto(H, 0, H, 0, M, 0, consts[md], consts[md + 1], consts[md + 2], consts[md + 3]);
    R.fill(0);
    R.set(H.subarray(0, 4));
    mem.put(cells[6], R, 0);
    R.set(H.subarray(4, 8));
    mem.put(cells[7], R, 0);
    const at = rows.append(), d = rows.data, cnt = mem.count;
    d[at] = pc;
    d[at + 1] = fp;
    d[at + 2] = bc;
    for (let j = 0; j < 8; j++) d[at + 3 + j] = cnt[cells[j]]++;
    this.pc = pc + 1;
  }
}

/** Appends a row reading three cells, taking (and advancing) their access counts in order. */
function appendRow3(rows: TableRows, pc: number, fp: number, bc: number, count: Uint32Array, a: number, b: number, c: number): void {
  const at = rows.append(), d = rows.data;
  d[at] = pc;
  d[at + 1] = fp;
  d[at + 2] = bc;
  d[at + 3] = count[a]++;
  d[at + 4] = count[b]++;
  d[at + 5] = count[c]++;
}

function requireK(m: Uint32Array, c: number, what: string): void {
  if ((m[6 * c + 2] | m[6 * c + 3] | m[6 * c + 4] | m[6 * c + 5]) !== 0) throw new Fault('jump', `the JUMP ${what} (cell ${c}) is not a K-valued word: ${wordText(m, 6 * c)}`);
}

/** m[c] = m[k] op m[u] with m[c], m[k] known: writes m[u] = m[c] + m[k] or m[c]·m[k]^-1. */
function backSolve(mem: WriteOnceMemory, xor: boolean, known: number, unknown: number, result: number, out: Uint32Array): void {
  const m = mem.cells, c = 6 * result, k = 6 * known;
  if (xor) for (let i = 0; i < 6; i++) out[i] = m[c + i] ^ m[k + i];
  else {
    const inv = eInv(m.subarray(k, k + 6));
    if ((inv[0] | inv[1] | inv[2] | inv[3] | inv[4] | inv[5]) === 0) throw new Fault('back-solve', `MUL: m[${result}] = ${wordText(m, c)} is known but its operand m[${known}] is zero, so m[${unknown}] cannot be solved for`);
    eMulAt(out, 0, m, c, inv, 0);
  }
  mem.put(unknown, out, 0);
}

/** Lays out the fill: one frame per cycle from max(2^16, next free cell), with the closing
 * jump's target and frame and the DEREF dummy's pointer written in. */
function setUpFill(program: Program, base: readonly number[], floors: readonly number[] | undefined, hs: HintState, out: FillRun[]): void {
  const plan = solveFill(base, floors);
  if (plan === null) throw new Fault('fill', `no fill takes the tables' rows ${JSON.stringify(base)} to powers of two below 2^32`);
  const cycles = fillCycles(program.filler, plan);
  if (!Array.isArray(cycles)) throw new Fault('fill', `the fill needs a block of ${cycles.size} rows for table ${cycles.table}, and the program has none`);
  const { mem, g } = hs;
  let frame = Math.max(1 << MIN_LOG_MEM, hs.nextFree);
  for (const c of cycles) {
    if (!g.growTo(frame)) throw new Fault('memory', `fill frame ${frame} is past the VM's 2^28 addressable cells`);
    g.note(frame);
    mem.putK(frame + FILL_FRAME.DEST, g.lo(c.pc), g.hi(c.pc));
    mem.putK(frame + FILL_FRAME.NEXT_FP, g.lo(frame), g.hi(frame));
    mem.putK(frame + FILL_FRAME.PTR, 1, 0);
    out.push({ pc: c.pc, fp: frame, rows: c.traversals * (c.size + 1) });
    frame += FILL_FRAME.CELLS;
  }
  hs.nextFree = frame;
}

/** Settles the range-check touches: a target some write reached gives the local its value, to
 * a fixpoint; both cells of what is left were never written and become zero. */
function settleDeferred(mem: WriteOnceMemory, pairs: number[]): void {
  let open = pairs;
  for (;;) {
    const rest: number[] = [];
    for (let i = 0; i < open.length; i += 2) {
      const [a2, a3] = [open[i], open[i + 1]];
      if (mem.written[a2] === 1) mem.put(a3, mem.cells, 6 * a2);
      else rest.push(a2, a3);
    }
    if (rest.length === open.length) break;
    open = rest;
  }
  const zero = new Uint32Array(6);
  for (let i = 0; i < open.length; i += 2) {
    mem.put(open[i], zero, 0);
    mem.put(open[i + 1], zero, 0);
  }
}

function grownTo(a: Uint32Array, n: number): Uint32Array {
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}

function grow(a: Uint8Array): Uint8Array {
  const b = new Uint8Array(2 * a.length);
  b.set(a);
  return b;
}
