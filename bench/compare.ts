// `npm run bench -- --compare REF [--rounds N] [bench options]`: builds the git ref REF in a
// temporary worktree (node_modules linked, the native module rebuilt there where host/native
// differs from the working tree's, else copied), then runs its bench and the working tree's in
// turn, ref then head, N rounds, each a process of its own with the same options, and prints per
// cell the ratio head/ref of each round's pair with its median and range (bench/compare-rows.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type CellRatio, compareRounds, ratioRows, type Rounds } from './compare-rows';
import { printTable, writeResults } from './report';

function run(command: string, args: string[], cwd: string, what: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`${what} failed (${command} ${args.join(' ')} in ${cwd}: exit ${r.status ?? r.signal})`);
  return r.stdout;
}

/** A worktree of `ref` with its bundles built, and how to remove it. */
function buildRef(ref: string): { dir: string; remove: () => void } {
  const root = resolve('.');
  const dir = mkdtempSync(join(tmpdir(), 'leanvm-bench-ref-'));
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('git', ['worktree', 'add', '--detach', dir, ref], root, `checking out ${ref}`);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const sameNative = spawnSync('git', ['diff', '--quiet', ref, '--', 'host/native'], { cwd: root }).status === 0;
    const built = join(root, 'host', 'native', 'build');
    if (sameNative && existsSync(built)) cpSync(built, join(dir, 'host', 'native', 'build'), { recursive: true });
    else run(process.execPath, ['host/native/install.mjs'], dir, `building ${ref}'s native module`);
    run(process.execPath, ['esbuild.config.mjs'], dir, `building ${ref}`);
    return { dir, remove };
  } catch (e) {
    remove();
    throw e;
  }
}

/** One bench process in `dir`: each bench's rows, from the JSON files it names. */
function benchOnce(dir: string, args: string[]): Map<string, Rounds[number]> {
  const out = run(process.execPath, ['dist/node/bench.js', ...args], dir, `bench in ${dir}`);
  const rows = new Map<string, Rounds[number]>();
  for (const line of out.split('\n')) {
    if (!line.startsWith('→ ')) continue;
    const result = JSON.parse(readFileSync(join(dir, line.slice(2).trim()), 'utf8')) as { bench: string; rows: Rounds[number] };
    rows.set(result.bench, result.rows);
  }
  return rows;
}

/** Runs the comparison; `args` are the bench options both sides get. */
export function compareWith(ref: string, rounds: number, args: string[]): CellRatio[] {
  console.log(`building ${ref} in a temporary worktree…`);
  const { dir, remove } = buildRef(ref);
  try {
    const sides = { ref: new Map<string, Rounds>(), head: new Map<string, Rounds>() };
    for (let round = 1; round <= rounds; round++) {
      for (const [side, cwd] of [['ref', dir], ['head', resolve('.')]] as const) {
        console.log(`round ${round}/${rounds}: ${side}`);
        for (const [bench, rows] of benchOnce(cwd, args)) sides[side].set(bench, [...(sides[side].get(bench) ?? []), rows]);
      }
    }
    const cells = [...sides.head].flatMap(([bench, head]) => compareRounds(bench, sides.ref.get(bench) ?? [], head));
    for (const bench of new Set(cells.map((c) => c.bench))) {
      printTable(`${bench}: head / ${ref}, per round pair (ratio < 1: the working tree is faster)`, ratioRows(cells.filter((c) => c.bench === bench)));
    }
    console.log(`→ ${writeResults('compare', { ref, rounds, args, date: new Date().toISOString(), cells })}`);
    return cells;
  } finally {
    remove();
  }
}
