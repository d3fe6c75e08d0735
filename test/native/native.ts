// The one way native tests get the companion module. Not built here: the tests are skipped
// with the reason in their name, unless LEANVM_REQUIRE_NATIVE=1 (CI), where that is a failure.
import { afterAll, describe, test } from 'vitest';
import { loadNative } from '../../host/node/native';
import { asNativeModule, type NativeModule } from '../../src/backend/native/index';

/** The module, or why it is unavailable. */
export function loadNativeModule(): NativeModule | string {
  const loaded = loadNative();
  if (!loaded.ok) return loaded.reason;
  try {
    return asNativeModule(loaded.module);
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * Declares `name` as a suite over the module. Call once per file, at the top level. The
 * module's active path is put back to the dispatcher's choice after the file.
 */
export function describeNative(name: string, body: (module: NativeModule) => void): void {
  const module = loadNativeModule();
  if (typeof module === 'string') {
    if (process.env.LEANVM_REQUIRE_NATIVE === '1') throw new Error(`native module required but unavailable: ${module}`);
    console.warn(`${name}: skipped, native module unavailable: ${module}`);
    test.skip(`${name} (skipped: native module unavailable: ${module})`, () => {});
    return;
  }
  const best = module.activePath().name;
  console.log(`${name}: native paths ${module.paths().map((p) => p.name).join(', ')}; dispatcher chose ${best}`);
  afterAll(() => module.usePath(best));
  describe(name, () => body(module));
}

/** Runs `check` once on every path this CPU runs (each a test), leaving that path active. */
export function eachPath(module: NativeModule, title: string, check: (path: string) => void | Promise<void>): void {
  for (const { name } of module.paths()) {
    test(`${title} [${name}]`, async () => {
      module.usePath(name);
      await check(name);
    });
  }
}
