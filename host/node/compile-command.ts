// `leanvm-gpu compile PROGRAM.py [-D NAME=VALUE ...] [-o PROGRAM.json] [--disasm] [--json]`:
// compile a zkDSL program to the program JSON the VM commands read. A compile error prints as
// `file:line:col: what is wrong` and exits 2. loadProgramFile lets other commands take a `.py`
// where they take a program JSON.
import { InputError } from '../../src/util/errors';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { E } from '../../src/field/e';
import { parseProgram, programToJson, type Program } from '../../src/vm/program';
import { bytecodeHash } from '../../src/vm/bytecode';
import { compileSource, disassemble, ZkdslError } from '../../src/zkdsl';
import { UsageError } from './usage';

export interface CompileOptions {
  define?: string[];
  out?: string;
  disasm?: boolean;
  json?: boolean;
}

/** `-D NAME=VALUE` pairs as placeholder definitions. */
export function parseDefines(defs: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of defs) {
    const eq = d.indexOf('=');
    const name = eq < 0 ? d : d.slice(0, eq);
    if (eq < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`-D ${d}: expected NAME=VALUE with NAME an identifier`);
    if (out.has(name)) throw new UsageError(`-D ${name} is given twice`);
    out.set(name, d.slice(eq + 1));
  }
  return out;
}

function readSource(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as Error).message}`);
  }
}

/** A compile error, to print as it is (it starts with file:line:col) and exit 2. */
export class CompileFailed extends InputError {
  override name = 'CompileFailed';
}

function compileFile(path: string, defines: ReadonlyMap<string, string>) {
  try {
    return compileSource(readSource(path), { file: path, defines });
  } catch (e) {
    if (e instanceof ZkdslError) throw new CompileFailed(e.message);
    throw e;
  }
}

/** A program from a `.py` source (compiled, its annotations giving the public input) or from
 * a program JSON (no public input then). */
export function loadProgramFile(path: string, defines: ReadonlyMap<string, string> = new Map()): { program: Program; publicInput: readonly [E, E] | null } {
  if (path.endsWith('.py')) return compileFile(path, defines);
  return { program: parseProgram(readSource(path)), publicInput: null };
}

export function compileCommand(path: string, opts: CompileOptions): void {
  if (opts.json && opts.out === undefined) throw new UsageError('--json describes the written program: give -o FILE');
  const t0 = performance.now();
  const { program } = compileFile(path, parseDefines(opts.define));
  const ms = performance.now() - t0;
  const json = programToJson(program);
  // A reader that stops early (`| head`) is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  if (opts.out !== undefined) writeFileSync(opts.out, json);
  if (opts.disasm) process.stdout.write(disassemble(program.bytecode));
  else if (opts.out === undefined) process.stdout.write(json);
  if (opts.out === undefined) return;
  const code = program.fnRanges.reduce((n, f) => n + f.len, 0);
  const summary = {
    program: path,
    out: opts.out,
    instructions: code,
    bytecodeLen: program.bytecode.length,
    functions: program.fnRanges.map((f) => f.name),
    mainFrame: program.mainFrame,
    hints: [...program.hints.values()].reduce((n, l) => n + l.length, 0),
    bytecodeHash: bytecodeHash(program),
    ms: Number(ms.toFixed(1)),
  };
  if (opts.json) console.log(JSON.stringify(summary, null, 2));
  else if (!opts.disasm) console.error(`${path}: ${code} instructions in ${summary.functions.length} functions (bytecode ${program.bytecode.length} slots, hash ${summary.bytecodeHash.slice(0, 16)}…), ${ms.toFixed(0)} ms → ${opts.out}`);
}
