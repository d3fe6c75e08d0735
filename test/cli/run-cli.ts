// Runs the built CLI as a user would (a child process) and checks how it ended: the exit code
// and its one `leanvm-gpu:` reason line on stderr.
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

const CLI = 'dist/node/cli.js';

export interface CliRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  /** The stderr lines that give a failure's reason. */
  readonly reason: string[];
}

export function run(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 300_000 });
  const reason = r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:'));
  return { code: r.status, out: r.stdout, err: r.stderr, reason };
}

export function expectExit(r: CliRun, code: number, message: RegExp): void {
  expect(r.code, r.err).toBe(code);
  expect(r.reason).toHaveLength(1);
  expect(r.reason[0]).toMatch(message);
}
