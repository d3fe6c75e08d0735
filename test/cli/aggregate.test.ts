// `leanvm-gpu aggregate`, `verify aggregate` and `demo xmss` as a user runs them (the built
// dist/node/cli.js): a signers directory as xmss keygen and sign write it, or --signer pairs;
// verify exits 0 valid, 1 invalid, 2 malformed; a refused request exits 2 before any proving,
// naming the signer by its files.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StdRng } from '../../src/util/std-rng';
import { AGGREGATE_PROGRAM_DIGEST, AGGREGATE_STAGES } from '../../src/workloads/xmss-aggregate';
import { encodePublicKey, encodeSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { expectExit, run } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-aggregate-cli-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));


const next = xorshift32(0x636c6961);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const MESSAGE = hex(randomBytes(next, 32));
const OTHER = hex(randomBytes(next, 32));
const EPOCH = '9';
const signers = at('signers');
const agg = at('three.agg');

/** A fresh key for epochs 8..11 and its signature of `message` at epoch 9, as NAME.pub and NAME.sig in `into`. */
function writeSigner(into: string, name: string, message = MESSAGE) {
  const key = xmssKeyGen(randomBytes(next, 32), 8, 11);
  writeFileSync(join(into, `${name}.pub`), encodePublicKey(key.publicKey));
  writeFileSync(join(into, `${name}.sig`), encodeSignature(xmssSignUnsafeInMemory(key, Buffer.from(message, 'hex'), 9, StdRng.seedFromU64(7, 0)).signature));
}

describe('leanvm-gpu aggregate / verify aggregate', () => {
  let report: Record<string, any>;

  beforeAll(() => {
    mkdirSync(signers);
    // alice through the xmss commands (her secret key file KEY sits beside KEY.pub and is ignored), the others from the library
    expect(run('xmss', 'keygen', '--epochs', '8..11', '--out', join(signers, 'alice')).code).toBe(0);
    expect(run('xmss', 'sign', join(signers, 'alice'), '--epoch', EPOCH, '--message', MESSAGE, '--out', join(signers, 'alice.sig')).code).toBe(0);
    writeSigner(signers, 'bob');
    writeSigner(signers, 'carol');
    const r = run('aggregate', '--message', MESSAGE, '--epoch', EPOCH, '--signers', signers, '--out', agg, '--json');
    expect(r.code, r.err).toBe(0);
    report = JSON.parse(r.out);
  });

  it('--signers DIR aggregates every NAME.pub with its NAME.sig; --json reports the run', () => {
    const keys = ['alice', 'bob', 'carol'].map((n) => hex(readFileSync(join(signers, `${n}.pub`)))).sort();
    expect(report).toMatchObject({ command: 'aggregate', n: 3, message: MESSAGE, epoch: 9, programDigest: AGGREGATE_PROGRAM_DIGEST, publicKeys: keys, out: agg });
    expect(Object.keys(report.stageMs)).toEqual([...AGGREGATE_STAGES]);
    expect(report.signaturesPerSecond).toBeCloseTo(3 / (report.totalMs / 1000), 6);
    expect(report.aggregateBytes).toBe(readFileSync(agg).length);
    expect(report.aggregateBytes).toBe(52 + 3 * 32 + report.proofBytes);
    expect(report.peakRssBytes).toBeGreaterThan(2 ** 20);
    expect(report.programCycles).toBeGreaterThan(3 * 600);
    // The program's run weighed before the proof: the estimate beside the limit it was held to.
    expect(report.memory).toMatchObject({ estimatedPeakStage: expect.any(String), deviceBytes: 0, limitSource: expect.any(String) });
    expect(report.memory.estimatedPeakBytes).toBeGreaterThan(2 ** 20);
  });

  it('refuses an aggregate whose memory estimate exceeds --max-memory: exit 2, one line with both numbers; --force proves it', () => {
    const never = at('big.agg');
    const refused = run('aggregate', '--message', MESSAGE, '--epoch', EPOCH, '--signers', signers, '--out', never, '--max-memory', '64M');
    expectExit(refused, 2, /^leanvm-gpu: aggregating 3 signatures on \w+ needs an estimated \d+ MiB \(\d+ bytes, at its \w+\) but --max-memory allows 64 MiB \(67108864 bytes\); --force to try anyway$/);
    expect(existsSync(never)).toBe(false);
    const forced = run('aggregate', '--message', MESSAGE, '--epoch', EPOCH, '--signers', signers, '--out', never, '--max-memory', '64M', '--force', '--json');
    expect(forced.code, forced.err).toBe(0);
    expect(JSON.parse(forced.out).memory).toMatchObject({ limitBytes: 2 ** 26, limitSource: '--max-memory' });
  });

  it('verify aggregate: exit 0 for its message and epoch, 1 for another of either', () => {
    const r = run('verify', 'aggregate', agg, '--message', MESSAGE, '--epoch', EPOCH);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^valid: .*three\\.agg proves that 3 keys signed ${MESSAGE} at epoch 9`));
    expectExit(run('verify', 'aggregate', agg, '--message', OTHER, '--epoch', EPOCH), 1, /invalid aggregate .*does not verify/);
    const j = run('verify', 'aggregate', agg, '--message', MESSAGE, '--epoch', '10', '--json');
    expect(j.code).toBe(1);
    expect(JSON.parse(j.out)).toMatchObject({ command: 'verify aggregate', valid: false, n: 3, epoch: 10, reason: expect.stringMatching(/does not verify/) });
  });

  it('verify aggregate: exit 2 for a file that is no aggregate', () => {
    const bytes = readFileSync(agg);
    writeFileSync(at('cut.agg'), bytes.subarray(0, bytes.length - 10));
    writeFileSync(at('noise.agg'), randomBytes(next, 500));
    expectExit(run('verify', 'aggregate', at('cut.agg'), '--message', MESSAGE, '--epoch', EPOCH), 2, /cut\.agg: the aggregate announces a proof of \d+ bytes/);
    expectExit(run('verify', 'aggregate', at('noise.agg'), '--message', MESSAGE, '--epoch', EPOCH), 2, /noise\.agg: not an aggregate/);
    expectExit(run('verify', 'aggregate', at('missing.agg'), '--message', MESSAGE, '--epoch', EPOCH), 2, /cannot read the aggregate file/);
    expectExit(run('verify', 'aggregate', agg, '--message', 'abc', '--epoch', EPOCH), 2, /--message must be 64 hex digits/);
  });

  it('--signer PUB,SIG pairs give the same aggregate statement', () => {
    const pair = (n: string) => ['--signer', `${join(signers, `${n}.pub`)},${join(signers, `${n}.sig`)}`];
    const out = at('pairs.agg');
    const r = run('aggregate', '--message', MESSAGE, '--epoch', EPOCH, ...pair('carol'), ...pair('alice'), ...pair('bob'), '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^aggregated 3 signatures on .* in \d+ ms: [\d.]+ signatures\/s/);
    expect(r.out).toMatch(/stages \(ms\): check \d+, execute \d+, witness \d+, commit \d+, bus \d+, tables \d+, flock \d+, opening \d+/);
    expect(r.out).toMatch(/aggregate: \d+ bytes \(the proof \d+, 3 keys\) → .*pairs\.agg; peak memory \d+ MiB/);
    // the same keys in the same order: the bytes up to the proof
    expect(Buffer.compare(readFileSync(out).subarray(0, 48 + 96), readFileSync(agg).subarray(0, 48 + 96))).toBe(0);
    expect(run('verify', 'aggregate', out, '--message', MESSAGE, '--epoch', EPOCH).code).toBe(0);
  });

  it('refuses, before proving and naming the signer: a duplicate, a bad signature, a malformed key', () => {
    const d = at('dup');
    mkdirSync(d);
    for (const f of ['alice.pub', 'alice.sig', 'bob.pub', 'bob.sig']) copyFileSync(join(signers, f), join(d, f));
    copyFileSync(join(signers, 'bob.pub'), join(d, 'bob2.pub'));
    copyFileSync(join(signers, 'bob.sig'), join(d, 'bob2.sig'));
    const refuse = (signersDir: string, message: RegExp) => {
      expectExit(run('aggregate', '--message', MESSAGE, '--epoch', EPOCH, '--signers', signersDir, '--out', at('never.agg')), 2, message);
      expect(existsSync(at('never.agg'))).toBe(false);
    };
    refuse(d, /signer bob2 \(key [0-9a-f]{64}\) repeats signer bob's key/);
    rmSync(join(d, 'bob2.pub'));
    rmSync(join(d, 'bob2.sig'));
    writeSigner(d, 'mallory', OTHER);
    refuse(d, /signer mallory \(key [0-9a-f]{64}\): its signature does not verify at epoch 9 \(InvalidWots\)/);
    writeFileSync(join(d, 'mallory.pub'), randomBytes(next, 31));
    refuse(d, /signer mallory: public key: .*32 bytes/);
  });

  it('refuses bad usage with exit 2 and one line', () => {
    const e = at('empty');
    mkdirSync(e);
    writeFileSync(join(e, 'lonely.pub'), new Uint8Array(32));
    const base = ['aggregate', '--message', MESSAGE, '--epoch', EPOCH, '--out', at('never.agg')];
    expectExit(run(...base, '--signers', e), 2, /lonely\.pub has no lonely\.sig/);
    rmSync(join(e, 'lonely.pub'));
    expectExit(run(...base, '--signers', e), 2, /holds no signers/);
    expectExit(run(...base), 2, /give the signers/);
    expectExit(run(...base, '--signers', signers, '--signer', 'a,b'), 2, /give the signers/);
    expectExit(run(...base, '--signer', 'just-one-file'), 2, /--signer takes PUB,SIG/);
    expectExit(run(...base, '--signer', `${at('nope.pub')},${at('nope.sig')}`), 2, /cannot read the public key file/);
    expectExit(run('aggregate', '--message', MESSAGE, '--epoch', '-1', '--signers', signers, '--out', agg), 2, /--epoch must be a decimal integer/);
  });
});

describe('leanvm-gpu demo xmss', () => {
  it('generates keys, signs, aggregates into a temporary file and verifies it, one line a stage', () => {
    const r = run('demo', 'xmss', '--n', '2');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^XMSS aggregation: 2 fresh keys sign one message at epoch 7/);
    expect(r.out).toMatch(/^ {2}keys {6}2 XMSS keys for epochs 0\.\.15 in \d+ ms$/m);
    expect(r.out).toMatch(/^ {2}signing {3}2 signatures of [0-9a-f]{64} in \d+ ms$/m);
    expect(r.out).toMatch(/^ {2}program {3}programs\/aggregate-xmss\.py \(compiled when built\) read in \d+ ms: 32768 slots/m);
    expect(r.out).toMatch(/^ {2}aggregate 2 signatures on .* in \d+ ms: [\d.]+ signatures\/s$/m);
    expect(r.out).toMatch(/→ .*xmss-2\.agg$/m);
    expect(r.out).toMatch(/^ {2}verify {4}valid: the 2 keys signed the message at epoch 7/m);
    expect(r.out).toMatch(/^ {2}memory {4}peak \d+ MiB$/m);
    expectExit(run('demo', 'xmss', '--n', '0'), 2, /--n must be a signer count in 1 \.\. 4095/);
  });
});
