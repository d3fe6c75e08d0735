// A compiled program, as leanVM-b's compiler produces it and the program JSON
// (docs/protocol.md §11.6) writes it: the bytecode, which the verifier's statement is made
// of, and the prover-only data that runs it (hints, main's frame, fill blocks, witness streams).
// parseProgram validates every field and names the first one that is wrong; programToJson
// writes the canonical form (sorted keys, no whitespace, one final newline).
import type { E } from '../field/e';
import { bytecodeHash, fsSeed } from './bytecode';
import { ProgramFormatError } from './errors';
import { HINT_FIELDS, HINT_STRINGS, type Hint, type HintKind } from './hints';
import { DEREF_MODES, N_TABLES, type Instruction } from './isa';
import { canonicalJson } from '../util/canonical-json';
import { eFromJson, eToJson } from './words';

export const PROGRAM_SCHEMA = 'leanvm-b-5df6c37-program/v1';

/** The largest bytecode this implementation takes: 2^24 slots (its multilinear is 2 GiB of K
 * words at 2^24 · 16 · 8 bytes already; the reference's cap, 2^32, is far past any program). */
export const MAX_LOG_BYTECODE = 24;

/** Frame offsets and hint constants are u32, as in the reference. */
const U32_MAX = 0xffffffff;

/** A fill block: `size` cycles of table `table`'s opcode from `pc`, run after the halt to bring
 * that table's rows to a power of two. */
export interface FillBlock {
  readonly pc: number;
  readonly size: number;
  readonly table: number;
}

/** A compiled function's pc range (diagnostic only: error messages and profiles). */
export interface FnRange {
  readonly name: string;
  readonly entry: number;
  readonly len: number;
}

export interface Program {
  /** One instruction per slot; a power-of-two length. The last slot is the halt sentinel. */
  readonly bytecode: readonly Instruction[];
  /** Hints applied before the instruction at a pc, in order. */
  readonly hints: ReadonlyMap<number, readonly Hint[]>;
  /** main's frame size in cells: the first allocation starts there. */
  readonly mainFrame: number;
  readonly filler: readonly FillBlock[];
  /** Named witness streams: a stream is a list of entries, each a list of E words. */
  readonly witness: ReadonlyMap<string, readonly (readonly E[])[]>;
  /** The smallest stacked witness (log2 of K words) proofs of this program may commit to. */
  readonly minLogCommitted: number;
  readonly fnRanges: readonly FnRange[];
  /** The source line each pc was compiled from (0: none), when the program was compiled in this
   * process; the program JSON does not carry it. Run errors name the line. */
  readonly sourceLines?: Uint32Array;
}

/** Reads a program from its JSON text or parsed value, checking every field. */
export function parseProgram(json: string | unknown): Program {
  const root = object(jsonValue(json, '(text)'), '(root)', [
    'schema', 'bytecode', 'bytecode_len', 'bytecode_hash', 'fs_seed', 'main_frame', 'hints', 'filler', 'witness', 'min_log_committed', 'fn_ranges',
  ]);
  if (root.schema !== PROGRAM_SCHEMA) throw new ProgramFormatError('schema', `expected ${JSON.stringify(PROGRAM_SCHEMA)}, got ${JSON.stringify(root.schema)}`);
  const len = integer(root.bytecode_len, 'bytecode_len', 1, 2 ** MAX_LOG_BYTECODE);
  if ((len & (len - 1)) !== 0) throw new ProgramFormatError('bytecode_len', `expected a power of two, got ${len}`);
  const slots = array(root.bytecode, 'bytecode');
  if (slots.length !== len) throw new ProgramFormatError('bytecode', `expected bytecode_len = ${len} slots, got ${slots.length}`);
  const bytecode = slots.map((s, i) => instruction(s, `bytecode[${i}]`));
  const program: Program = {
    bytecode,
    hints: hintMap(root.hints, len),
    mainFrame: integer(root.main_frame, 'main_frame', 0, U32_MAX),
    filler: array(root.filler, 'filler').map((b, i) => fillBlock(b, `filler[${i}]`, len)),
    witness: witnessMap(root.witness),
    minLogCommitted: integer(root.min_log_committed, 'min_log_committed', 0, 32),
    fnRanges: array(root.fn_ranges, 'fn_ranges').map((r, i) => fnRange(r, `fn_ranges[${i}]`, len)),
  };
  // The digest and seed are derived data: a file whose copies disagree with its bytecode was
  // edited by hand or truncated, and would seed a transcript for another program.
  const hash = bytecodeHash(program);
  if (root.bytecode_hash !== hash) throw new ProgramFormatError('bytecode_hash', `the bytecode hashes to ${hash}, the file says ${JSON.stringify(root.bytecode_hash)}`);
  const seed = array(root.fs_seed, 'fs_seed');
  const want = fsSeed(program).map(eToJson);
  if (seed.length !== 2 || JSON.stringify(seed) !== JSON.stringify(want)) throw new ProgramFormatError('fs_seed', `the bytecode's seed is ${JSON.stringify(want)}`);
  return program;
}

/** The canonical JSON text of a program (the vectors' NAME.program.json bytes). */
export function programToJson(program: Program): string {
  const hints: Record<string, unknown[]> = {};
  for (const [pc, list] of program.hints) hints[String(pc)] = list.map((h) => ({ ...h }));
  const witness: Record<string, unknown> = {};
  for (const [name, entries] of program.witness) witness[name] = entries.map((e) => e.map(eToJson));
  return canonicalJson({
    schema: PROGRAM_SCHEMA,
    bytecode: program.bytecode.map(instructionToJson),
    bytecode_len: program.bytecode.length,
    bytecode_hash: bytecodeHash(program),
    fs_seed: fsSeed(program).map(eToJson),
    main_frame: program.mainFrame,
    hints,
    filler: program.filler.map((b) => ({ ...b })),
    witness,
    min_log_committed: program.minLogCommitted,
    fn_ranges: program.fnRanges.map((r) => ({ ...r })),
  }) + '\n';
}

function instructionToJson(ins: Instruction): unknown {
  switch (ins.op) {
    case 'SET':
      return { op: 'SET', o: ins.o, k: eToJson(ins.k) };
    case 'BLAKE2S':
      return { op: 'BLAKE2S', ins: [...ins.ins], cv: ins.cv, out: ins.out, metadata: eToJson(ins.metadata) };
    default:
      return { ...ins };
  }
}

const OPERANDS: Record<Instruction['op'], readonly string[]> = {
  XOR: ['a', 'b', 'c'],
  MUL: ['a', 'b', 'c'],
  SET: ['o', 'k'],
  DEREF: ['alpha', 'beta', 'gamma', 'mode'],
  JUMP: ['oc', 'od', 'of'],
  BLAKE2S: ['ins', 'cv', 'out', 'metadata'],
};

function instruction(v: unknown, at: string): Instruction {
  const raw = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const op = raw?.op;
  if (typeof op !== 'string' || !(op in OPERANDS)) {
    throw new ProgramFormatError(`${at}.op`, `expected one of ${Object.keys(OPERANDS).join(', ')}, got ${JSON.stringify(op)}`);
  }
  const name = op as Instruction['op'];
  const o = object(v, at, ['op', ...OPERANDS[name]]);
  const off = (f: string) => integer(o[f], `${at}.${f}`, 0, U32_MAX);
  switch (name) {
    case 'XOR':
    case 'MUL':
      return { op: name, a: off('a'), b: off('b'), c: off('c') };
    case 'SET':
      return { op: name, o: off('o'), k: eFromJson(o.k, `${at}.k`) };
    case 'DEREF': {
      const mode = o.mode;
      if (typeof mode !== 'string' || !(DEREF_MODES as readonly string[]).includes(mode)) {
        throw new ProgramFormatError(`${at}.mode`, `expected one of ${DEREF_MODES.join(', ')}, got ${JSON.stringify(mode)}`);
      }
      return { op: name, alpha: off('alpha'), beta: off('beta'), gamma: off('gamma'), mode: mode as (typeof DEREF_MODES)[number] };
    }
    case 'JUMP':
      return { op: name, oc: off('oc'), od: off('od'), of: off('of') };
    case 'BLAKE2S': {
      const ins = array(o.ins, `${at}.ins`);
      if (ins.length !== 4) throw new ProgramFormatError(`${at}.ins`, `expected 4 message offsets, got ${ins.length}`);
      const metadata = eFromJson(o.metadata, `${at}.metadata`);
      // The metadata's top limb is no column of the bytecode: a nonzero one would be a second
      // program with the same statement.
      if (metadata[4] !== 0 || metadata[5] !== 0) throw new ProgramFormatError(`${at}.metadata`, 'expected a zero top limb (c2)');
      const four = ins.map((x, j) => integer(x, `${at}.ins[${j}]`, 0, U32_MAX)) as [number, number, number, number];
      return { op: name, ins: four, cv: off('cv'), out: off('out'), metadata };
    }
  }
}

function hintMap(v: unknown, len: number): Map<number, Hint[]> {
  const raw = object(v, 'hints');
  const out = new Map<number, Hint[]>();
  for (const [key, list] of Object.entries(raw)) {
    const at = `hints[${JSON.stringify(key)}]`;
    if (!/^(0|[1-9][0-9]*)$/.test(key) || Number(key) >= len) throw new ProgramFormatError(at, `expected a decimal pc below ${len}`);
    out.set(Number(key), array(list, at).map((h, i) => hint(h, `${at}[${i}]`)));
  }
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}

function hint(v: unknown, at: string): Hint {
  const kind = (v !== null && typeof v === 'object' ? (v as Record<string, unknown>).kind : undefined) as string | undefined;
  if (typeof kind !== 'string' || !(kind in HINT_FIELDS)) {
    throw new ProgramFormatError(`${at}.kind`, `expected one of ${Object.keys(HINT_FIELDS).join(', ')}, got ${JSON.stringify(kind)}`);
  }
  const fields = HINT_FIELDS[kind as HintKind];
  const o = object(v, at, ['kind', ...fields]);
  const out: Record<string, unknown> = { kind };
  for (const f of fields) out[f] = HINT_STRINGS.has(f) ? string(o[f], `${at}.${f}`) : integer(o[f], `${at}.${f}`, 0, U32_MAX);
  return out as unknown as Hint;
}

function fillBlock(v: unknown, at: string, len: number): FillBlock {
  const o = object(v, at, ['pc', 'size', 'table']);
  return { pc: integer(o.pc, `${at}.pc`, 0, len - 1), size: integer(o.size, `${at}.size`, 1, U32_MAX), table: integer(o.table, `${at}.table`, 0, N_TABLES - 1) };
}

function fnRange(v: unknown, at: string, len: number): FnRange {
  const o = object(v, at, ['name', 'entry', 'len']);
  const entry = integer(o.entry, `${at}.entry`, 0, len);
  return { name: string(o.name, `${at}.name`), entry, len: integer(o.len, `${at}.len`, 0, len - entry) };
}

/** Witness streams in the program JSON's `witness` form (name → entries → E words), from their
 * own text or value: what `run vm --witness` and `prove vm --witness` read. */
export function parseWitness(json: string | unknown): Map<string, E[][]> {
  return witnessMap(jsonValue(json, 'witness'));
}

function witnessMap(v: unknown): Map<string, E[][]> {
  const raw = object(v, 'witness');
  const out = new Map<string, E[][]>();
  for (const [name, entries] of Object.entries(raw)) {
    const at = `witness[${JSON.stringify(name)}]`;
    out.set(name, array(entries, at).map((e, i) => array(e, `${at}[${i}]`).map((w, j) => eFromJson(w, `${at}[${i}][${j}]`))));
  }
  return out;
}

// ---- JSON shape checks, each naming the field ----

/** The value a JSON text spells (a value passed as such is returned as it is). */
function jsonValue(json: string | unknown, at: string): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json);
  } catch (e) {
    throw new ProgramFormatError(at, `not JSON: ${(e as Error).message}`);
  }
}

function object(v: unknown, at: string, fields?: readonly string[]): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ProgramFormatError(at, `expected an object, got ${describe(v)}`);
  const o = v as Record<string, unknown>;
  if (fields !== undefined) {
    for (const f of fields) if (!(f in o)) throw new ProgramFormatError(at, `missing field ${JSON.stringify(f)}`);
    for (const f of Object.keys(o)) if (!fields.includes(f)) throw new ProgramFormatError(at, `unknown field ${JSON.stringify(f)}`);
  }
  return o;
}

function array(v: unknown, at: string): unknown[] {
  if (!Array.isArray(v)) throw new ProgramFormatError(at, `expected an array, got ${describe(v)}`);
  return v;
}

function integer(v: unknown, at: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new ProgramFormatError(at, `expected an integer, got ${describe(v)}`);
  if (v < min || v > max) throw new ProgramFormatError(at, `expected an integer in ${min}..${max}, got ${v}`);
  return v;
}

function string(v: unknown, at: string): string {
  if (typeof v !== 'string') throw new ProgramFormatError(at, `expected a string, got ${describe(v)}`);
  return v;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s === undefined ? typeof v : s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
