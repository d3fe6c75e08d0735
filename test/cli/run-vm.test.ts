// `leanvm-gpu run vm` as a user runs it (the built dist/node/cli.js): the sizes a proof would
// announce, the derived public input, the reference-format trace, and exit 2 with one reason
// line for every input it cannot run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vectorPath } from '../vectors';
import { vmSummary, vmText } from '../vm/vm-vectors';

const CLI = 'dist/node/cli.js';
const dir = mkdtempSync(join(tmpdir(), 'leanvm-run-vm-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const vm = (name: string, ext: string) => vectorPath('vm', `${name}.${ext}`);

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'run', 'vm', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr, reason: r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:')) };
}

function expectUsage(r: ReturnType<typeof run>, message: RegExp) {
  expect(r.code, r.err).toBe(2);
  expect(r.reason).toHaveLength(1);
  expect(r.reason[0]).toMatch(message);
  expect(r.out).toBe('');
}

describe('leanvm-gpu run vm', () => {
  it('--json reports the summary\'s cycles, rows, h and τ, and derives the public input the program publishes', () => {
    const r = run('--program', vm('hash', 'program.json'), '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    const s = vmSummary('hash');
    expect(report.programCycles).toBe(s.program_cycles);
    expect(report.cycles).toBe(s.proven_rows);
    expect(report.h).toBe(s.announced.h);
    expect(report.memUsed).toBe(s.mem_used);
    for (const [t, rows] of Object.entries(s.rows_before_fill)) {
      expect(report.tables[t]).toEqual({ rows, filled: s.rows_after_fill[t], tau: s.announced.tau[t] });
    }
    expect(report.publicInput).toEqual(JSON.parse(vmText('hash', 'public.json')).public_input);
    expect(report.publicInputGiven).toBe(false);
  });

  it('prints the table of rows, and with --trace writes the reference interpreter\'s trace', () => {
    const trace = at('arith.exec.txt');
    const r = run('--program', vm('arith', 'program.json'), '--public-input-file', vm('arith', 'public.json'), '--trace', trace);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/73 program cycles, 112 once filled/);
    expect(r.out).toMatch(/^ {2}MUL +18 +32 +5$/m);
    expect(r.out).toMatch(/h = 17/);
    const want = vmText('arith', 'exec.txt').split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((l) => l + '\n').join('');
    expect(readFileSync(trace, 'utf8')).toBe(want);
  });

  it('a Print hint goes to stderr', () => {
    const r = run('--program', vm('bits', 'program.json'));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^\[print\] .* = [0-9a-f]{16},/m);
  });

  it('exits 2 naming the problem: a failed assert, a wrong witness, the cycle cap, unreadable input', () => {
    expectUsage(run('--program', vm('arith', 'program.json'), '--public-input', '1, 2'), /arith\.program\.json: the run stopped at pc 67 \(in main\), step 67: DEREF equality fails \(a failed assert\)/);
    const dry = at('dry.json');
    writeFileSync(dry, '{"n": []}');
    expectUsage(run('--program', vm('loops', 'program.json'), '--witness', dry), /witness stream "n" has run dry/);
    const long = at('long.json');
    writeFileSync(long, JSON.stringify({ seeds: [[['0000000000000001', '0000000000000000', '0000000000000000']]] }));
    expectUsage(run('--program', vm('loops', 'program.json'), '--witness', long), /stream "seeds" entry 0 holds 1 words, the destination 4/);
    expectUsage(run('--program', vm('loops', 'program.json'), '--max-cycles', '100'), /in __loop0\), step 100: the run passed its cap of 100 cycles/);
    expectUsage(run('--program', vm('loops', 'program.json'), '--max-cycles', '-1'), /--max-cycles must be a positive integer/);
    const bad = at('bad.json');
    writeFileSync(bad, '{"n": [[["zz"]]]}');
    expectUsage(run('--program', vm('loops', 'program.json'), '--witness', bad), /bad\.json: program witness\["n"\]\[0\]\[0\]: expected an E word/);
    expectUsage(run('--program', vm('arith', 'summary.json')), /summary\.json: program \(root\): missing field "schema"/);
    expectUsage(run('--program', at('none.json')), /cannot read the program/);
    expectUsage(run('--program', vm('arith', 'program.json'), '--public-input', '1'), /expected two words/);
    expectUsage(run('--program', vm('arith', 'program.json'), '--public-input', '1,2', '--public-input-file', vm('arith', 'public.json')), /not both/);
  });
});

describe('leanvm-gpu prove vm', () => {
  const prove = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'prove', 'vm', ...args], { encoding: 'utf8', timeout: 120_000 });
    return { code: r.status, out: r.stdout, err: r.stderr, reason: r.stderr.split('\n').filter((l) => l.startsWith('leanvm-gpu:')) };
  };

  it('writes hash.proof byte for byte and reports cycles, τ, stage times, proof size and peak memory', () => {
    const out = at('hash.proof');
    const r = prove('--program', vm('hash', 'program.json'), '--public-input-file', vm('hash', 'public.json'), '--out', out, '--backend', 'cpu', '--json');
    expect(r.code, r.err).toBe(0);
    expect(Buffer.compare(readFileSync(out), readFileSync(vm('hash', 'proof')))).toBe(0);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ backend: 'cpu', programCycles: 128, cycles: 193, h: 17, logInvRate: 1, proofBytes: 181264, proof: out });
    expect(report.tau).toEqual(vmSummary('hash').announced.tau);
    expect(report.cyclesPerSecond).toBeGreaterThan(0);
    expect(report.peakRssBytes).toBeGreaterThan(2 ** 20);
    for (const s of ['execute', 'witness', 'commit', 'bus', 'tables', 'flock', 'opening']) expect(report.stageMs[s]).toBeGreaterThan(0);
    // The run's shape weighed before the proof: the estimate beside the limit it was held to.
    expect(report.memory).toMatchObject({ estimatedPeakStage: expect.any(String), deviceBytes: 0, limitSource: expect.any(String) });
    expect(report.memory.estimatedPeakBytes).toBeGreaterThan(2 ** 20);
    expect(report.memory.limitBytes).toBeGreaterThan(report.memory.estimatedPeakBytes);
  }, 120_000);

  it('refuses a run whose memory estimate exceeds --max-memory: exit 2, one line with both numbers, no proof; --force proves it', () => {
    const out = at('big.proof');
    const args = ['--program', vm('hash', 'program.json'), '--public-input-file', vm('hash', 'public.json'), '--out', out, '--backend', 'cpu'];
    const r = prove(...args, '--max-memory', '32M');
    expectUsage(r, /^leanvm-gpu: proving .*hash\.program\.json on cpu needs an estimated \d+ MiB \((\d+) bytes, at its \w+\) but --max-memory allows 32 MiB \(33554432 bytes\); --force to try anyway$/);
    expect(r.reason).toHaveLength(1);
    expect(() => readFileSync(out)).toThrow();
    const forced = prove(...args, '--max-memory', '32M', '--force', '--json');
    expect(forced.code, forced.err).toBe(0);
    expect(Buffer.compare(readFileSync(out), readFileSync(vm('hash', 'proof')))).toBe(0);
    expect(JSON.parse(forced.out).memory).toMatchObject({ limitBytes: 2 ** 25, limitSource: '--max-memory' });
  }, 120_000);

  it('the memory estimate is within 15% of the measured peak (examples/fibonacci.py at 2^20 cycles, native)', () => {
    const program = at('fib40000.json');
    const c = spawnSync(process.execPath, [CLI, 'compile', 'examples/fibonacci.py', '-D', 'N_PLACEHOLDER=40000', '-o', program], { encoding: 'utf8', timeout: 60_000 });
    expect(c.status, c.stderr).toBe(0);
    const published = JSON.parse(run('--program', program, '--json').out).publicInput as string[][];
    const r = prove('--program', program, '--public-input', published.map((w) => `0x${w[0]}`).join(','), '--out', at('fib.proof'), '--backend', 'native', '--json');
    if (r.code === 2 && /native backend unavailable/.test(r.reason[0] ?? '')) {
      expect(process.env.LEANVM_REQUIRE_NATIVE, r.reason[0]).not.toBe('1');
      return;
    }
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.cycles).toBe(2 ** 20 + 8);
    const estimate = report.memory.estimatedPeakBytes as number;
    expect(Math.abs(report.peakRssBytes - estimate) / estimate, `estimate ${estimate}, peak ${report.peakRssBytes}`).toBeLessThan(0.15);
  }, 120_000);

  it('a failed assert, a wrong witness and a run past the cycle cap exit 2 with one line and write no proof', () => {
    const out = at('none.proof');
    const expectRefused = (r: ReturnType<typeof prove>, message: RegExp) => {
      expectUsage(r, message);
      expect(() => readFileSync(out)).toThrow();
    };
    expectRefused(prove('--program', vm('arith', 'program.json'), '--public-input', '1, 2', '--out', out, '--backend', 'cpu'), /pc 67 \(in main\).*failed assert/);
    const wrong = at('wrong.json');
    writeFileSync(wrong, JSON.stringify({ key: [[['0000000000000002', '0000000000000000', '0000000000000000'], ['0000000000000002', '0000000000000000', '0000000000000000']]] }));
    expectRefused(prove('--program', vm('loops', 'program.json'), '--public-input-file', vm('loops', 'public.json'), '--witness', wrong, '--out', out, '--backend', 'cpu'), /write-once conflict/);
    expectRefused(prove('--program', vm('loops', 'program.json'), '--public-input-file', vm('loops', 'public.json'), '--max-cycles', '500', '--out', out, '--backend', 'cpu'), /passed its cap of 500 cycles/);
    expectRefused(prove('--program', vm('loops', 'program.json'), '--out', out, '--backend', 'cpu'), /give the public input/);
    expectRefused(prove('--program', vm('loops', 'program.json'), '--public-input-file', vm('loops', 'public.json'), '--rate', '5', '--out', out, '--backend', 'cpu'), /--rate is log2 of the inverse rate, 1 to 4/);
  });
});

describe('prove vm and verify vm take a zkDSL source', () => {
  it('examples/merkle_path.py: proved from its annotations, verified against the same source', () => {
    const src = 'examples/merkle_path.py';
    const out = at('merkle.proof');
    const p = spawnSync(process.execPath, [CLI, 'prove', 'vm', '--program', src, '--out', out, '--backend', 'cpu', '--json'], { encoding: 'utf8', timeout: 120_000 });
    expect(p.status, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout)).toMatchObject({ command: 'prove vm', program: src, proof: out });
    const v = spawnSync(process.execPath, [CLI, 'verify', 'vm', '--program', src, out], { encoding: 'utf8', timeout: 60_000 });
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^valid: /);
    // The same proof against the source's program with another public input is invalid.
    const w = spawnSync(process.execPath, [CLI, 'verify', 'vm', '--program', src, '--public-input', '1, 2', out], { encoding: 'utf8', timeout: 60_000 });
    expect(w.status, w.stderr).toBe(1);
  }, 180_000);
});
