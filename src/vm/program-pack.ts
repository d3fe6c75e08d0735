// A compiled program in the form a bundle embeds (programs the library ships, compiled at build
// time: tools/compiled-program.ts): the bytecode as LEB128 varints of its words, base64, the
// rest as JSON. The aggregation program is 3 MB of program JSON, which takes a third of its
// compile's time to read and check (parseProgram); packed it is 0.7 MB of text and reads in a
// tenth. Only our own build writes it, and the library pins the bytecode digest of what it reads
// (src/workloads/xmss-aggregate/program.ts): a bad pack is a ProgramFormatError or a refused
// digest, never a wrong program proved.
import { ProgramFormatError } from './errors';
import type { Hint } from './hints';
import { DEREF_MODES, type Instruction, TABLES } from './isa';
import type { FillBlock, FnRange, Program } from './program';
import { eFromJson, eToJson } from './words';

const PACK_SCHEMA = 'leanvm-gpu-packed-program/v1';

interface Packed {
  schema: string;
  bytecode: string;
  slots: number;
  hints: [number, Hint[]][];
  main_frame: number;
  filler: FillBlock[];
  witness: [string, [string, string, string][][]][];
  min_log_committed: number;
  fn_ranges: FnRange[];
}

/** The packed text of a program. */
export function packProgram(program: Program): string {
  const words: number[] = [];
  for (const ins of program.bytecode) {
    words.push(TABLES.indexOf(ins.op));
    switch (ins.op) {
      case 'XOR':
      case 'MUL':
        words.push(ins.a, ins.b, ins.c);
        break;
      case 'SET':
        words.push(ins.o, ...ins.k);
        break;
      case 'DEREF':
        words.push(ins.alpha, ins.beta, ins.gamma, DEREF_MODES.indexOf(ins.mode));
        break;
      case 'JUMP':
        words.push(ins.oc, ins.od, ins.of);
        break;
      case 'BLAKE2S':
        words.push(...ins.ins, ins.cv, ins.out, ...ins.metadata);
        break;
    }
  }
  const packed: Packed = {
    schema: PACK_SCHEMA,
    bytecode: base64(varints(words)),
    slots: program.bytecode.length,
    hints: [...program.hints].map(([pc, list]) => [pc, list.map((h) => ({ ...h }))]),
    main_frame: program.mainFrame,
    filler: program.filler.map((b) => ({ ...b })),
    witness: [...program.witness].map(([name, entries]) => [name, entries.map((e) => e.map(eToJson))]),
    min_log_committed: program.minLogCommitted,
    fn_ranges: program.fnRanges.map((r) => ({ ...r })),
  };
  return JSON.stringify(packed);
}

/** The program a packed text holds (ProgramFormatError 'packed' if it is not one). */
export function unpackProgram(text: string): Program {
  let p: Packed;
  try {
    p = JSON.parse(text) as Packed;
  } catch (e) {
    throw new ProgramFormatError('packed', `not JSON: ${(e as Error).message}`);
  }
  if (p?.schema !== PACK_SCHEMA) throw new ProgramFormatError('packed', `expected schema ${PACK_SCHEMA}`);
  const bytecode = readInstructions(readVarints(p.bytecode), p.slots);
  return {
    bytecode,
    hints: new Map(p.hints),
    mainFrame: p.main_frame,
    filler: p.filler,
    witness: new Map(p.witness.map(([name, entries]) => [name, entries.map((entry) => entry.map((w, i) => eFromJson(w, `packed witness ${name}[${i}]`)))])),
    minLogCommitted: p.min_log_committed,
    fnRanges: p.fn_ranges,
  };
}

/** Words an instruction takes after its opcode, by table. */
const OPERAND_WORDS = [3, 3, 7, 4, 3, 12];

/** `slots` instructions from their words, each read in place once its length is checked (the node
 * program has half a million). */
function readInstructions(words: Uint32Array, slots: number): Instruction[] {
  const bytecode: Instruction[] = [];
  let at = 0;
  for (let slot = 0; slot < slots; slot++) {
    if (at >= words.length) throw new ProgramFormatError('packed', 'the bytecode ends inside an instruction');
    const op = TABLES[words[at]];
    if (op === undefined) throw new ProgramFormatError('packed', `slot ${slot}: no such opcode`);
    const w = at + 1;
    at = w + OPERAND_WORDS[words[at]];
    if (at > words.length) throw new ProgramFormatError('packed', 'the bytecode ends inside an instruction');
    switch (op) {
      case 'XOR':
      case 'MUL':
        bytecode.push({ op, a: words[w], b: words[w + 1], c: words[w + 2] });
        break;
      case 'SET':
        bytecode.push({ op, o: words[w], k: words.slice(w + 1, w + 7) });
        break;
      case 'DEREF': {
        const mode = DEREF_MODES[words[w + 3]];
        if (mode === undefined) throw new ProgramFormatError('packed', `slot ${slot}: no such DEREF mode`);
        bytecode.push({ op, alpha: words[w], beta: words[w + 1], gamma: words[w + 2], mode });
        break;
      }
      case 'JUMP':
        bytecode.push({ op, oc: words[w], od: words[w + 1], of: words[w + 2] });
        break;
      case 'BLAKE2S':
        bytecode.push({ op, ins: [words[w], words[w + 1], words[w + 2], words[w + 3]], cv: words[w + 4], out: words[w + 5], metadata: words.slice(w + 6, w + 12) });
        break;
    }
  }
  if (at !== words.length) throw new ProgramFormatError('packed', `${words.length - at} words past the last slot`);
  return bytecode;
}

function varints(words: readonly number[]): Uint8Array {
  const out = new Uint8Array(5 * words.length);
  let n = 0;
  for (let w of words) {
    while (w >= 0x80) {
      out[n++] = (w & 0x7f) | 0x80;
      w >>>= 7;
    }
    out[n++] = w;
  }
  return out.subarray(0, n);
}

/** The words of the base64 varints, in a typed array: a program's 3 million words as a number[]
 * would box every word past 2^31 (its constants) on the heap. */
function readVarints(text: string): Uint32Array {
  let bytes: string;
  try {
    bytes = atob(text);
  } catch {
    throw new ProgramFormatError('packed', 'the bytecode is not base64');
  }
  const words = new Uint32Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; ) {
    let w = 0;
    for (let scale = 1; ; scale *= 0x80) {
      if (i >= bytes.length || scale > 2 ** 28) throw new ProgramFormatError('packed', 'a bytecode word is cut short or too long');
      const b = bytes.charCodeAt(i++);
      w += (b & 0x7f) * scale;
      if (b < 0x80) break;
    }
    if (w > 0xffffffff) throw new ProgramFormatError('packed', 'a bytecode word is past u32');
    words[n++] = w;
  }
  return words.subarray(0, n);
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
