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

/** The cells of a BLAKE2S row (BLAKE2S_CELLS) at frame `fp` and instruction slots from `o`, into `at`. */
function blake2sCells(code: Uint32Array, o: number, fp: number, at: Int32Array): void {
  BLAKE2S_CELLS.forEach(([, slot, next], j) => (at[j] = fp + code[o + slot] + next));
}

/** The BLAKE2S rows' compressions as the witness takes them. */
export function flockInputs(program: Program, exec: Execution): WitnessInputs {
  const { code, consts } = decode(program);
  const mem = exec.memory;
  const { data: d, stride, length: n } = exec.rows[BLAKE2S_TABLE];
  const messages = new Uint32Array(MESSAGE_WORDS * n), headers = new Uint32Array(HEADER_WORDS * n);
  const at = new Int32Array(8);
  for (let i = 0; i < n; i++) {
    const pc = d[stride * i + ROW_PC];
    blake2sCells(code, SLOT * pc, d[stride * i + ROW_FP], at);
    for (let j = 0; j < 4; j++) messages.set(mem.subarray(6 * at[j], 6 * at[j] + 4), MESSAGE_WORDS * i + 4 * j);
    for (let j = 0; j < 2; j++) headers.set(mem.subarray(6 * at[4 + j], 6 * at[4 + j] + 4), HEADER_WORDS * i + 4 * j);
    headers.set(consts.subarray(6 * pc, 6 * pc + 4), HEADER_WORDS * i + 8);
  }
  // Where the identical tail starts: its first row is the padding instance.
  const same = (x: number, y: number) =>
    messages.subarray(MESSAGE_WORDS * x, MESSAGE_WORDS * (x + 1)).every((w, k) => w === messages[MESSAGE_WORDS * y + k]) &&
    headers.subarray(HEADER_WORDS * x, HEADER_WORDS * (x + 1)).every((w, k) => w === headers[HEADER_WORDS * y + k]);
  let live = n - 1;
  while (live > 0 && same(live - 1, n - 1)) live--;
  return packedInputs(live, messages.subarray(0, MESSAGE_WORDS * (live + 1)), headers.subarray(0, HEADER_WORDS * (live + 1)));
}
