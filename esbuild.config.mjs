// Bundles the Node CLI/library/bench and the browser library; shaders are inlined as strings.
import { build } from 'esbuild';
import { copyFileSync, existsSync } from 'node:fs';

const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  loader: { '.wgsl': 'text' },
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
};

await build({
  ...common,
  entryPoints: nodeEntries,
  outdir: 'dist/node',
  platform: 'node',
  // Dawn is a native addon: it is loaded from node_modules at run time, never bundled.
  external: ['webgpu'],
  banner: { js: "import { createRequire as __lvmCreateRequire } from 'node:module'; const require = __lvmCreateRequire(import.meta.url);" },
});

if (existsSync('host/browser/main.ts')) {
  // The page and the prover's worker, which main.js loads from beside itself.
  const entryPoints = { main: 'host/browser/main.ts', worker: 'host/browser/worker.ts' };
  await build({ ...common, entryPoints, outdir: 'dist/browser', platform: 'browser' });
  copyFileSync('host/browser/index.html', 'dist/browser/index.html');
}
await build({ ...common, entryPoints: { 'leanvm-gpu': 'src/index.ts' }, outdir: 'dist/browser', platform: 'browser' });
