// `leanvm-gpu prove hash` / `verify hash` / `demo hash` as a user runs them (the built dist/node/cli.js):
// exit 0 proved or valid, 1 an invalid proof, 2 bad usage, malformed input or a job too large for
// the memory it may use, each failure with a one-line reason on stderr; every run under a
// timeout, so nothing can hang.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blake2s } from '@noble/hashes/blake2.js';
import { HASH_BATCH_STAGES } from '../../src/workloads/hash-batch/prove';
import { inputsPath, proofPath } from '../workloads/vectors';

const CLI = 'dist/node/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'leanvm-cli-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  // Dawn may print adapter warnings; the reason is the line that names the command.
  const reason = r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:'));
  return { code: r.status, out: r.stdout, err: r.stderr, reason };
}

/** Exit 2 with exactly one reason line matching `message`. */
function expectUsage(r: ReturnType<typeof run>, message: RegExp) {
  expect(r.code, r.err).toBe(2);
  expect(r.reason).toHaveLength(1);
  expect(r.reason[0]).toMatch(message);
}

describe('leanvm-gpu prove hash / verify hash --statement none (the reference flow)', () => {
  const NONE = ['--statement', 'none'];
  const proof = at('n128.proof');
  let proveReport: Record<string, unknown>;

  beforeAll(() => {
    const r = run('prove', 'hash', '--n', '128', '--out', proof, '--backend', 'cpu', '--json', ...NONE);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/backend: cpu \(requested --backend cpu\)/);
    proveReport = JSON.parse(r.out);
  });

  it('--n 128 proves the reference test generator\'s messages: the n7 reference proof', () => {
    expect(Buffer.compare(readFileSync(proof), readFileSync(proofPath(7)))).toBe(0);
  });

  it('--json reports backend, why, n, stage times, proof bytes, peak memory and the path', () => {
    expect(proveReport).toMatchObject({ backend: 'cpu', statement: 'none', n: 128, proofBytes: 147672, proof });
    expect(String(proveReport.why).length).toBeGreaterThan(5);
    const stageMs = proveReport.stageMs as Record<string, number>;
    expect(Object.keys(stageMs)).toEqual([...HASH_BATCH_STAGES]);
    for (const s of HASH_BATCH_STAGES) expect(stageMs[s]).toBeGreaterThan(0);
    expect(proveReport.peakRssBytes).toBeGreaterThan(2 ** 20);
    // The estimate beside the measured peak, and the limit it was held to.
    const memory = proveReport.memory as Record<string, unknown>;
    expect(memory).toMatchObject({ estimatedPeakStage: expect.any(String), deviceBytes: 0, limitSource: expect.any(String) });
    expect(memory.estimatedPeakBytes).toBeGreaterThan(2 ** 20);
    expect(memory.limitBytes).toBeGreaterThan(memory.estimatedPeakBytes as number);
  });

  it('--backend webgpu writes the same proof, the witness made on the device (its traffic in the JSON)', () => {
    const gpuProof = at('n128-webgpu.proof');
    const r = run('prove', 'hash', '--n', '128', '--out', gpuProof, '--backend', 'webgpu', '--json', ...NONE);
    if (r.code === 2 && /webgpu backend unavailable/.test(r.reason[0] ?? '')) {
      // No adapter: said here, and a failure where CI requires one.
      expect(process.env.LEANVM_REQUIRE_WEBGPU, r.reason[0]).not.toBe('1');
      console.warn(`webgpu CLI check skipped: ${r.reason[0]}`);
      return;
    }
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    // The backend is the device's alone: nothing lent from the native module.
    expect(report.why).toMatch(/^requested --backend webgpu \(Dawn adapter /);
    // The messages go up (128 × 64 bytes and one header), the columns never come down.
    expect(report.traffic.witness.uploadBytes).toBeLessThanOrEqual(128 * 64 + 1024);
    expect(report.traffic.witness.readBytes).toBe(0);
    expect(Object.keys(report.traffic)).toEqual(['witness', 'commit', 'zerocheck', 'lincheck', 'opening']);
    expect(Buffer.compare(readFileSync(gpuProof), readFileSync(proofPath(7)))).toBe(0);
  });

  it('verify accepts it, given --n or the inputs file (exit 0)', () => {
    const byN = run('verify', 'hash', '--n', '128', proof, ...NONE);
    expect(byN.code, byN.err).toBe(0);
    expect(byN.out).toMatch(/^valid: /);
    const byFile = run('verify', 'hash', '--inputs', inputsPath(7), proof, '--json', ...NONE);
    expect(byFile.code).toBe(0);
    expect(JSON.parse(byFile.out)).toMatchObject({ valid: true, statement: 'none', n: 128, proofBytes: 147672 });
  });

  it('a flipped byte is an invalid proof (exit 1), with the failed check on stderr', () => {
    const bad = readFileSync(proof);
    bad[8 + 24 * 100 + 3] ^= 0x20; // a zerocheck scalar
    writeFileSync(at('flipped.proof'), bad);
    const r = run('verify', 'hash', '--n', '128', at('flipped.proof'), ...NONE);
    expect(r.code).toBe(1);
    expect(r.reason).toHaveLength(1);
    expect(r.reason[0]).toMatch(/invalid proof .*flipped\.proof \(checked against n only \(empty statement\)\): /);
    const json = run('verify', 'hash', '--n', '128', at('flipped.proof'), '--json', ...NONE);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ valid: false, n: 128 });
  });

  it('--threads 1 and 3 on cpu and native write the same bytes (the reference proof), and say so', () => {
    for (const [backend, threads] of [['cpu', '1'], ['cpu', '3'], ['native', '1'], ['native', '3']]) {
      const r = run('prove', 'hash', '--n', '128', '--out', at(`t${backend}${threads}.proof`), '--backend', backend, '--threads', threads, '--json', ...NONE);
      if (backend === 'native' && r.code === 2 && /native backend unavailable/.test(r.err) && process.env.LEANVM_REQUIRE_NATIVE !== '1') continue;
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ backend, threads: Number(threads) });
      expect(Buffer.compare(readFileSync(at(`t${backend}${threads}.proof`)), readFileSync(proofPath(7)))).toBe(0);
    }
  });

  it('the proof checked for another n is invalid (exit 1)', () => {
    expect(run('verify', 'hash', '--n', '256', proof, ...NONE).code).toBe(1);
  });

  it('--seed overrides the generator seed: the default one explicitly gives the same proof; another verifies too', () => {
    const same = run('prove', 'hash', '--n', '128', '--seed', '0x9e3779b97f4a7c95', '--out', at('seeded.proof'), '--backend', 'cpu', ...NONE);
    expect(same.code, same.err).toBe(0);
    expect(Buffer.compare(readFileSync(at('seeded.proof')), readFileSync(proof))).toBe(0);
    const other = run('prove', 'hash', '--n', '128', '--seed', '1', '--out', at('seed1.proof'), '--backend', 'cpu', ...NONE);
    expect(other.code, other.err).toBe(0);
    expect(Buffer.compare(readFileSync(at('seed1.proof')), readFileSync(proof))).not.toBe(0);
    expect(run('verify', 'hash', '--n', '128', '--seed', '1', at('seed1.proof'), ...NONE).code).toBe(0);
  });
});

describe('leanvm-gpu prove hash / verify hash with the bound statement (the default)', () => {
  const proof = at('bound300.proof'), digests = at('bound300.digests');
  let report: Record<string, unknown>;
  writeFileSync(at('n300.bin'), new Uint8Array(64 * 300).map((_, i) => (i * 37 + 11) & 0xff));

  beforeAll(() => {
    const r = run('prove', 'hash', '--inputs', at('n300.bin'), '--out', proof, '--digests-out', digests, '--backend', 'cpu', '--json');
    expect(r.code, r.err).toBe(0);
    report = JSON.parse(r.out);
  });

  it('proves any n (here 300) and writes the digests it claims', () => {
    expect(report).toMatchObject({ statement: 'bound', n: 300, proof, digests });
    const inputs = readFileSync(at('n300.bin'));
    const written = readFileSync(digests);
    expect(written.length).toBe(32 * 300);
    for (const i of [0, 151, 299]) {
      expect(written.subarray(32 * i, 32 * i + 32)).toEqual(Buffer.from(blake2s(inputs.subarray(64 * i, 64 * i + 64))));
    }
  });

  it('verifies for the messages, with or without --outputs (exit 0)', () => {
    const plain = run('verify', 'hash', '--inputs', at('n300.bin'), proof);
    expect(plain.code, plain.err).toBe(0);
    expect(plain.out).toMatch(/^valid: .* bound to these messages and their digests/);
    const withOutputs = run('verify', 'hash', '--inputs', at('n300.bin'), '--outputs', digests, proof, '--json');
    expect(withOutputs.code, withOutputs.err).toBe(0);
    expect(JSON.parse(withOutputs.out)).toMatchObject({ valid: true, statement: 'bound', n: 300, outputs: digests });
  });

  it('is invalid (exit 1) for a changed message byte, a changed digest, or fewer messages', () => {
    const inputs = readFileSync(at('n300.bin'));
    inputs[64 * 200 + 17] ^= 1;
    writeFileSync(at('n300-changed.bin'), inputs);
    expect(run('verify', 'hash', '--inputs', at('n300-changed.bin'), proof).code).toBe(1);
    const bad = readFileSync(digests);
    bad[32 * 299 + 31] ^= 0x80;
    writeFileSync(at('bad.digests'), bad);
    const r = run('verify', 'hash', '--inputs', at('n300.bin'), '--outputs', at('bad.digests'), proof);
    expect(r.code).toBe(1);
    expect(r.reason[0]).toMatch(/invalid proof/);
    writeFileSync(at('n299.bin'), readFileSync(at('n300.bin')).subarray(0, 64 * 299));
    expect(run('verify', 'hash', '--inputs', at('n299.bin'), proof).code).toBe(1);
    expect(run('verify', 'hash', '--inputs', at('n300.bin'), proof, '--statement', 'none').code).toBe(2); // 300 is no power of two
  });

  it('--outputs of the wrong size, or with --statement none, is bad usage (exit 2)', () => {
    writeFileSync(at('short.digests'), readFileSync(digests).subarray(0, 100));
    expectUsage(run('verify', 'hash', '--inputs', at('n300.bin'), '--outputs', at('short.digests'), proof), /outputs file .*short\.digests: 300 messages need 9600 bytes of digests, got 100/);
    expectUsage(run('verify', 'hash', '--n', '128', '--outputs', digests, '--statement', 'none', proofPath(7)), /--outputs checks the digests a bound proof claims/);
  });
});

describe('leanvm-gpu: bad usage and malformed input exit 2 with one line saying why', () => {
  writeFileSync(at('100-bytes.bin'), new Uint8Array(100));
  writeFileSync(at('empty.bin'), new Uint8Array(0));
  writeFileSync(at('n100.bin'), new Uint8Array(64 * 100));
  writeFileSync(at('truncated.proof'), readFileSync(proofPath(7)).subarray(0, 5000));
  const out = at('never.proof');

  it.each([
    ['inputs of 100 bytes', ['--inputs', at('100-bytes.bin')], /100-bytes\.bin: 100 bytes of inputs are not whole 64-byte messages/],
    ['empty inputs', ['--inputs', at('empty.bin')], /empty\.bin: the inputs are empty/],
    ['100 messages in a file, --statement none', ['--inputs', at('n100.bin'), '--statement', 'none'], /n = 100 is not a power of two \(supported: 2\^7 = 128 to 2\^20 = 1048576\)/],
    ['--n 100 --statement none', ['--n', '100', '--statement', 'none'], /n = 100 is not a power of two/],
    ['--n 2^21 --statement none', ['--n', String(2 ** 21), '--statement', 'none'], /n = 2\^21 is outside the supported range 2\^7 = 128 to 2\^20/],
    ['--n 64 --statement none', ['--n', '64', '--statement', 'none'], /n = 2\^6 is outside the supported range/],
    ['--n 0', ['--n', '0'], /a batch needs at least one compression, got n = 0/],
    ['--n 2^20 + 1', ['--n', String(2 ** 20 + 1)], /n = 1048577 is more than the 2\^20 = 1048576 compressions a batch holds/],
    ['an unreadable inputs file', ['--inputs', at('missing.bin')], /cannot read the inputs file .*missing\.bin/],
    ['both --n and --inputs', ['--n', '128', '--inputs', inputsPath(7)], /either --inputs FILE or --n N/],
    ['neither', [], /either --inputs FILE or --n N/],
    ['--n not a number', ['--n', '1e3'], /--n must be a positive integer, got "1e3"/],
    ['--threads 0', ['--n', '128', '--threads', '0'], /--threads must be a positive integer, got "0"/],
    ['a seed that is no u64', ['--n', '128', '--seed', '0x1' + '0'.repeat(16)], /--seed must lie in 0 \.\. 2\^64/],
  ])('prove hash: %s', (_, args, message) => {
    expectUsage(run('prove', 'hash', ...args, '--out', out, '--backend', 'cpu'), message);
  });

  it('prove hash: an unwritable --out fails before proving', () => {
    expectUsage(run('prove', 'hash', '--n', '128', '--out', at('no-dir/x.proof'), '--backend', 'cpu'), /cannot write the proof to .*no-dir/);
  });

  it('prove hash --backend webgpu weighs a batch past any buffer limit by its memory, not its buffers, before proving', () => {
    // n = 2^20 holds a 6 GiB operand (24 bytes per committed word, 2^28 words), past Dawn's
    // buffer limits: it is kept in parts (src/backend/webgpu/store.ts), so only the memory
    // estimate can refuse it (exit 2), and does at 4 GiB, with or without a GPU.
    const r = run('prove', 'hash', '--n', String(2 ** 20), '--out', at('huge.proof'), '--backend', 'webgpu', '--max-memory', '4G');
    expectUsage(r, /(proving n = 1048576 on webgpu needs an estimated \d+\.\d GiB .* but --max-memory allows 4\.0 GiB|webgpu backend unavailable)/);
    expect(existsSync(at('huge.proof'))).toBe(false);
  });

  it('prove hash refuses a job whose memory estimate exceeds the limit: exit 2 at once, one line with both numbers', () => {
    const big = at('big.proof');
    const r = run('prove', 'hash', '--n', String(2 ** 20), '--statement', 'none', '--out', big, '--backend', 'cpu', '--max-memory', '4G');
    expectUsage(r, /^leanvm-gpu: proving n = 1048576 on cpu needs an estimated (1[5-7]\.\d) GiB \((\d+) bytes, at its \w+\) but --max-memory allows 4\.0 GiB \(4294967296 bytes\); --force to try anyway$/);
    expect(existsSync(big)).toBe(false);
    expect(r.out).toBe('');
  });

  it('prove hash: the memory estimate is within 15% of the measured peak (n = 2^15 on native)', () => {
    const r = run('prove', 'hash', '--n', String(2 ** 15), '--statement', 'none', '--out', at('n15.proof'), '--backend', 'native', '--json');
    if (r.code === 2 && /native backend unavailable/.test(r.reason[0] ?? '')) {
      expect(process.env.LEANVM_REQUIRE_NATIVE, r.reason[0]).not.toBe('1');
      return;
    }
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    const estimate = report.memory.estimatedPeakBytes as number;
    expect(Math.abs(report.peakRssBytes - estimate) / estimate, `estimate ${estimate}, peak ${report.peakRssBytes}`).toBeLessThan(0.15);
  });

  it('prove hash --max-memory: a size with a unit or in bytes; --force proves past it', () => {
    expectUsage(run('prove', 'hash', '--n', '128', '--out', out, '--backend', 'cpu', '--max-memory', 'lots'), /--max-memory must be a size such as 512M, 8G or 1073741824, got "lots"/);
    expectUsage(run('prove', 'hash', '--n', '128', '--out', out, '--backend', 'cpu', '--max-memory', '1M'), /needs an estimated .* but --max-memory allows 1 MiB \(1048576 bytes\)/);
    const forced = at('forced.proof');
    const r = run('prove', 'hash', '--n', '128', '--statement', 'none', '--out', forced, '--backend', 'cpu', '--max-memory', '1048576', '--force', '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).memory).toMatchObject({ limitBytes: 1048576, limitSource: '--max-memory' });
    expect(Buffer.compare(readFileSync(forced), readFileSync(proofPath(7)))).toBe(0);
  });

  it('prove hash: a missing --out, an unknown backend or statement kind', () => {
    expect(run('prove', 'hash', '--n', '128').code).toBe(2);
    expect(run('prove', 'hash', '--n', '128', '--out', out, '--backend', 'tpu').code).toBe(2);
    const r = run('prove', 'hash', '--n', '128', '--out', out, '--statement', 'partial');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/'partial' is invalid\. Allowed choices are bound, none/);
  });

  it('verify hash: a truncated proof, a missing proof file, bad inputs', () => {
    expectUsage(run('verify', 'hash', '--n', '128', at('truncated.proof')), /malformed proof file .*truncated\.proof: proof bytes, offset/);
    expectUsage(run('verify', 'hash', '--n', '128', at('missing.proof')), /cannot read the proof file/);
    expectUsage(run('verify', 'hash', '--inputs', at('100-bytes.bin'), proofPath(7)), /not whole 64-byte messages/);
    expectUsage(run('verify', 'hash', '--n', '100', proofPath(7), '--statement', 'none'), /not a power of two/);
    expect(run('verify', 'hash', '--n', '128').code).toBe(2); // no proof argument
  });
});

describe('leanvm-gpu demo hash', () => {
  it('proves into a temporary file and verifies it; plain `demo` is `demo hash`', () => {
    for (const demo of [['demo', 'hash'], ['demo']]) {
      const r = run(...demo, '--n', '128', '--backend', 'cpu');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/proved 128 BLAKE2s compressions .* on cpu/);
      expect(r.out).toMatch(/^valid: .*hash-n128\.proof proves 128 BLAKE2s compressions, bound to these messages/m);
    }
  });
});
