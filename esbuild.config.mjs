// Bundles the Node CLI/library/bench and the browser library; shaders and the zkDSL programs
// the library compiles (programs/) are inlined as strings, and a program imported as
// `PROGRAM.py?compiled` is compiled here, once, and carried packed (tools/program-compiler.mjs):
// inlined in the browser's bundles, and for Node written beside the bundles (dist/node/programs/)
// and read on first use, so a process that never needs it does not parse megabytes of it as it
// starts (the node program is 7.7 MB: ≈ 55 ms of every CLI start).
// The two library bundles (package.json "exports") get type declarations beside them.
// Tests run the bundles while a test rebuilds them (test/browser), so an output is replaced
// in one rename, and only when its bytes change: a reader never sees a half-written file.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { emitDeclarations } from './tools/declarations.mjs';
import { packedProgram } from './tools/program-compiler.mjs';

function writeOutput(path, contents) {
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  // The CLI runs as a command (package.json "bin").
  if (bytes.subarray(0, 2).toString() === '#!') chmodSync(temporary, 0o755);
  renameSync(temporary, path);
}

async function bundle(options) {
  const { outputFiles } = await build({ ...options, write: false });
  for (const file of outputFiles) writeOutput(file.path, file.contents);
}

/** `PROGRAM.py?compiled` as a module whose default export returns the packed program: inlined,
 * or (`beside`: a bundle's folder) read from `beside`/programs/PROGRAM.packed on first call. */
function compiledPrograms(beside) {
  return {
    name: 'compiled-programs',
    setup(b) {
      b.onResolve({ filter: /\.py\?compiled$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.slice(0, -'?compiled'.length)), namespace: 'compiled-program' }));
      b.onLoad({ filter: /.*/, namespace: 'compiled-program' }, async (args) => {
        const packed = await packedProgram(args.path);
        if (beside === undefined) return { contents: `export default () => ${JSON.stringify(packed)};`, loader: 'js', watchFiles: [args.path] };
        const file = `programs/${basename(args.path, '.py')}.packed`;
        writeOutput(`${beside}/${file}`, packed);
        // Read on each call: pinnedProgram calls it once, and keeps the unpacked program only.
        const contents = [
          "import { readFileSync } from 'node:fs';",
          `export default () => readFileSync(new URL(${JSON.stringify(`./${file}`)}, import.meta.url), 'utf8');`,
        ].join('\n');
        return { contents, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}

const common = {
  plugins: [compiledPrograms()],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  loader: { '.wgsl': 'text', '.py': 'text' },
  logLevel: 'warning',
};

const nodeEntries = {
  cli: 'host/node/cli.ts',
  index: 'host/node/index.ts',
  bench: 'bench/main.ts',
  // The checks a lent GPU session runs in one call (docs/gpu-session.md).
  'device-check': 'bench/device-check.ts',
  // The cpu backend's pool workers, loaded from beside the bundle that makes the pool.
  'cpu-pool-worker': 'host/node/cpu-pool-worker.ts',
  // A tree worker's prover process, started from beside the bundle that runs the worker.
  'tree-prover': 'host/node/distributed/prover-process.ts',
  // Local tools: 10^5 mutated aggregates; memory over 100 aggregates in one process.
  'fuzz-aggregates': 'tools/fuzz-aggregates.ts',
  'aggregate-memory': 'tools/aggregate-memory.ts',
  // A tree on 1, 2, 3 worker processes and a private Redis (docs/distributed.md).
  'tree-bench': 'bench/tree.ts',
};

await bundle({
  ...common,
  plugins: [compiledPrograms('dist/node')],
  entryPoints: nodeEntries,
  outdir: 'dist/node',
  platform: 'node',
  // Dawn is a native addon: it is loaded from node_modules at run time, never bundled; BullMQ
  // (with ioredis) is a dependency loaded from node_modules too, and so is esbuild (tree-bench
  // bundles the tests' stand-in node program for its workers).
  external: ['webgpu', 'bullmq', 'esbuild'],
  banner: { js: "import { createRequire as __lvmCreateRequire } from 'node:module'; const require = __lvmCreateRequire(import.meta.url);" },
});

if (existsSync('host/browser/main.ts')) {
  // The page, split: what it imports dynamically (the node verifier with the 7 MB node program,
  // host/browser/node-verifier.ts) is a chunk of its own, fetched only when used, and the code it
  // shares with main.js is chunk.js. Chunks keep their names (no hash), so a build replaces them
  // in place and dist/browser gathers no stale ones (were a second shared chunk ever needed,
  // esbuild would refuse two chunk.js, not overwrite one); they sit beside main.js, whose
  // import.meta.url finds the worker.
  await bundle({ ...common, entryPoints: { main: 'host/browser/main.ts' }, outdir: 'dist/browser', platform: 'browser', splitting: true, chunkNames: '[name]' });
  // The prover's worker, which main.js loads from beside itself.
  await bundle({ ...common, entryPoints: { worker: 'host/browser/worker.ts' }, outdir: 'dist/browser', platform: 'browser' });
  writeOutput('dist/browser/index.html', readFileSync('host/browser/index.html'));
}
await bundle({ ...common, entryPoints: { 'leanvm-gpu': 'src/index.ts' }, outdir: 'dist/browser', platform: 'browser' });

emitDeclarations({ 'dist/node/index.d.ts': nodeEntries.index, 'dist/browser/leanvm-gpu.d.ts': 'src/index.ts' }, writeOutput);
