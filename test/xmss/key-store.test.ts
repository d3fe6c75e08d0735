// Signing through the secret key file (host/node/xmss-key-file-store.ts): one signature per epoch
// whatever runs at once in this process, the state durable before the signature is returned, a
// typed error naming the next usable epoch, and the lock file's rules: a dead holder's lock
// (and a dead breaker's marker) broken, a live holder waited for, a lock this host cannot judge
// refused by name. Processes signing at once and killed mid-signature: test/cli/xmss-concurrency.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLockFile, LockError } from '../../host/node/lock-file';
import { xmssKeyFileStore } from '../../host/node/xmss-key-file-store';
import { writeDurably } from '../../host/node/durable-file';
import { OptionsError } from '../../src/util/options';
import { StdRng } from '../../src/util/std-rng';
import { decodeKeyFile, encodeKeyFile, XmssEpochError, xmssKeyGen, xmssSign, xmssVerify } from '../../src/xmss/index';
import { randomBytes, xorshift32 } from '../hash/prng';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-key-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const next = xorshift32(0x6b73);
const key = xmssKeyGen(randomBytes(next, 32), 0, 31);
const messages = Array.from({ length: 8 }, () => randomBytes(next, 32));

/** A fresh key file at `name` whose next unused epoch is `from`. */
function keyFile(name: string, from = 0): string {
  const path = join(dir, name);
  writeFileSync(path, encodeKeyFile(key, from), { mode: 0o600 });
  return path;
}

const nextEpochOf = (path: string) => decodeKeyFile(new Uint8Array(readFileSync(path))).nextEpoch;
const BOOT = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const nonce = () => Buffer.from(randomBytes(next, 16)).toString('hex');
const record = (pid: number, host = hostname(), start: string | null = null) => `${JSON.stringify({ host, boot: BOOT, pid, start, nonce: nonce() })}\n`;

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('xmssSign through the secret key file', () => {
  it('8 callers at one epoch in one process, through one store and through others: exactly one signature', async () => {
    const path = keyFile('k8');
    const stores = [xmssKeyFileStore(path), xmssKeyFileStore(path)];
    const results = await Promise.allSettled(messages.map((m, i) => xmssSign(stores[i % 2], m, 5, { rng: StdRng.seedFromU64(i, 0) })));
    const signed = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ i, s: r.value }] : []));
    expect(signed).toHaveLength(1);
    const [{ i, s }] = signed;
    expect(xmssVerify(key.publicKey, messages[i], s.signature, 5).valid).toBe(true);
    expect([s.nextEpoch, s.epochEnd]).toEqual([6, 31]);
    for (const r of results) {
      if (r.status === 'fulfilled') continue;
      expect(r.reason).toBeInstanceOf(XmssEpochError);
      expect(r.reason).toMatchObject({ problem: 'already-used', nextEpoch: 6 });
      expect((r.reason as Error).message).toMatch(/epoch 5 is spent: this key signs only epochs from 6 on \(6..31\)/);
    }
    expect(nextEpochOf(path)).toBe(6);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('the key file says the next epoch before the signature is returned; later epochs sign, earlier ones never', async () => {
    const path = keyFile('kseq', 3);
    const store = xmssKeyFileStore(path);
    const s = await xmssSign(store, messages[0], 3);
    expect(nextEpochOf(path)).toBe(4);
    expect(xmssVerify(key.publicKey, messages[0], s.signature, 3).valid).toBe(true);
    await xmssSign(store, messages[1], 10);
    expect(nextEpochOf(path)).toBe(11);
    for (const e of [3, 4, 10]) expect(await rejection(xmssSign(store, messages[2], e))).toMatchObject({ problem: 'already-used', nextEpoch: 11 });
    expect(await rejection(xmssSign(store, messages[2], 32))).toMatchObject({ problem: 'out-of-range' });
    const last = await xmssSign(store, messages[3], 31);
    expect([last.nextEpoch, last.epochEnd]).toEqual([32, 31]);
    const spent = await rejection(xmssSign(store, messages[4], 31));
    expect(spent).toMatchObject({ problem: 'already-used', nextEpoch: 32 });
    expect((spent as Error).message).toMatch(/signed its last epoch \(31\): it signs nothing more/);
    expect(readdirSync(dir).filter((n) => n.startsWith('kseq'))).toEqual(['kseq']);
  });

  it('removes a dead writer\'s temporary file under the lock, and nothing else', async () => {
    const path = keyFile('ktmp');
    writeFileSync(`${path}.tmp-123-abc`, 'half a key');
    writeFileSync(`${path}.tmp-notes`, 'a file of the user\'s');
    await xmssSign(xmssKeyFileStore(path), messages[0], 0);
    expect(readdirSync(dir).filter((n) => n.startsWith('ktmp')).sort()).toEqual(['ktmp', 'ktmp.tmp-notes']);
  });

  it('a key reached through a symbolic link is locked as its target', async () => {
    const path = keyFile('ktarget');
    symlinkSync(path, join(dir, 'klink'));
    const results = await Promise.allSettled([xmssSign(xmssKeyFileStore(path), messages[0], 2), xmssSign(xmssKeyFileStore(join(dir, 'klink')), messages[1], 2)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(nextEpochOf(path)).toBe(3);
  });

  it('a corrupt key file refuses to sign and the lock is released', async () => {
    const path = keyFile('kbad');
    const bytes = readFileSync(path);
    bytes[20] ^= 1;
    writeFileSync(path, bytes);
    expect(await rejection(xmssSign(xmssKeyFileStore(path), messages[0], 0))).toMatchObject({ name: 'XmssFormatError' });
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('refuses unknown and mistyped options', () => {
    expect(() => xmssKeyFileStore(join(dir, 'x'), { wait: 5 } as never)).toThrow(OptionsError);
    expect(() => xmssKeyFileStore(join(dir, 'x'), { waitMs: -1 })).toThrow(/waitMs must be an integer in 0 ..= /);
  });
});

describe('the lock file', () => {
  it('breaks the lock of a dead process, and a dead breaker\'s marker with it', async () => {
    const path = keyFile('kstale', 7);
    writeFileSync(`${path}.lock`, record(deadPid()));
    await xmssSign(xmssKeyFileStore(path), messages[0], 7);
    expect(nextEpochOf(path)).toBe(8);
    expect(existsSync(`${path}.lock`)).toBe(false);

    const stale = JSON.parse(record(deadPid()));
    writeFileSync(`${path}.lock`, `${JSON.stringify(stale)}\n`);
    writeFileSync(`${path}.lock.break-${stale.nonce}`, record(deadPid()));
    await xmssSign(xmssKeyFileStore(path), messages[1], 8);
    expect(readdirSync(dir).filter((n) => n.startsWith('kstale'))).toEqual(['kstale']);
  });

  it('a pid that now names another process (its start time differs) is a dead holder', async () => {
    const path = keyFile('kreused');
    writeFileSync(`${path}.lock`, record(process.pid, hostname(), '1'));
    await xmssSign(xmssKeyFileStore(path), messages[0], 0);
    expect(nextEpochOf(path)).toBe(1);
  });

  it('waits for a live holder, then signs; past the wait, LockError busy names it', async () => {
    const path = keyFile('klive');
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(`${path}.lock`, record(holder.pid!));
      const e = await rejection(xmssSign(xmssKeyFileStore(path, { waitMs: 300 }), messages[0], 0));
      expect(e).toBeInstanceOf(LockError);
      expect(e).toMatchObject({ problem: 'busy' });
      expect((e as Error).message).toMatch(new RegExp(`in use by process ${holder.pid}`));
      const signing = xmssSign(xmssKeyFileStore(path, { waitMs: 20_000 }), messages[0], 0);
      setTimeout(() => rmSync(`${path}.lock`), 200);
      await signing;
      expect(nextEpochOf(path)).toBe(1);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('never breaks a lock of another host or one that holds no record', async () => {
    const path = keyFile('kforeign');
    writeFileSync(`${path}.lock`, record(deadPid(), 'another-host'));
    expect(await rejection(xmssSign(xmssKeyFileStore(path), messages[0], 0))).toMatchObject({ name: 'LockError', problem: 'foreign', message: expect.stringMatching(/on host another-host/) });
    writeFileSync(`${path}.lock`, '');
    expect(await rejection(xmssSign(xmssKeyFileStore(path), messages[0], 0))).toMatchObject({ name: 'LockError', problem: 'foreign', message: expect.stringMatching(/holds no lock record/) });
    expect(nextEpochOf(path)).toBe(0);
  });

  it('one holder at a time among many acquirers of one lock', async () => {
    const path = join(dir, 'plain.lock');
    let inside = 0, most = 0;
    await Promise.all(Array.from({ length: 6 }, async () => {
      const release = await acquireLockFile(path, 10_000, 'a test');
      most = Math.max(most, ++inside);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside--;
      release();
    }));
    expect(most).toBe(1);
    expect(existsSync(path)).toBe(false);
  });
});

describe('writeDurably', () => {
  it('replaces the file whole and leaves no temporary file', () => {
    const path = join(dir, 'durable');
    writeDurably(path, Uint8Array.of(1, 2, 3));
    writeDurably(path, Uint8Array.of(4, 5));
    expect([...readFileSync(path)]).toEqual([4, 5]);
    expect(readdirSync(dir).filter((n) => n.startsWith('durable'))).toEqual(['durable']);
  });
});
