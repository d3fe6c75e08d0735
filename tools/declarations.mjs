// Type declarations for the library's entries, generated from the sources by the TypeScript
// compiler. It emits one .d.ts per source file an entry reaches, in the source tree's shape
// under dist/types/, and rewrites the sources' extensionless relative imports to the .js paths
// that Node's ESM resolution (TypeScript's `nodenext`) requires of a "type": "module" package.
// Each entry then gets a .d.ts beside its bundle that re-exports its tree, so whatever an entry
// exports is declared, with no list of modules to keep here.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const TREE = 'dist/types';

/** A relative specifier of `from` as the emitted tree must spell it: the .js file Node loads. */
function esmSpecifier(from, spec) {
  if (spec.endsWith('.js')) return spec;
  const base = join(dirname(from), spec);
  if (existsSync(`${base}.ts`)) return `${spec}.js`;
  if (existsSync(join(base, 'index.ts'))) return `${spec}/index.js`;
  throw new Error(`declarations: ${relative('.', from)} imports '${spec}', which is no TypeScript module`);
}

// Relative specifiers in declaration text: `from '…'`, `import('…')`.
const RELATIVE = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]*)\2/g;

function failOn(diagnostics) {
  if (diagnostics.length === 0) return;
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  throw new Error(`declarations:\n${ts.formatDiagnostics(diagnostics, host)}`);
}

const filesUnder = (dir) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [];

/**
 * entries maps each bundle's declaration file (dist/…/x.d.ts) to the source entry it declares;
 * write(path, text) writes one output. Type errors are `npm run typecheck`'s to report; only
 * what stops declarations from being written (a type an export uses but cannot name) fails
 * the build.
 */
export function emitDeclarations(entries, write) {
  const parsed = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => failOn([d]),
  });
  const options = { ...parsed.options, noEmit: false, declaration: true, emitDeclarationOnly: true, declarationMap: false, rootDir: '.', outDir: TREE };
  const program = ts.createProgram([...Object.values(entries), 'shaders.d.ts'], options);
  const emitted = new Set();
  const writeFile = (file, text, _bom, _onError, sources) => {
    const from = sources[0].fileName;
    write(file, text.replace(RELATIVE, (_m, lead, q, spec) => `${lead}${q}${esmSpecifier(from, spec)}${q}`));
    emitted.add(resolve(file));
  };
  failOn(program.emit(undefined, writeFile, undefined, true).diagnostics);
  // Declarations of sources that are gone (or no longer reached) must not ship.
  for (const file of filesUnder(TREE)) if (!emitted.has(resolve(file))) rmSync(file);
  for (const [declaration, source] of Object.entries(entries)) {
    let target = relative(dirname(declaration), join(TREE, source.replace(/\.ts$/, '.js')));
    if (!target.startsWith('.')) target = `./${target}`;
    // The WebGPU types (GPUDevice, …) that the backend seam names, for the consumer's program.
    write(declaration, `/// <reference types="@webgpu/types" />\nexport * from '${target}';\n`);
  }
}
