// The summary reporter fails a run that skipped a test while a LEANVM_REQUIRE_* flag is set (CI),
// naming the test, and lets the same run pass without one.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./reporter-fixture', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function run(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('LEANVM_REQUIRE_') && k !== 'VITEST' && !k.startsWith('VITEST_')));
  const r = spawnSync(process.execPath, [VITEST, 'run', '--root', FIXTURE], { encoding: 'utf8', env: { ...clean, ...env }, timeout: 60_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the summary reporter', () => {
  it('fails a run with a skipped test under a LEANVM_REQUIRE_* flag, naming it', () => {
    const r = run({ LEANVM_REQUIRE_NATIVE: '1' });
    expect(r.out).toContain('tests: 1 passed, 0 failed, 1 skipped');
    expect(r.out).toMatch(/FAIL: 1 test\(s\) skipped while LEANVM_REQUIRE_NATIVE is set:\n {2}skipped: \S*skips\.fixture\.ts > is skipped/);
    expect(r.status).toBe(1);
  });

  it('passes the same run without one', () => {
    const r = run({});
    expect(r.out).toContain('tests: 1 passed, 0 failed, 1 skipped');
    expect(r.out).not.toContain('FAIL');
    expect(r.status).toBe(0);
  });
});
