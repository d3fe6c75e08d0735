// `npm install` runs this (the package's install script): builds the native SIMD module with
// node-gyp. It never fails the install: without a compiler, headers or Python the TypeScript
// and WebGPU backends run, and `leanvm-gpu info` says why the native one does not.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const log = join(here, 'build.log');
const shown = (p) => relative(process.cwd(), p) || '.';

/** node-gyp's script: this package's own copy, else the one npm runs scripts with. */
function nodeGyp() {
  try {
    return createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    const bundled = process.env.npm_config_node_gyp;
    return bundled && existsSync(bundled) ? bundled : null;
  }
}

/**
 * The running node's own headers, when its install ships them (<prefix>/include/node): with
 * them node-gyp needs no download, so a rebuild by hand works offline.
 */
function nodeDirArgs() {
  const prefix = dirname(dirname(process.execPath));
  return existsSync(join(prefix, 'include', 'node', 'node_api.h')) ? [`--nodedir=${prefix}`] : [];
}

function build() {
  const gyp = nodeGyp();
  if (gyp === null) return 'node-gyp not found';
  const args = [gyp, 'rebuild', '--jobs', 'max', ...nodeDirArgs(), '--directory', here];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status === 0) return null;
  writeFileSync(log, `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}`);
  // A compiler's first error, else node-gyp's first complaint.
  const lines = `${run.stderr ?? ''}`.split('\n');
  const reason = lines.find((l) => /\berror:/.test(l)) ?? lines.find((l) => l.startsWith('gyp ERR!'));
  return `${reason?.trim() || `node-gyp exited with ${run.status}`}; log in ${shown(log)}`;
}

rmSync(log, { force: true });
let failure;
try {
  failure = build();
} catch (e) {
  failure = `the build could not run: ${e instanceof Error ? e.message : String(e)}`;
}
console.log(
  failure === null
    ? `leanvm-gpu: built the native SIMD module (${shown(join(here, 'build', 'Release', 'leanvm_native.node'))})`
    : `leanvm-gpu: native SIMD module not built (${failure}); the TypeScript and WebGPU backends still run`,
);
