// The package as a TypeScript project gets it. `npm pack` packs the dist/ that npm test builds
// first (run alone: `npm run build` before), and npm ci installs the tarball into a fresh project
// whose lockfile takes our own lockfile's entries for the package's dependencies and the tools,
// so npm installs from its cache without the registry, and the package's install script builds
// the native module from the shipped sources as it does for a user. In that project: the
// README's example, taken from the README, and a program using the declared types compile
// (strict, nodenext) and run, and the latter fails to compile without its @ts-expect-error line;
// a browser program type-checks against the `browser` condition, is bundled from it by esbuild
// and runs; without a compiler, the install falls back to the other backends.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./consumer/', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** The consumer's own tools, at our versions. */
const TOOLS = ['typescript', '@types/node', 'esbuild'];
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

type Lock = Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>;
type Run = { code: number | null; stdout: string; all: string };

// A nested npm keeps the user's npm config (the cache, the registry) but not the npm test that
// runs us: its project (npm_config_local_prefix), lifecycle and package variables.
const ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || /^npm_config_(?!local_prefix$)/i.test(k)));

function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Run {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000, env: { ...ENV, ...env } });
  return { code: r.status, stdout: r.stdout ?? '', all: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function ok(r: Run): Run {
  expect(r.code, r.all).toBe(0);
  return r;
}

/** The lock path Node would load `name` from, for the package at lock path `from` ('' the root). */
function lockLookup(packages: Lock, from: string, name: string): string | null {
  for (let dir = from; ; ) {
    const path = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[path]) return path;
    if (!dir) return null;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/** The consumer's package.json and lockfile: the tarball, then our lock's entries for the rest. */
function consumerProject(pkg: Record<string, any>, tarball: string, integrity: string) {
  const ours: Lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages;
  const dependencies = { 'leanvm-gpu': `file:${tarball}` };
  const devDependencies = Object.fromEntries(TOOLS.map((t) => [t, pkg.devDependencies[t]]));
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies, devDependencies },
    'node_modules/leanvm-gpu': {
      version: pkg.version, resolved: `file:${tarball}`, integrity, hasInstallScript: true,
      license: pkg.license, dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines,
    },
  };
  const visit = (from: string, name: string, optional: boolean) => {
    const path = lockLookup(ours, from, name);
    if (path === null && optional) return;
    if (path === null) throw new Error(`${name} (for ${from || 'the consumer'}) is not in package-lock.json`);
    if (path in packages) return;
    packages[path] = ours[path];
    for (const d of Object.keys(ours[path].dependencies ?? {})) visit(path, d, false);
    for (const d of Object.keys(ours[path].optionalDependencies ?? {})) visit(path, d, true);
  };
  for (const d of [...Object.keys(pkg.dependencies), ...TOOLS]) visit('', d, false);
  return {
    manifest: { name: 'consumer', private: true, type: 'module', dependencies, devDependencies },
    lock: { name: 'consumer', lockfileVersion: 3, requires: true, packages },
  };
}

/** The README's library example: the one TypeScript block of its "Library" section. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Library\n'));
  const blocks = [...(section ?? '').matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
  expect(blocks.length, 'the README has one ```ts block under "## Library"').toBe(1);
  return blocks[0][1];
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
let work = '';
let app = '';
let packed: { filename: string; size: number; unpackedSize: number; integrity: string; files: { path: string }[] };

describe('the packed package in a TypeScript project', () => {
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'leanvm-consumer-'));
    const t0 = performance.now();
    packed = JSON.parse(ok(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work, ...NPM_QUIET], ROOT)).stdout)[0];
    app = join(work, 'app');
    mkdirSync(app);
    const { manifest, lock } = consumerProject(pkg, `../${packed.filename}`, packed.integrity);
    writeFileSync(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(app, 'package-lock.json'), JSON.stringify(lock, null, 2));
    for (const f of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, f), join(app, f));
    writeFileSync(join(app, 'readme.ts'), readmeExample());
    const t1 = performance.now();
    ok(sh('npm', ['ci', '--prefer-offline', ...NPM_QUIET], app));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const t2 = performance.now();
    console.log(`consumer: packed ${packed.size} bytes (${packed.unpackedSize} unpacked, ${packed.files.length} files) in ${s(t1 - t0)}; npm ci ${s(t2 - t1)}`);
  }, 600_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the bundles, declarations, native sources and licences, and no sources or build products', () => {
    const files = packed.files.map((f) => f.path);
    expect(files.filter((f) => f.startsWith('host/native/build/'))).toEqual([]);
    expect(files.filter((f) => /^(src|test|bench|tools|host\/node|host\/browser|host\/native\/test)\//.test(f))).toEqual([]);
    expect(files.filter((f) => /^dist\/node\/(bench|device-check|tree-bench)\./.test(f))).toEqual([]);
    // Every path package.json points a consumer at.
    const targets = (x: unknown): string[] => (typeof x === 'string' ? [x] : Object.values(x as object).flatMap(targets));
    const pointed = [...targets(pkg.exports), pkg.main, pkg.types, ...Object.values<string>(pkg.bin)].map((p) => p.replace(/^\.\//, ''));
    // The native module's sources as binding.gyp names them, and what the CLI's `serve` serves.
    const gyp = JSON.parse(readFileSync(join(ROOT, 'host/native/binding.gyp'), 'utf8').replace(/^\s*#.*$/gm, ''));
    const sources = gyp.targets[0].sources.map((s: string) => `host/native/${s}`);
    const needed = [
      'dist/node/cpu-pool-worker.js', 'dist/node/tree-prover.js', 'dist/browser/index.html', 'dist/browser/main.js', 'dist/browser/chunk.js', 'dist/browser/node-verifier.js', 'dist/browser/worker.js',
      'host/native/install.mjs', 'host/native/binding.gyp', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE',
    ];
    expect(files).toEqual(expect.arrayContaining([...pointed, ...sources, ...needed]));
  });

  it("compiles the README's example and a typed program (strict, nodenext) and runs both", () => {
    ok(sh(process.execPath, [TSC, '-p', '.'], app));
    const readme = ok(sh(process.execPath, ['out/readme.js'], app)).stdout;
    console.log(`consumer: the README's example: ${readme.trim().split('\n').join(' | ')}`);
    expect(readme).toMatch(/^proof of \d+ bytes$/m);
    expect(readme).toMatch(/^valid$/m);
    const typed = JSON.parse(ok(sh(process.execPath, ['out/types.js'], app)).stdout);
    expect(typed.verdicts[0]).toEqual({ valid: true });
    expect(typed.verdicts[1].valid).toBe(false);
    expect(typed.verdicts[1].reason).toMatch(/\w/);
    expect(typed.notAProof).toBe('ProofFormatError');
    expect(typed.halfAMessage).toBe('HashBatchInputError');
  });

  it('fails to compile the typed program without its @ts-expect-error directive', () => {
    const source = readFileSync(join(app, 'types.ts'), 'utf8').split('\n');
    const at = source.findIndex((l) => l.startsWith('// @ts-expect-error'));
    expect(at).toBeGreaterThanOrEqual(0);
    writeFileSync(join(app, 'types.ts'), source.filter((_, i) => i !== at).join('\n'));
    // The declarations themselves were checked by the compile before this one.
    const r = sh(process.execPath, [TSC, '-p', '.', '--noEmit', '--skipLibCheck'], app);
    expect(r.code).not.toBe(0);
    const errors = r.all.split('\n').filter((l) => l.includes('error TS'));
    // The line after the directive moved up to its place: 1-based line at + 1.
    expect(errors, r.all).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^types\\.ts\\(${at + 1},\\d+\\): error TS2322`));
  });

  it('type-checks and bundles a browser program from the browser condition, and runs the bundle', async () => {
    ok(sh(process.execPath, [TSC, '-p', 'tsconfig.browser.json'], app));
    const { metafile } = await build({
      absWorkingDir: app, entryPoints: ['browser.ts'], outfile: 'out/browser.js',
      bundle: true, platform: 'browser', format: 'esm', target: 'es2022', metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs).filter((i) => i.startsWith('node_modules/'));
    expect(inputs).toEqual(['node_modules/leanvm-gpu/dist/browser/leanvm-gpu.js']);
    expect(JSON.parse(ok(sh(process.execPath, ['out/browser.js'], app)).stdout)).toEqual({ valid: true });
  });

  it('builds the native module at install from the shipped sources, and falls back without a compiler', () => {
    const info = () => {
      const report = JSON.parse(ok(sh(process.execPath, ['node_modules/.bin/leanvm-gpu', 'info', '--json'], app)).stdout);
      return report.backends.find((b: { name: string }) => b.name === 'native') as { usable: boolean; reason: string };
    };
    const built = info();
    // Where our own install built the module, the consumer's install must have built it too.
    if (existsSync(join(ROOT, 'host/native/build/Release/leanvm_native.node')) || process.env.LEANVM_REQUIRE_NATIVE === '1') {
      expect(built.usable, built.reason).toBe(true);
    } else {
      console.warn(`consumer: native module not built here either: ${built.reason}`);
    }
    const rebuild = ok(sh('npm', ['rebuild', 'leanvm-gpu', '--foreground-scripts', ...NPM_QUIET], app, { CC: 'false', CXX: 'false' }));
    expect(rebuild.all).toMatch(/native SIMD module not built \(.+; log in host\/native\/build\.log\)/);
    const fallen = info();
    expect(fallen.usable).toBe(false);
    expect(fallen.reason).toMatch(/the install's build failed, see host\/native\/build\.log/);
  });
});

describe('the README and docs', () => {
  it('link only to files inside the repository', () => {
    const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    for (const page of pages) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^https?:\/\//.test(target)) continue;
        const file = resolve(ROOT, page, '..', target.replace(/#.*$/, ''));
        expect(relative(ROOT, file).startsWith('..'), `${page} links outside the repository: ${target}`).toBe(false);
        expect(existsSync(file), `${page} links to a missing file: ${target}`).toBe(true);
      }
    }
  });
});
