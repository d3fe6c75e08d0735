// The floors of docs/architecture.md, read from the source: every import in src/ goes to the
// same floor or one below; a verifier never imports a prover; below the workloads nothing
// builds a backend of its own (it is handed one); src/ never imports host/, bench/ or test/; and
// protocol code never asks whether a backend has a method.
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRepositoryFile, repositoryFiles } from './repository-files';

/** src/'s folders from the floor up (docs/architecture.md); a folder may import its own floor and those below. */
const FLOORS: readonly (readonly string[])[] = [
  ['field', 'util'],
  ['hash'],
  ['transcript'],
  ['ntt', 'merkle'],
  ['poly'],
  ['kernels'],
  ['backend'],
  ['pcs'],
  ['flock'],
  ['vm'],
  ['zkdsl', 'xmss'],
  ['workloads'],
  ['index.ts'],
];
const FLOOR = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor] as const)));
const WORKLOADS = FLOOR.get('workloads')!;

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** Prover modules are named so: prove/ and prover/ folders, prove*.ts, prover*.ts, and Flock's reduction. */
const isProver = (path: string) => /\/prove(r)?(\/|\.ts$|-)/.test(path) || path === 'src/flock/reduction.ts';
const isVerifier = (path: string) => /\/verif(y|ier)(\/|\.ts$|-)/.test(path);
const isBackendImplementation = (path: string) => /^src\/backend\/(cpu|native|webgpu)\//.test(path);

function floorOf(path: string): { name: string; floor: number } {
  // A folder's index imported as `./xmss` resolves to src/xmss.ts here.
  const segment = path.split('/')[1];
  const name = FLOOR.has(segment) ? segment : segment.replace(/\.ts$/, '');
  const floor = FLOOR.get(name);
  if (floor === undefined) throw new Error(`${path}: src/${name} has no floor in docs/architecture.md (add it to FLOORS)`);
  return { name, floor };
}

/** Relative specifiers of one file's imports. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]).filter((s) => s.startsWith('.'));
}

/** What breaks the floors in one src/ file's imports: a line per offence. */
export function floorProblems(file: string, specifiers: readonly string[]): string[] {
  const problems: string[] = [];
  const from = floorOf(file);
  for (const spec of specifiers) {
    const target = normalize(join(dirname(file), spec)).replace(/\.ts$/, '') + '.ts';
    if (!target.startsWith('src/')) {
      if (/^(host|bench|test|tools)\//.test(target)) problems.push(`${file} imports ${spec}: src/ never imports host/, bench/, test/ or tools/`);
      continue;
    }
    const to = floorOf(target);
    if (to.floor > from.floor) problems.push(`${file} imports ${spec}: ${from.name} (floor ${from.floor}) may not import ${to.name} (floor ${to.floor})`);
    if (isVerifier(file) && isProver(target)) problems.push(`${file} imports ${spec}: a verifier never imports a prover`);
    if (from.floor < WORKLOADS && from.name !== 'backend' && isBackendImplementation(target)) {
      problems.push(`${file} imports ${spec}: protocol code is handed its backend, it never builds one`);
    }
  }
  return problems;
}

/** A test of whether a backend has a method: `backend.x !== undefined`, `backend.x?.(`, `backend.x?.bind`. */
const CAPABILITY_TEST = /\bbackend\.\w+(?:\.\w+)?(?:\s*[!=]==?\s*undefined|\?\.)/;

/** Lines of protocol code (src/ outside backend/) that ask whether a backend has a method. */
export function capabilityTests(file: string, text: string): string[] {
  if (file.startsWith('src/backend/')) return [];
  return text.split('\n').flatMap((line, i) => (CAPABILITY_TEST.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('floors', () => {
  it('every import in src/ goes down or across, never up', () => {
    const files = repositoryFiles(['src']).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(200);
    const problems = files.flatMap((f) => floorProblems(f, importsOf(readRepositoryFile(f))));
    expect(problems).toEqual([]);
  });

  it('protocol code never asks whether a backend has a method (the record has no holes)', () => {
    const files = repositoryFiles(['src']).filter((f) => f.endsWith('.ts'));
    expect(files.flatMap((f) => capabilityTests(f, readRepositoryFile(f)))).toEqual([]);
    expect(capabilityTests('src/pcs/whir/prover.ts', 'if (backend.foldRound !== undefined) {\nconst m = backend.traffic?.bind(backend);\nbackend.flock.hostTables === undefined')).toHaveLength(3);
    expect(capabilityTests('src/pcs/whir/prover.ts', "if (backend.stackWeight === 'lanes') await backend.foldRound(f, b);")).toEqual([]);
    expect(capabilityTests('src/backend/portable.ts', 'parts.foldRound ?? backend.foldRound?.(x)')).toEqual([]);
  });

  it('flags an upward import, a verifier importing a prover, a backend built below the workloads', () => {
    expect(importsOf("import { a } from '../x';\nexport * from './y';\nimport type { T } from \"../../z\";\nconst m = await import('./w');\nimport './side';\nimport { readFileSync } from 'node:fs';")).toEqual(['../x', './y', '../../z', './w', './side']);
    expect(floorProblems('src/backend/array-flock.ts', ['../flock/zerocheck/prover'])).toEqual([
      'src/backend/array-flock.ts imports ../flock/zerocheck/prover: backend (floor 6) may not import flock (floor 8)',
    ]);
    expect(floorProblems('src/vm/prove/memory.ts', ['../../workloads/hash-batch/memory'])).toHaveLength(1);
    expect(floorProblems('src/pcs/whir/verifier.ts', ['./prover'])).toEqual(['src/pcs/whir/verifier.ts imports ./prover: a verifier never imports a prover']);
    expect(floorProblems('src/vm/verify/bus.ts', ['../prove/leaves'])).toHaveLength(1);
    expect(floorProblems('src/pcs/whir/prover.ts', ['../../backend/cpu/index'])).toEqual([
      'src/pcs/whir/prover.ts imports ../../backend/cpu/index: protocol code is handed its backend, it never builds one',
    ]);
    expect(floorProblems('src/poly/eq.ts', ['../../host/node/cli'])).toHaveLength(1);
    // Down and across are allowed: a prover may use its verifier's pieces.
    expect(floorProblems('src/pcs/whir/prover.ts', ['./claims', './verifier', '../../poly/bulk', '../../backend/backend'])).toEqual([]);
    expect(floorProblems('src/workloads/hash-batch/prove.ts', ['../../backend/cpu/index'])).toEqual([]);
    expect(() => floorProblems('src/newfloor/x.ts', [])).toThrow(/no floor/);
  });
});
