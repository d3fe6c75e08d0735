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
/** The incremental emit's state, kept out of the package. */
const STATE = 'node_modules/.cache/leanvm-gpu/declarations.tsbuildinfo';

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
 * the build. The emit is incremental (its state in node_modules/.cache): a build after no
 * change to the sources costs a parse, not a type check.
 */
export function emitDeclarations(entries, write) {
  const parsed = ts.getParsedCommandLineOfConfigFile('tsconfig.json', {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => failOn([d]),
  });
  // Without noEmit (rather than noEmit: false: the incremental state stores only set options).
  const { noEmit: _noEmit, ...checked } = parsed.options;
  // Absolute paths throughout: the incremental state matches files by the names it was given.
  const options = {
    ...checked, declaration: true, emitDeclarationOnly: true, declarationMap: false,
    rootDir: resolve('.'), outDir: resolve(TREE), incremental: true, tsBuildInfoFile: resolve(STATE),
  };
  const rootNames = [...Object.values(entries), 'shaders.d.ts'].map((f) => resolve(f));
  const program = ts.createIncrementalProgram({ rootNames, options });
  const writeFile = (file, text, _bom, _onError, sources) => {
    const from = sources?.[0]?.fileName;
    write(file, from === undefined ? text : text.replace(RELATIVE, (_m, lead, q, spec) => `${lead}${q}${esmSpecifier(from, spec)}${q}`));
  };
  failOn(program.emit(undefined, writeFile).diagnostics);
  // One declaration for each of the program's sources, whether emitted now or by an earlier build.
  const expected = new Set();
  for (const file of program.getProgram().getSourceFiles()) {
    if (file.isDeclarationFile || relative('.', file.fileName).startsWith('..')) continue;
    expected.add(resolve(TREE, relative('.', file.fileName).replace(/\.ts$/, '.d.ts')));
  }
  const missing = [...expected].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    // The state speaks of outputs that are gone (dist/ was cleaned): start again from nothing.
    if (existsSync(STATE)) {
      rmSync(STATE);
      return emitDeclarations(entries, write);
    }
    throw new Error(`declarations: not written: ${missing.map((f) => relative('.', f)).join(', ')}`);
  }
  // Declarations of sources that are gone (or no longer reached) must not ship.
  for (const file of filesUnder(TREE)) if (!expected.has(resolve(file))) rmSync(file);
  for (const [declaration, source] of Object.entries(entries)) {
    let target = relative(dirname(declaration), join(TREE, source.replace(/\.ts$/, '.js')));
    if (!target.startsWith('.')) target = `./${target}`;
    // The WebGPU types (GPUDevice, …) that the backend seam names, for the consumer's program.
    write(declaration, `/// <reference types="@webgpu/types" />\nexport * from '${target}';\n`);
  }
}
