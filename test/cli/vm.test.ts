// `leanvm-gpu verify vm` as a user runs it (the built dist/node/cli.js): exit 0 valid, 1 an
// invalid proof, 2 bad usage or malformed input, each failure with a one-line reason on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vectorPath } from '../vectors';

const CLI = 'dist/node/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'leanvm-cli-vm-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const vm = (file: string) => vectorPath('vm', file);

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'verify', 'vm', ...args], { encoding: 'utf8', timeout: 60_000 });
  const reason = r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:'));
  return { code: r.status, out: r.stdout, err: r.stderr, reason };
}

const args = (name: string, ...rest: string[]) => ['--program', vm(`${name}.program.json`), '--public-input-file', vm(`${name}.public.json`), ...rest, vm(`${name}.proof`)];

function expectExit(r: ReturnType<typeof run>, code: number, message: RegExp) {
  expect(r.code, r.err).toBe(code);
  expect(r.reason).toHaveLength(1);
  expect(r.reason[0]).toMatch(message);
}

describe('leanvm-gpu verify vm', () => {
  it('a vector proof is valid: exit 0 and its sizes', () => {
    const r = run(...args('hash'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^valid: .*hash\.proof proves the execution of .*hash\.program\.json/);
    expect(r.out).toMatch(/memory 2\^17 cells; rows XOR 2\^0, MUL 2\^4, SET 2\^6, DEREF 2\^6, JUMP 2\^5, BLAKE2S 2\^4; rate 1\/2; stack 2\^20 words in 33 lanes/);
  });

  it('--json gives h, the six τ, the rate, μ, the stream and Merkle sizes and the time', () => {
    const r = run(...args('arith_rate2', '--json'));
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ command: 'verify vm', valid: true, h: 17, tau: { XOR: 4, MUL: 5, SET: 5, DEREF: 4, JUMP: 3, BLAKE2S: 3 }, logInvRate: 2, mu: 20, nLanes: 33, streamScalars: 801, proofBytes: 129784 });
    expect(j.merklePhases).toHaveLength(4);
    expect(j.merklePhases[0]).toEqual({ rows: 112, rowWords: 33, siblings: expect.any(Number) });
    expect(j.verifyMs).toBeGreaterThan(0);
  });

  it('--raw-out writes the raw form, the reference\'s NAME.rawproof byte for byte', () => {
    const raw = at('calls.rawproof');
    const r = run(...args('calls', '--raw-out', raw));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/raw proof \(one opening per query, the Python verifier's form\): \d+ bytes →/);
    expect(Buffer.compare(readFileSync(raw), readFileSync(vm('calls.rawproof')))).toBe(0);
  });

  it('the public input as annotation words: --public-input A,B', () => {
    const line = readFileSync(vm('calls.py'), 'utf8').split('\n').find((l) => l.startsWith('# public_input:'))!;
    const words = line.slice('# public_input:'.length).trim();
    const r = run('--program', vm('calls.program.json'), '--public-input', words, vm('calls.proof'));
    expect(r.code, r.err).toBe(0);
  });

  it('another program, or another public input: exit 1 with the failed check', () => {
    expectExit(run('--program', vm('loops.program.json'), '--public-input-file', vm('calls.public.json'), vm('calls.proof')), 1, /^leanvm-gpu: invalid proof .*calls\.proof .*: bus/);
    expectExit(run('--program', vm('calls.program.json'), '--public-input', '1, 2', vm('calls.proof')), 1, /^leanvm-gpu: invalid proof/);
    const j = JSON.parse(run('--program', vm('calls.program.json'), '--public-input', '1, 2', '--json', vm('calls.proof')).out);
    expect(j).toMatchObject({ valid: false, reason: expect.stringMatching(/bus/) });
  });

  it('malformed inputs and bad usage: exit 2 with a one-line reason', () => {
    const bad = at('bad.program.json');
    const program = JSON.parse(readFileSync(vm('arith.program.json'), 'utf8'));
    program.bytecode[3] = { op: 'NOP' };
    writeFileSync(bad, JSON.stringify(program));
    expectExit(run('--program', bad, '--public-input-file', vm('arith.public.json'), vm('arith.proof')), 2, /program file .*bad\.program\.json: program bytecode\[3\]\.op: expected one of/);
    expectExit(run('--program', vm('arith.program.json'), '--public-input', '1', vm('arith.proof')), 2, /public input: expected two words/);
    expectExit(run('--program', vm('arith.program.json'), '--public-input', 'GEN ** x, 0', vm('arith.proof')), 2, /decimal or 0x-hex/);
    expectExit(run('--program', vm('arith.program.json'), vm('arith.proof')), 2, /give the public input: --public-input A,B or --public-input-file F/);
    expectExit(run('--program', vm('arith.program.json'), '--public-input', '1,2', '--public-input-file', vm('arith.public.json'), vm('arith.proof')), 2, /not both/);
    expectExit(run('--program', at('missing.json'), '--public-input', '1,2', vm('arith.proof')), 2, /cannot read the program file/);
    expectExit(run(...args('arith').slice(0, -1), at('missing.proof')), 2, /cannot read the proof file/);
    const truncated = at('truncated.proof');
    writeFileSync(truncated, readFileSync(vm('arith.proof')).subarray(0, 5000));
    expectExit(run(...args('arith').slice(0, -1), truncated), 2, /malformed proof file .*truncated\.proof: proof bytes, offset/);
    expect(run('--public-input', '1,2', vm('arith.proof')).code).toBe(2); // --program is required
  });
});
