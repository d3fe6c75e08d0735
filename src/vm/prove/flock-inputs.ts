// Flock's inputs from the BLAKE2S table's rows: a row compresses the message in its four cells
// (each cell's two 64-bit limbs are four words) under the chaining value in cells cv and
// cv + 1, with its instruction's constants as tLo, tHi, f0, f1. The rows' identical tail (the
// fill rows') is Flock's padding instance, summed once. Built before the columns, so a
// backend's witness can run while the columns are gathered.
import { HEADER_WORDS, MESSAGE_WORDS, packedInputs, type WitnessInputs } from '../../kernels/flock/witness';
import { type Execution, SLOT, decode } from '../execute';
import type { Program } from '../program';
import { BLAKE2S_TABLE } from '../tables/columns';
import { ROW_FP, ROW_PC } from '../trace';

/** Each cell a BLAKE2S row reads or writes, in access order (the message's four, cv and cv + 1,
 * out and out + 1): its name in the table, its operand slot and the cell after it taken (1). */
export const BLAKE2S_CELLS = [
  ['m0', 1, 0], ['m1', 2, 0], ['m2', 3, 0], ['m3', 4, 0], ['cv0', 5, 0], ['cv1', 5, 1], ['out0', 6, 0], ['out1', 6, 1],
] as const;

/** The BLAKE2S rows' compressions as the witness takes them. Word by word: a view a cell would
 * make (and collect) seven objects a row. */
export function flockInputs(program: Program, exec: Execution): WitnessInputs {
  const { code, consts } = decode(program);
  const mem = exec.memory;
  const { data: d, stride, length: n } = exec.rows[BLAKE2S_TABLE];
  const messages = new Uint32Array(MESSAGE_WORDS * n), headers = new Uint32Array(HEADER_WORDS * n);
  /** Words 0..4 of the cell fp + operand `slot` (+ next) into out from `to`. */
  const cell = (out: Uint32Array, to: number, o: number, fp: number, slot: number, next: number) => {
    const c = 6 * (fp + code[o + slot] + next);
    for (let k = 0; k < 4; k++) out[to + k] = mem[c + k];
  };
  for (let i = 0; i < n; i++) {
    const pc = d[stride * i + ROW_PC], fp = d[stride * i + ROW_FP], o = SLOT * pc;
    // The message's four cells, then cv and cv + 1 (the outputs are not inputs).
    for (let j = 0; j < 4; j++) cell(messages, MESSAGE_WORDS * i + 4 * j, o, fp, BLAKE2S_CELLS[j][1], BLAKE2S_CELLS[j][2]);
    for (let j = 4; j < 6; j++) cell(headers, HEADER_WORDS * i + 4 * (j - 4), o, fp, BLAKE2S_CELLS[j][1], BLAKE2S_CELLS[j][2]);
    for (let k = 0; k < 4; k++) headers[HEADER_WORDS * i + 8 + k] = consts[6 * pc + k];
  }
  // Where the identical tail starts: its first row is the padding instance.
  const sameWords = (a: Uint32Array, width: number, x: number, y: number) => {
    for (let k = 0; k < width; k++) if (a[width * x + k] !== a[width * y + k]) return false;
    return true;
  };
  const same = (x: number, y: number) => sameWords(messages, MESSAGE_WORDS, x, y) && sameWords(headers, HEADER_WORDS, x, y);
  let live = n - 1;
  while (live > 0 && same(live - 1, n - 1)) live--;
  return packedInputs(live, messages.subarray(0, MESSAGE_WORDS * (live + 1)), headers.subarray(0, HEADER_WORDS * (live + 1)));
}
