// The zkDSL compiler: leanVM-b's Python-shaped guest language compiled to the VM's Program, as
// the reference compiler (leanVM-b 5df6c37, crates/lean_compiler) compiles it.
import type { E } from '../field/e';
import type { Program } from '../vm/program';
import { readAnnotations as readNotes, type Annotations } from './annotations';
import { compileAst } from './compile';
import { SourceError, ZkdslError } from './errors';
import { parseSource } from './source';

export { ZkdslError } from './errors';
export { disassemble } from './disasm';
export type { Annotations } from './annotations';

export interface CompileSourceOptions {
  /** The file name errors name (default `<source>`). */
  readonly file?: string;
  /** Placeholder values: NAME → replacement source text (`-D NAME=VALUE`). */
  readonly defines?: ReadonlyMap<string, string>;
  /** Append the fill blocks (default true). */
  readonly filler?: boolean;
}

export interface CompiledSource {
  readonly program: Program;
  /** From the `# public_input:` annotation; null when there is none. */
  readonly publicInput: readonly [E, E] | null;
}

/** Compiles a program's source text; its `# witness` annotations become the program's witness
 * streams. Throws ZkdslError (file:line:col: what is wrong) on a bad program. */
export function compileSource(src: string, opts: CompileSourceOptions = {}): CompiledSource {
  return inFile(opts.file, () => {
    const notes = readNotes(src);
    const ast = parseSource(src, opts.defines);
    const program = compileAst(ast, { filler: opts.filler, witness: notes.witness });
    return { program, publicInput: notes.publicInput };
  });
}

/** A program file's `# public_input:` and `# witness NAME:` annotations. */
export function readAnnotations(src: string, file?: string): Annotations {
  return inFile(file, () => readNotes(src));
}

/** Runs `f`, its source errors named by the file. */
function inFile<T>(file = '<source>', f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SourceError) throw new ZkdslError(file, e.at, e.message);
    throw e;
  }
}
