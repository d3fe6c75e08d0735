// `leanvm-gpu xmss sign` as an operator's scripts run it: 8 processes started at once on one key
// and one epoch give exactly one signature, and the key then signs only later epochs; a signer
// killed with SIGKILL at a random moment never leaves a key file that can sign an epoch for which
// a signature was printed or written, and the next signer breaks the dead one's lock.
//
// LEANVM_KEY_KILL_RUNS=N runs N killed signers instead of the CI's slice (a local run: 100).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeKeyFile, decodePublicKey, decodeSignature, xmssVerify } from '../../src/xmss/index';
import { xorshift32 } from '../hash/prng';

const CLI = 'dist/node/cli.js';
const KILL_RUNS = Number(process.env.LEANVM_KEY_KILL_RUNS ?? 16);
const dir = mkdtempSync(join(tmpdir(), 'leanvm-xmss-concurrency-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

/** Runs the CLI; `killAfterMs` sends SIGKILL that long after the start. */
function cli(args: string[], killAfterMs?: number): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args]);
    let out = '', err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, ms: performance.now() - t0 });
    });
  });
}

const hex = (i: number) => ((i * 0x9e3779b1) >>> 0).toString(16).padStart(8, '0').repeat(8);
const nextEpochOf = (key: string) => decodeKeyFile(new Uint8Array(readFileSync(key))).nextEpoch;

async function keygen(name: string, epochs: string): Promise<string> {
  const key = at(name);
  const r = await cli(['xmss', 'keygen', '--epochs', epochs, '--out', key]);
  expect(r.code, r.err).toBe(0);
  return key;
}

describe('xmss sign: concurrent and killed signers', () => {
  it('8 signers started at once on one key and one epoch: exactly one signature; the key then signs only later epochs', async () => {
    const key = await keygen('k8', '0..63');
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => cli(['xmss', 'sign', key, '--epoch', '5', '--message', hex(i), '--out', at(`k8-${i}.sig`)])));
    const winners = runs.flatMap((r, i) => (r.code === 0 ? [i] : []));
    expect(winners, runs.map((r) => r.err).join('\n')).toHaveLength(1);
    for (const [i, r] of runs.entries()) {
      if (i === winners[0]) continue;
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/epoch 5 is spent: this key signs only epochs from 6 on \(6..63\)/);
      expect(existsSync(at(`k8-${i}.sig`))).toBe(false);
    }
    const pk = decodePublicKey(readFileSync(`${key}.pub`));
    const sig = decodeSignature(readFileSync(at(`k8-${winners[0]}.sig`)));
    expect(xmssVerify(pk, Buffer.from(hex(winners[0]), 'hex'), sig, 5).valid).toBe(true);
    expect(nextEpochOf(key)).toBe(6);
    expect((await cli(['xmss', 'sign', key, '--epoch', '5', '--message', hex(9), '--out', at('again.sig')])).code).toBe(2);
    expect((await cli(['xmss', 'sign', key, '--epoch', '4', '--message', hex(9), '--out', at('again.sig')])).code).toBe(2);
    const later = await cli(['xmss', 'sign', key, '--epoch', '6', '--message', hex(9), '--out', at('later.sig')]);
    expect(later.code, later.err).toBe(0);
    expect(readdirSync(dir).filter((n) => n.startsWith('k8') && !n.endsWith('.sig'))).toEqual(['k8', 'k8.pub']);
  });

  it(`${KILL_RUNS} signers killed at random moments: no epoch a signature was printed or written for stays signable`, async () => {
    const key = await keygen('kkill', '0..1023');
    const pk = decodePublicKey(readFileSync(`${key}.pub`));
    const rng = xorshift32(0x6b696c6c);
    // How long a whole signing takes here, so that the kills fall anywhere in it.
    const whole = await cli(['xmss', 'sign', key, '--epoch', '0', '--message', hex(0), '--out', at('kill-0.sig')]);
    expect(whole.code, whole.err).toBe(0);
    const signed = new Map<number, string>([[0, hex(0)]]);
    const tally = { killed: 0, signedBeforeKill: 0, refused: 0, completed: 0 };
    for (let i = 1; i <= KILL_RUNS; i++) {
      const nextEpoch = nextEpochOf(key);
      // Mostly the next epoch; sometimes one already signed, which must be refused.
      const epoch = rng() % 4 === 0 ? Math.max(0, nextEpoch - 1 - (rng() % 3)) : nextEpoch;
      const sigPath = at(`kill-${i}.sig`);
      // Half the kills anywhere in a run, half in its last part, where the key is locked and written.
      const u = (rng() % 1000) / 1000;
      const r = await cli(['xmss', 'sign', key, '--epoch', String(epoch), '--message', hex(i), '--out', sigPath], whole.ms * (i % 2 === 0 ? 1.2 * u : 0.6 + 0.6 * u));
      if (r.signal === 'SIGKILL') tally.killed++;
      else if (r.code === 0) tally.completed++;
      else {
        expect(r.err).toMatch(/is spent/);
        tally.refused++;
      }
      const wrote = existsSync(sigPath), printed = r.out.includes(`signed at epoch ${epoch}`);
      if (wrote || printed) {
        if (r.signal === 'SIGKILL') tally.signedBeforeKill++;
        // Never a second message at an epoch.
        expect(signed.has(epoch), `run ${i}: a second signature at epoch ${epoch}`).toBe(false);
        if (wrote) expect(xmssVerify(pk, Buffer.from(hex(i), 'hex'), decodeSignature(readFileSync(sigPath)), epoch).valid).toBe(true);
        signed.set(epoch, hex(i));
      }
      // The key file is whole and says none of the signed epochs may be signed again.
      expect(nextEpochOf(key), `run ${i} (epoch ${epoch})`).toBeGreaterThan(Math.max(...signed.keys()));
    }
    console.log(`killed signers: ${JSON.stringify(tally)} in ${KILL_RUNS} runs (a whole signing: ${whole.ms.toFixed(0)} ms)`);
    expect(tally.killed).toBeGreaterThan(0);
    // A dead signer's lock does not stop the next one.
    const after = await cli(['xmss', 'sign', key, '--epoch', String(nextEpochOf(key)), '--message', hex(0), '--out', at('after.sig')]);
    expect(after.code, after.err).toBe(0);
    expect(existsSync(`${key}.lock`)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith('kkill.tmp-'))).toEqual([]);
  });
});
