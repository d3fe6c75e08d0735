// `leanvm-gpu xmss keygen / sign / verify` as a user runs them (the built dist/node/cli.js):
// the reference vectors' keys and signatures through the files, every vector verdict as an
// exit code, the key file's state, and exit 2 with one reason line for malformed input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { xmssIndex, xmssVectorPath } from '../xmss/vectors';

const CLI = 'dist/node/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'leanvm-xmss-cli-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  const reason = r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:'));
  return { code: r.status, out: r.stdout, err: r.stderr, reason };
}

function expectUsage(r: ReturnType<typeof run>, message: RegExp) {
  expect(r.code, r.err).toBe(2);
  expect(r.reason).toHaveLength(1);
  expect(r.reason[0]).toMatch(message);
}

const same = (a: string, b: string) => Buffer.compare(readFileSync(a), readFileSync(b)) === 0;
const key0 = xmssIndex.keys[0];
const key0Cases = xmssIndex.cases.filter((c) => c.key === 0 && c.kind === 'valid');

describe('leanvm-gpu xmss', () => {
  const key = at('key0');

  it('keygen --seed --epochs writes the vector key: KEY.pub is key0.pk', () => {
    const r = run('xmss', 'keygen', '--seed', key0.seed, '--epochs', `${key0.epoch_start}..${key0.epoch_end}`, '--out', key, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ epochStart: 0, epochEnd: 15, epochs: 16, publicKey: key0.public_key, secretKeyBytes: 188 });
    expect(same(`${key}.pub`, xmssVectorPath(key0.public_key_file))).toBe(true);
  });

  it('sign --rng-seed writes the vector signatures, in epoch order; each spends its epoch', () => {
    for (const c of key0Cases) {
      const sig = at(`key0_e${c.epoch}.sig`);
      const r = run('xmss', 'sign', key, '--epoch', String(c.epoch), '--message', c.message, '--out', sig, '--rng-seed', String(c.sign_rng_seed_u64), '--json');
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ epoch: c.epoch, grindAttempts: c.grind_attempts, nextEpoch: c.epoch + 1 });
      expect(same(sig, xmssVectorPath(c.signature_file)), c.case).toBe(true);
    }
  });

  it('sign refuses a spent epoch and one outside the range, and leaves the key file as it was', () => {
    const before = readFileSync(key);
    const message = key0Cases[0].message;
    expectUsage(run('xmss', 'sign', key, '--epoch', '7', '--message', message, '--out', at('x.sig')), /epoch 7 is spent: this key has signed its last epoch \(15\): it signs nothing more/);
    expectUsage(run('xmss', 'sign', key, '--epoch', '16', '--message', message, '--out', at('x.sig')), /epoch 16 is outside this key's range 0..15/);
    expect(Buffer.compare(readFileSync(key), before)).toBe(0);
  });

  it.each(xmssIndex.cases.map((c) => [c.case, c.expected, c] as const))('verify %s: %s', (_, expected, c) => {
    const r = run('xmss', 'verify', xmssVectorPath(c.public_key_file), xmssVectorPath(c.signature_file), '--epoch', String(c.epoch), '--message', c.message, '--json');
    const report = JSON.parse(r.out);
    if (expected === 'accept') {
      expect(r.code, r.err).toBe(0);
      expect(report).toMatchObject({ valid: true, epoch: c.epoch });
    } else {
      expect(r.code, r.err).toBe(1);
      expect(report).toMatchObject({ valid: false, reason: expected.slice('reject:'.length) });
    }
  });

  it('verify says valid or names the rejection on one line', () => {
    const c = key0Cases[0], pub = xmssVectorPath(c.public_key_file), sig = xmssVectorPath(c.signature_file);
    const ok = run('xmss', 'verify', pub, sig, '--epoch', '0', '--message', c.message);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^valid: /);
    const bad = run('xmss', 'verify', pub, sig, '--epoch', '1', '--message', c.message);
    expect(bad.code).toBe(1);
    expect(bad.reason).toEqual([expect.stringMatching(/invalid signature .* \(epoch 1, .*\): InvalidWots$/)]);
  });

  it('malformed files and arguments exit 2 with one reason', () => {
    const c = key0Cases[0], pub = xmssVectorPath(c.public_key_file), sig = xmssVectorPath(c.signature_file);
    writeFileSync(at('short.sig'), readFileSync(sig).subarray(1));
    writeFileSync(at('short.pub'), readFileSync(pub).subarray(1));
    writeFileSync(at('bad.key'), readFileSync(key).subarray(0, 150));
    const args = (p: string, s: string, ...more: string[]) => ['xmss', 'verify', p, s, '--epoch', '0', '--message', c.message, ...more];
    expectUsage(run(...args(pub, at('short.sig'))), /signature file .*short.sig: malformed XMSS signature: expected 1208 bytes, got 1207/);
    expectUsage(run(...args(at('short.pub'), sig)), /public key file .*short.pub: malformed XMSS public key: expected 32 bytes, got 31/);
    expectUsage(run(...args(pub, at('missing.sig'))), /cannot read the signature file/);
    expectUsage(run('xmss', 'verify', pub, sig, '--epoch', '0', '--message', c.message.slice(2)), /--message must be 64 hex digits/);
    expectUsage(run('xmss', 'verify', pub, sig, '--epoch', '4294967296', '--message', c.message), /--epoch must be a decimal integer in 0 .. 4294967295/);
    expectUsage(run('xmss', 'sign', at('bad.key'), '--epoch', '0', '--message', c.message, '--out', at('x.sig')), /secret key file .*bad.key: malformed XMSS secret key: checksum mismatch/);
    expectUsage(run('xmss', 'sign', pub, '--epoch', '0', '--message', c.message, '--out', at('x.sig')), /malformed XMSS secret key: a key file has at least 140 bytes, got 32/);
    expectUsage(run('xmss', 'sign', key, '--epoch', '0', '--message', c.message, '--out', at('x.sig'), '--rng-seed', 'x'), /--rng-seed must be a decimal or 0x-hex integer/);
  });

  it('keygen refuses to overwrite a key without --force, bad ranges and bad seeds', () => {
    expectUsage(run('xmss', 'keygen', '--epochs', '0..3', '--out', key), /key0 exists: a secret key file holds state/);
    expectUsage(run('xmss', 'keygen', '--epochs', '5..4', '--out', at('k')), /--epochs 5..4 is empty/);
    expectUsage(run('xmss', 'keygen', '--epochs', '0-4', '--out', at('k')), /--epochs must be A..B/);
    expectUsage(run('xmss', 'keygen', '--epochs', '0..4294967296', '--out', at('k')), /--epochs B must be a decimal integer/);
    expectUsage(run('xmss', 'keygen', '--seed', '00', '--epochs', '0..1', '--out', at('k')), /--seed must be 64 hex digits/);
  });

  it('keygen without --seed draws a fresh key; --force replaces one, and it signs and verifies', () => {
    const a = at('fresh'), b = at('fresh2');
    expect(run('xmss', 'keygen', '--epochs', '100..131', '--out', a).code).toBe(0);
    expect(run('xmss', 'keygen', '--epochs', '100..131', '--out', b).code).toBe(0);
    expect(same(`${a}.pub`, `${b}.pub`)).toBe(false);
    expect(run('xmss', 'keygen', '--epochs', '100..131', '--out', b, '--force').code).toBe(0);
    const m = 'ab'.repeat(32);
    expect(run('xmss', 'sign', b, '--epoch', '120', '--message', m, '--out', at('f.sig')).code).toBe(0);
    expect(run('xmss', 'verify', `${b}.pub`, at('f.sig'), '--epoch', '120', '--message', m).code).toBe(0);
    expect(run('xmss', 'verify', `${a}.pub`, at('f.sig'), '--epoch', '120', '--message', m).code).toBe(1);
  });
});
