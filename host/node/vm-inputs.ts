// The inputs of the VM commands (run vm, prove vm, verify vm): the program — a program JSON, or a
// zkDSL .py compiled on the fly, whose `# public_input:` line then stands in for the flags — the
// public input and the witness streams, each failure a UsageError naming the file.
import { readFileSync } from 'node:fs';
import { ProgramFormatError, PublicInputError } from '../../src/vm/errors';
import { DEFAULT_MAX_CYCLES } from '../../src/vm/execute';
import { type Program, parseProgram, parseWitness } from '../../src/vm/program';
import { type PublicInput, parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import type { WitnessStreams } from '../../src/vm/witness-streams';
import { loadProgramFile } from './compile-command';
import { UsageError } from './usage';

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the ${what} ${path}: ${(e as Error).message}`);
  }
}

/** The thing parsed from `path`, with a format error turned into a usage error naming the file. */
function parsed<T>(path: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof ProgramFormatError || e instanceof PublicInputError) throw new UsageError(`${path}: ${e.message}`);
    throw e;
  }
}

/** The public input from --public-input or --public-input-file; null if neither is given, in
 * which case the run derives the words the program publishes. */
export function loadPublicInput(opts: { publicInput?: string; publicInputFile?: string }): PublicInput | null {
  if (opts.publicInput !== undefined && opts.publicInputFile !== undefined) throw new UsageError('give --public-input or --public-input-file, not both');
  if (opts.publicInput !== undefined) return parsed('--public-input', () => parsePublicInputList(opts.publicInput!));
  if (opts.publicInputFile !== undefined) return parsed(opts.publicInputFile, () => parsePublicInputJson(readText(opts.publicInputFile!, 'public input file')));
  return null;
}

/** The program of --program (a .py source is compiled; its annotations' public input is kept),
 * and the streams of --witness if given. */
export function loadProgram(opts: { program: string; witness?: string }): { program: Program; witness?: WitnessStreams; annotated: PublicInput | null } {
  const source = opts.program.endsWith('.py') ? loadProgramFile(opts.program) : null;
  const program = source?.program ?? parsed(`program file ${opts.program}`, () => parseProgram(readText(opts.program, 'program file')));
  const witness = opts.witness === undefined ? undefined : parsed(opts.witness, () => parseWitness(readText(opts.witness!, 'witness file')));
  return { program, witness, annotated: source?.publicInput ?? null };
}

/** --max-cycles, or the interpreter's default cap. */
export function parseMaxCycles(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_CYCLES;
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`--max-cycles must be a positive integer, got "${text}"`);
  return Number(text);
}
