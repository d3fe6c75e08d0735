// The pool's scripts for tests: host/node/cpu-pool-worker.ts must run as JavaScript in a
// worker, so it is bundled (with the pool module, for child processes) into a temp folder
// from the sources under test rather than taken from a possibly stale dist/.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface PoolScripts {
  /** The worker script, for createCpuPool's workerUrl. */
  worker: URL;
  /** host/node/cpu-pool.ts as a module a plain `node` process can import. */
  pool: URL;
  /** Deletes the temp folder. */
  remove(): void;
}

const source = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export async function buildPoolScripts(): Promise<PoolScripts> {
  const dir = mkdtempSync(join(tmpdir(), 'leanvm-cpu-pool-'));
  await build({
    entryPoints: { 'cpu-pool-worker': source('host/node/cpu-pool-worker.ts'), 'cpu-pool': source('host/node/cpu-pool.ts') },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    outdir: dir,
    logLevel: 'warning',
  });
  return {
    worker: pathToFileURL(join(dir, 'cpu-pool-worker.js')),
    pool: pathToFileURL(join(dir, 'cpu-pool.js')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
