// A program can ask for proofs of at least 2^minLogCommitted committed words (a recursion guest
// holds one opening arm per committed size it was compiled for, none below the first). A run
// that falls short buys the difference in SET fill rows (the cheapest to prove), which keeps
// the committed size a function of the announced heights: the height is solved for from the
// layout, then one more run realises it, as leanVM-b's execute_to_floor does.
import { ProveError } from '../errors';
import { EXECUTE_RULES, type ExecuteOptions, type Execution, execute } from '../execute';
import { checkOptions } from '../../util/options';
import { N_TABLES } from '../isa';
import { MAX_LOG_ROWS, stackLog } from '../layout';
import type { Program } from '../program';
import type { PublicInput } from '../public-input';

/** The table a committed-size floor grows: SET writes one cell from an immediate. */
export const PAD_TABLE = 2;

function committedLog(program: Program, exec: Execution, taus = exec.taus): number | null {
  return taus === null ? null : stackLog({ logMemory: exec.logMem, taus, logBytecode: Math.log2(program.bytecode.length) });
}

/** execute, run again with a SET floor where the program asks for a larger commitment. */
export function executeToFloor(program: Program, publicInput: PublicInput, options: ExecuteOptions = {}): Execution {
  checkOptions('executeToFloor', options, EXECUTE_RULES);
  const floor = program.minLogCommitted;
  let exec = execute(program, publicInput, options);
  for (let attempt = 0; floor > 0 && attempt < 3; attempt++) {
    const log = committedLog(program, exec);
    if (log === null || log >= floor) return exec;
    const taus = [...exec.taus!];
    let height = taus[PAD_TABLE] + 1;
    for (; height <= MAX_LOG_ROWS; height++) {
      taus[PAD_TABLE] = height;
      if ((committedLog(program, exec, taus) as number) >= floor) break;
    }
    if (height > MAX_LOG_ROWS) throw new ProveError(`no SET fill reaches the 2^${floor} committed words the program asks for`);
    const floors = new Array<number>(N_TABLES).fill(0);
    floors[PAD_TABLE] = 2 ** height;
    exec = execute(program, publicInput, { ...options, fillFloors: floors });
  }
  const log = committedLog(program, exec);
  if (log !== null && log < floor) throw new ProveError(`no fill reaches the 2^${floor} committed words the program asks for`);
  return exec;
}
