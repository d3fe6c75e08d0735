import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import { packedProgram } from './tools/program-compiler.mjs';

// Shaders and zkDSL programs are imported as strings, the same way esbuild inlines them in the
// bundles; `PROGRAM.py?compiled` as a function returning the packed program esbuild compiles it
// to (inlined, as in the browser's bundles).
const textImports: Plugin = {
  name: 'text-imports',
  async load(id) {
    if (id.endsWith('.py?compiled')) return `export default () => ${JSON.stringify(await packedProgram(id.slice(0, -'?compiled'.length)))};`;
    if (!id.endsWith('.wgsl') && !id.endsWith('.py')) return null;
    return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
  },
};

export default defineConfig({
  plugins: [textImports],
  test: {
    include: ['test/**/*.test.ts'],
    // Dawn's native module is only torn down cleanly at process exit: forks, not threads.
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/summary-reporter.ts'],
    // wgsl_reflect's "main" is CommonJS inside a "type": "module" package: let vite load it.
    server: { deps: { inline: ['wgsl_reflect'] } },
  },
});
