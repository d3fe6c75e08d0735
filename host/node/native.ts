// Loads the C++ SIMD companion module if this install built it. Without it the TypeScript
// path runs; the reason is reported, never hidden.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type NativeLoad = { ok: true; reason: string; module: unknown } | { ok: false; reason: string };

/** The addon's path relative to the package root (node-gyp's output for host/native). */
const ADDON = join('host', 'native', 'build', 'Release', 'leanvm_native.node');
/** Where host/native/install.mjs leaves node-gyp's output when the build fails. */
const BUILD_LOG = join('host', 'native', 'build.log');

function packageRoot(): string {
  // dist/node/cli.js and host/node/native.ts both sit two levels below the root.
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function loadNative(): NativeLoad {
  const path = join(packageRoot(), ADDON);
  if (!existsSync(path)) {
    const log = existsSync(join(packageRoot(), BUILD_LOG)) ? `; the install's build failed, see ${BUILD_LOG}` : '';
    return { ok: false, reason: `native module not built (${ADDON} is missing${log})` };
  }
  try {
    const module = createRequire(import.meta.url)(path);
    return { ok: true, reason: `loaded ${ADDON}`, module };
  } catch (e) {
    return { ok: false, reason: `native module failed to load: ${(e as Error).message}` };
  }
}
