// `leanvm-gpu compile` as a user runs it (npm test builds dist/ first): the vector programs
// compile to their program JSON and disassembly, placeholders fill from -D, compile errors
// exit 2 with file:line:col, and `run vm` takes a .py directly.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vectorPath } from '../vectors';

const CLI = 'dist/node/cli.js';

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('leanvm-gpu compile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zkdsl-cli-'));

  it('writes the reference program JSON with -o, and --json describes it', () => {
    const out = join(dir, 'hash.json');
    const r = run('compile', vectorPath('vm', 'hash.py'), '-o', out, '--json');
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(vectorPath('vm', 'hash.program.json'), 'utf8'));
    const summary = JSON.parse(r.out);
    expect(summary.bytecodeLen).toBe(2048);
    expect(summary.functions).toEqual(['main', 'digest200', 'climb__L1', 'climb__L0']);
  });

  it('prints the JSON without -o, and the reference listing with --disasm', () => {
    const r = run('compile', vectorPath('vm', 'bits.py'));
    expect(r.code).toBe(0);
    expect(r.out).toBe(readFileSync(vectorPath('vm', 'bits.program.json'), 'utf8'));
    const d = run('compile', vectorPath('vm', 'bits.py'), '--disasm');
    expect(d.code).toBe(0);
    expect(d.out).toBe(readFileSync(vectorPath('vm', 'bits.disasm.txt'), 'utf8'));
  });

  it('fills placeholders from -D and rejects an unfilled one', () => {
    const src = join(dir, 'tpl.py');
    writeFileSync(src, 'N = N_PLACEHOLDER\n\ndef main():\n    s = StackBuf(N)\n    s[N - 1] = GEN\n    return\n');
    const ok = run('compile', src, '-D', 'N_PLACEHOLDER=5', '--disasm');
    expect(ok.code).toBe(0);
    expect(ok.out.split('\n')[0]).toMatch(/SET {4}fp\[\d+\] = g\^0/);
    const missing = run('compile', src);
    expect(missing.code).toBe(2);
    expect(missing.err.trim()).toBe(`${src}:1:5: unfilled placeholder \`N_PLACEHOLDER\`: give it a value with -D N_PLACEHOLDER=VALUE`);
    expect(run('compile', src, '-D', '5').code).toBe(2);
  });

  it('exits 2 with file:line:col on a compile error, and on an unreadable file', () => {
    const src = join(dir, 'bad.py');
    writeFileSync(src, 'def main():\n    x = y * 2\n    return\n');
    const r = run('compile', src);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe(`${src}:2:9: undefined name \`y\``);
    expect(run('compile', join(dir, 'none.py')).code).toBe(2);
  });

  it('run vm compiles a .py on the fly, with its annotations for public input and witness', () => {
    const r = run('run', 'vm', '--program', vectorPath('vm', 'loops.py'), '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const summary = JSON.parse(readFileSync(vectorPath('vm', 'loops.summary.json'), 'utf8'));
    expect(report.programCycles).toBe(summary.program_cycles);
    expect(report.publicInputGiven).toBe(true);
  });
});
