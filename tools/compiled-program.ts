// Build time: the packed program (src/vm/program-pack.ts) a zkDSL source compiles to, which the
// bundles (esbuild.config.mjs) and the tests (vitest.config.ts) give an import of
// `PROGRAM.py?compiled` (through tools/program-compiler.mjs), so the library never compiles a
// program it ships.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { packProgram } from '../src/vm/program-pack';
import { compileSource } from '../src/zkdsl/index';

/** The packed compilation of the zkDSL file at `path`. */
export function compiledProgram(path: string): string {
  const { program } = compileSource(readFileSync(path, 'utf8'), { file: relative(process.cwd(), path) });
  return packProgram(program);
}
