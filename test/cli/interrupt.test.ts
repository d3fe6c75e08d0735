// Ctrl-C during `prove vm` and `aggregate` (the built dist/node/cli.js, on the slow cpu backend so
// the proof is under way when the signal comes): the proof stops, the command prints one line
// naming the stage it stopped in and exits 130, and nothing is left at --out (nor a partial file
// beside it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { StdRng } from '../../src/util/std-rng';
import { encodePublicKey, encodeSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';

const CLI = 'dist/node/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'leanvm-interrupt-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  // A Fibonacci of 2000 steps: some 10 s of cpu proving.
  const compiled = spawnSync(process.execPath, [CLI, 'compile', 'examples/fibonacci.py', '-D', 'N_PLACEHOLDER=2000', '-o', at('fib.json')], { encoding: 'utf8' });
  expect(compiled.status, compiled.stderr).toBe(0);
  mkdirSync(at('signers'));
  const message = new Uint8Array(32).fill(7);
  for (const i of [1, 2]) {
    const key = xmssKeyGen(new Uint8Array(32).fill(i), 8, 11);
    writeFileSync(at(`signers/s${i}.pub`), encodePublicKey(key.publicKey));
    writeFileSync(at(`signers/s${i}.sig`), encodeSignature(xmssSignUnsafeInMemory(key, message, 9, StdRng.seedFromU64(i, 0)).signature));
  }
});

/** Runs the CLI, sends SIGINT `delayMs` after it names its backend (the proof starts then), and
 * resolves with its exit code, signal and stderr. */
function interrupted(args: string[], delayMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      if (!sent && err.includes('backend: ')) {
        sent = true;
        setTimeout(() => child.kill('SIGINT'), delayMs);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, err }));
  });
}

function expectInterrupted(r: Awaited<ReturnType<typeof interrupted>>, out: string): void {
  expect(r.signal, r.err).toBeNull();
  expect(r.code, r.err).toBe(130);
  const lines = r.err.split('\n').filter((l) => l.startsWith('leanvm-gpu:'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^leanvm-gpu: interrupted in the \w+ stage; nothing written$/);
  expect(existsSync(out)).toBe(false);
  expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
}

test('prove vm, interrupted: exit 130, one line, no proof file', async () => {
  const out = at('fib.proof');
  const r = await interrupted(['prove', 'vm', '--program', at('fib.json'), '--public-input', '0x80997090d5b86c5a,0x6f8598dc720d9b27', '--backend', 'cpu', '--out', out], 1500);
  expectInterrupted(r, out);
}, 120_000);

test('aggregate, interrupted: exit 130, one line, no aggregate file', async () => {
  const out = at('two.agg');
  const r = await interrupted(['aggregate', '--message', '07'.repeat(32), '--epoch', '9', '--signers', at('signers'), '--backend', 'cpu', '--out', out], 1500);
  expectInterrupted(r, out);
}, 120_000);
