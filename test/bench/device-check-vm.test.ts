// The device check's vm phase as a lent GPU session runs it (the built dist/node/device-check.js,
// --quick on this machine's software adapter): arith and hash equal to their proof files, a
// Fibonacci run equal to the reference backend's, and a summary that says so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { describeGpu } from '../webgpu/gpu';
import { vectorPath } from '../vectors';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-device-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

await describeGpu('device check, vm phase', () => {
  test('--quick --phases vm: every unit passes and the summary lists each proof with its stage times', () => {
    const out = join(dir, 'dc.json');
    const args = ['dist/node/device-check.js', '--quick', '--phases', 'vm', '--vectors', vectorPath('flock'), '--vm-vectors', vectorPath('vm'), '--out', out];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 300_000 });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(out, 'utf8'));
    expect(summary).toMatchObject({ ok: true, complete: true, failures: 0 });
    const vm = summary.phases.vm;
    expect(vm).toMatchObject({ planned: 3, ran: 3, failures: [] });
    expect(vm.runs.map((x: { label: string }) => x.label)).toEqual(['vm arith', 'vm hash', 'vm fibonacci 2^12']);
    const fib = vm.runs[2];
    expect(fib.cycles).toBeGreaterThan(4000);
    expect(fib.referenceMs).toBeGreaterThan(0);
    expect(Object.keys(fib.stageMs)).toEqual(['execute', 'witness', 'commit', 'bus', 'tables', 'flock', 'opening']);
    expect(r.stdout).toMatch(/PASS vm arith: 182104 bytes equal arith\.proof/);
  }, 300_000);
});
