// The zkDSL compiler: leanVM-b's Python-shaped guest language compiled to the VM's Program, as
// the reference compiler (leanVM-b 5df6c37, crates/lean_compiler) compiles it.
import type { E } from '../field/e';
import type { Program } from '../vm/program';
import { readAnnotations } from './annotations';
import { compileAst } from './compile';
import { SourceError, ZkdslError } from './errors';
import { parseSource } from './source';

export { ZkdslError } from './errors';
export { disassemble } from './disasm';
export { readAnnotations, type Annotations } from './annotations';

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
  const file = opts.file ?? '<source>';
  try {
    const notes = readAnnotations(src);
    const ast = parseSource(src, opts.defines);
    const program = compileAst(ast, { filler: opts.filler, witness: notes.witness });
    return { program, publicInput: notes.publicInput };
  } catch (e) {
    if (e instanceof SourceError) throw new ZkdslError(file, e.at, e.message);
    throw e;
  }
}
