// The built CLI as a user runs it (npm test builds dist/ first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CLI = 'dist/node/cli.js';

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 300_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('leanvm-gpu CLI', () => {
  it('is built (npm test runs the build first)', () => expect(existsSync(CLI)).toBe(true));

  it('info --json names every backend with a verdict and a reason', () => {
    const r = run('info', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.node).toBe(process.version);
    expect(report.backends.map((b: { name: string }) => b.name).sort()).toEqual(['cpu', 'native', 'webgpu']);
    for (const b of report.backends) {
      expect(typeof b.usable).toBe('boolean');
      expect(b.reason.length).toBeGreaterThan(5);
    }
    expect(report.backends.find((b: { name: string }) => b.name === 'cpu').usable).toBe(true);
    expect(['cpu', 'native', 'webgpu']).toContain(report.auto.backend);
    expect(report.auto.why.length).toBeGreaterThan(5);
    if (process.env.LEANVM_REQUIRE_WEBGPU === '1') {
      expect(report.backends.find((b: { name: string }) => b.name === 'webgpu').usable).toBe(true);
    }
  });

  it('info prints a human table', () => {
    const r = run('info');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/backends:/);
    expect(r.out).toMatch(/auto → /);
  });

  it('selfcheck passes on the cpu backend', () => {
    const r = run('selfcheck', '--backend', 'cpu', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.ok).toBe(true);
    expect(report.results.map((x: { elem: string }) => x.elem)).toEqual(['K', 'E']);
  });

  it('rejects an unknown backend with exit code 2', () => {
    const r = run('selfcheck', '--backend', 'quantum');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/quantum/);
  });

  it('rejects an unknown command with exit code 2', () => {
    expect(run('frobnicate').code).toBe(2);
  });
});
