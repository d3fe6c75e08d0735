// tools/compiled-program.ts bundled for the calling process (it runs our TypeScript compiler),
// for esbuild.config.mjs and vitest.config.ts alike; each program is compiled once a process.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packed = new Map();
let compiledProgram;

async function loadCompiler() {
  const entry = fileURLToPath(new URL('./compiled-program.ts', import.meta.url));
  // A file of this process's own: a build and a test run may both be loading one.
  const out = fileURLToPath(new URL(`../node_modules/.cache/leanvm-gpu/compiled-program-${process.pid}.mjs`, import.meta.url));
  await build({ entryPoints: [entry], outfile: out, bundle: true, format: 'esm', platform: 'node', logLevel: 'warning', loader: { '.wgsl': 'text', '.py': 'text' } });
  try {
    return (await import(pathToFileURL(out).href)).compiledProgram;
  } finally {
    rmSync(out, { force: true });
  }
}

/** The packed compilation (src/vm/program-pack.ts) of the zkDSL file at `path`. */
export async function packedProgram(path) {
  if (!packed.has(path)) {
    compiledProgram ??= await loadCompiler();
    packed.set(path, compiledProgram(path));
  }
  return packed.get(path);
}
