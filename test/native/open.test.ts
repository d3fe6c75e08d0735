// The host's view of the native backend: openBackend('native') opens it, and its reason line
// names the instruction-set path the dispatcher chose and the thread count.
import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { openBackend } from '../../host/node/backends';
import { describeNative } from './native';

describeNative('opening the native backend', (module) => {
  test("openBackend('native') gives the native backend and says which path runs", async () => {
    const { backend, why } = await openBackend('native');
    expect(backend.name).toBe('native');
    expect(why).toContain(`ISA ${module.activePath().name}`);
    // Every core this process may use, and the module really runs that many.
    expect(why).toContain(`threads: ${availableParallelism()}`);
    expect(module.threads()).toBe(availableParallelism());
    expect(module.paths().map((p) => p.name)).toContain('generic');
    await backend.dispose();
    // --threads 1: the line says what the module runs on.
    const one = await openBackend('native', { threads: 1 });
    expect(one.why).toContain('threads: 1)');
    expect(module.threads()).toBe(1);
    await one.backend.dispose();
    await expect(backend.mulK(await backend.alloc('K', 1), await backend.alloc('K', 1), await backend.alloc('K', 1))).rejects.toThrow(
      /after dispose/,
    );
  });
});
