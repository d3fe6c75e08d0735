// Runs that cannot finish stop with a typed error naming the pc, its function and the step:
// failed asserts, failed range checks, witness streams that run dry or have the wrong length,
// wild pointers, the cycle cap, and hand-assembled programs that break each instruction's rule —
// by the interpreter alone and with the native stepper taking its plain steps (./runners.ts).
import { blake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { type E, eFromK, eFromLimbs } from '../../src/field/e';
import { kPow } from '../../src/field/k';
import { PARAM_IV } from '../../src/hash/blake2s';
import { ExecutionError, type ExecutionErrorKind } from '../../src/vm/errors';
import { type ExecuteOptions, execute as executeHere } from '../../src/vm/execute';
import type { Instruction } from '../../src/vm/isa';
import { type Program, parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import type { PublicInput } from '../../src/vm/public-input';
import { interpreterRunners } from './runners';
import { vmText } from './vm-vectors';

const G = Uint32Array.of(2, 0);
const gk = (k: number): E => eFromK(kPow(G, k));
const word = (c0: number, c1 = 0, c2 = 0): E => Uint32Array.of(c0, 0, c1, 0, c2, 0);
const load = (name: string) => ({ program: parseProgram(vmText(name, 'program.json')), pi: parsePublicInputJson(vmText(name, 'public.json')) });

function failure(run: () => unknown): ExecutionError {
  try {
    run();
  } catch (e) {
    if (e instanceof ExecutionError) return e;
    throw e;
  }
  throw new Error('the run finished');
}

function expectFailure(run: () => unknown, kind: ExecutionErrorKind, pc: number, fn: string, message: RegExp): void {
  const e = failure(run);
  expect({ kind: e.kind, pc: e.pc, fn: e.fn }).toEqual({ kind, pc, fn });
  expect(e.message).toMatch(new RegExp(`^pc ${pc} \\(in ${fn.replace(/[<>]/g, '.')}\\), step \\d+: `));
  expect(e.message).toMatch(message);
}

/** A hand-assembled program: the slots, padded with SETs to a power of two plus the sentinel,
 * run in a main frame of 64 cells. */
function handProgram(code: Instruction[], extra: Partial<Program> = {}): Program {
  let n = 1;
  while (n < code.length + 1) n *= 2;
  const bytecode = [...code];
  while (bytecode.length < n) bytecode.push({ op: 'SET', o: 63, k: word(0) });
  return { bytecode, hints: new Map(), mainFrame: 64, filler: [], witness: new Map(), minLogCommitted: 0, fnRanges: [{ name: 'main', entry: 0, len: n }], ...extra };
}
const PI: [E, E] = [word(7), word(11)];

for (const [runner, steps] of interpreterRunners()) {
  const execute = (program: Program, pi: PublicInput | null, options: ExecuteOptions = {}) => executeHere(program, pi, { ...options, steps });

  describe(`vector programs made to fail: ${runner}`, () => {
    const loops = load('loops');
    const withWitness = (name: string, entries: E[][]) => () => execute(loops.program, loops.pi, { witness: new Map([[name, entries]]) });

    it('a public input the program does not compute: a failed assert where main publishes it', () => {
      const arith = load('arith');
      expectFailure(() => execute(arith.program, [arith.pi[1], arith.pi[0]]), 'write-conflict', 67, 'main', /failed assert/);
    });
    it('a witness breaking assert key[0] != key[1]: the inverse hint gives 0 and the product check fails', () => {
      expectFailure(withWitness('key', [[gk(1), gk(1)]]), 'write-conflict', 7, 'main', /write-once conflict at cell 11/);
    });
    it('a hinted bound past the range check (assert log(n) < 64 with n = g^64, g^1000): a failed range check', () => {
      for (const k of [64, 1000]) expectFailure(withWitness('n', [[gk(k)]]), 'deref', 3, 'main', /failed range check/);
    });
    it('a hinted bound inside the range check runs on, to the assert on what it published', () => {
      expectFailure(withWitness('n', [[gk(63)]]), 'write-conflict', 70, 'main', /failed assert/);
    });
    it('witness streams that run dry, have the wrong length, or are missing', () => {
      expectFailure(withWitness('n', []), 'witness', 0, 'main', /stream "n" has run dry: the run needs entry 1, the stream has 0/);
      expectFailure(withWitness('seeds', [[gk(1), gk(2)]]), 'witness', 11, 'main', /stream "seeds" entry 0 holds 2 words, the destination 4/);
      const noStreams = { ...loops.program, witness: new Map() };
      expectFailure(() => execute(noStreams, loops.pi), 'witness', 0, 'main', /no witness stream "n"/);
    });
    it('a Merkle sibling that is not the tree\'s: the root assertion fails', () => {
      const hash = load('hash');
      const entries = hash.program.witness.get('sibling')!.map((e) => e.map((w) => w.slice()));
      entries[2][0][0] ^= 1;
      const e = failure(() => execute(hash.program, hash.pi, { witness: new Map([['sibling', entries]]) }));
      expect(e.kind).toBe('write-conflict');
    });
    it('the cycle cap, named where the run was', () => {
      expectFailure(() => execute(loops.program, loops.pi, { maxCycles: 1000 }), 'cycle-cap', 1676, '__loop1', /passed its cap of 1000 cycles/);
      expect(execute(loops.program, loops.pi, { maxCycles: 2184 }).cycles).toBe(2184);
      expect(failure(() => execute(loops.program, loops.pi, { maxCycles: 2183 })).kind).toBe('cycle-cap');
    });
    it('a fill block the plan needs and the program lacks', () => {
      const arith = load('arith');
      const filler = arith.program.filler.filter((b) => !(b.table === 1 && b.size === 4));
      const e = failure(() => execute({ ...arith.program, filler }, arith.pi));
      expect(e.kind).toBe('fill');
      expect(e.pc).toBe(-1);
      expect(e.message).toMatch(/a block of 4 rows for table 1, and the program has none/);
    });
  });

  describe(`hand-assembled programs: ${runner}`, () => {
    it('halt straight away: no rows, no fill blocks, so no table heights', () => {
      const e = execute(handProgram([]), PI);
      expect([e.cycles, e.logMem, e.memUsed, e.taus]).toEqual([0, 16, 64, null]);
    });
    it('MUL computes the E product, XOR the sum, and a known result back-solves an operand', () => {
      const x = Uint32Array.of(0x89abcdef, 0x01234567, 0xdeadbeef, 0xfeedface, 0x33334444, 0x11112222);
      const e = execute(handProgram([
        { op: 'SET', o: 2, k: x },
        { op: 'SET', o: 3, k: word(5) },
        { op: 'MUL', a: 2, b: 4, c: 3 }, // m[4] = 5 / x
        { op: 'MUL', a: 2, b: 4, c: 5 },
        { op: 'XOR', a: 5, b: 6, c: 3 }, // m[6] = m[3] + m[5] = 0
      ]), PI);
      const cell = (c: number) => Array.from(e.memory.subarray(6 * c, 6 * c + 6));
      expect(cell(5)).toEqual(cell(3));
      expect(cell(6)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(e.rows[1].length).toBe(2);
      expect([e.rows[1].count(0, 0), e.rows[1].count(1, 0), e.rows[0].count(0, 0)]).toEqual([1, 2, 1]);
    });
    it('BLAKE2S is the standard compression: BLAKE2s-256 of 64 bytes under the parameter IV', () => {
      const iv: E[] = [0, 4].map((i) => Uint32Array.of(PARAM_IV[i], PARAM_IV[i + 1], PARAM_IV[i + 2], PARAM_IV[i + 3], 0, 0));
      const msg = Uint32Array.from({ length: 16 }, (_, i) => (0x9e3779b9 * (i + 1)) >>> 0);
      const cellOf = (j: number): E => Uint32Array.of(msg[4 * j], msg[4 * j + 1], msg[4 * j + 2], msg[4 * j + 3], 0, 0);
      const e = execute(handProgram([
        { op: 'SET', o: 2, k: cellOf(0) }, { op: 'SET', o: 7, k: cellOf(1) }, { op: 'SET', o: 4, k: cellOf(2) }, { op: 'SET', o: 3, k: cellOf(3) },
        { op: 'SET', o: 10, k: iv[0] }, { op: 'SET', o: 11, k: iv[1] },
        { op: 'BLAKE2S', ins: [2, 7, 4, 3], cv: 10, out: 20, metadata: eFromLimbs(Uint32Array.of(64, 0), Uint32Array.of(0xffffffff, 0), Uint32Array.of(0, 0)) },
      ]), PI);
      const digest = blake2s(new Uint8Array(msg.buffer));
      const out = new Uint8Array(32);
      out.set(new Uint8Array(e.memory.buffer, e.memory.byteOffset + 6 * 4 * 20, 16), 0);
      out.set(new Uint8Array(e.memory.buffer, e.memory.byteOffset + 6 * 4 * 21, 16), 16);
      expect(out).toEqual(digest);
      expect(Array.from(e.memory.subarray(6 * 20 + 4, 6 * 20 + 6))).toEqual([0, 0]);
    });
    it('DEREF stores a return address or the frame, JUMP goes there, and the run halts at the sentinel', () => {
      // main: m[3] = g^0 (a pointer to cell 0's frame), m[m[3]·g^20] = g^(pc+2) at pc 1, jump to it.
      const e = execute(handProgram([
        { op: 'SET', o: 3, k: gk(0) },
        { op: 'DEREF', alpha: 3, beta: 20, gamma: 4, mode: 'pc' }, // m[20] = g^3
        { op: 'DEREF', alpha: 3, beta: 21, gamma: 4, mode: 'fp' }, // m[21] = g^0
        { op: 'SET', o: 22, k: gk(7) }, // the sentinel of 8 slots
        { op: 'JUMP', oc: 22, od: 22, of: 21 },
      ]), PI);
      expect(Array.from(e.memory.subarray(6 * 20, 6 * 20 + 2))).toEqual(Array.from(kPow(G, 3)));
      expect(e.programCycles).toBe(5);
      expect(e.rows[4].pc(0)).toBe(4);
    });

    const cases: [string, Instruction[], ExecutionErrorKind, number, RegExp][] = [
      ['a BLAKE2S input outside 128 bits', [{ op: 'SET', o: 2, k: word(0, 0, 1) }, { op: 'BLAKE2S', ins: [2, 2, 2, 2], cv: 4, out: 6, metadata: word(64) }], 'blake2s', 1, /input cell 2 is not a 128-bit word/],
      ['a JUMP condition outside K', [{ op: 'SET', o: 2, k: word(0, 1) }, { op: 'JUMP', oc: 2, od: 2, of: 2 }], 'jump', 1, /JUMP condition \(cell 2\) is not a K-valued word/],
      ['a JUMP past the bytecode', [{ op: 'SET', o: 2, k: gk(100) }, { op: 'JUMP', oc: 2, od: 2, of: 3 }], 'jump', 1, /is no pc of the 4-slot bytecode/],
      ['a JUMP to no frame', [{ op: 'SET', o: 2, k: gk(1) }, { op: 'SET', o: 3, k: word(3) }, { op: 'JUMP', oc: 2, od: 2, of: 3 }], 'jump', 2, /frame \(cell 3, .*\) is not a g-power/],
      ['a wild DEREF pointer', [{ op: 'SET', o: 2, k: word(12345) }, { op: 'DEREF', alpha: 2, beta: 0, gamma: 3, mode: 'cell' }], 'deref', 1, /not a g-power the run addresses/],
      ['a DEREF pointer outside K', [{ op: 'SET', o: 2, k: word(1, 1) }, { op: 'DEREF', alpha: 2, beta: 0, gamma: 3, mode: 'cell' }], 'deref', 1, /not a K-valued word/],
      ['a DEREF equality that fails', [{ op: 'SET', o: 2, k: gk(0) }, { op: 'SET', o: 3, k: word(9) }, { op: 'DEREF', alpha: 2, beta: 0, gamma: 3, mode: 'cell' }], 'write-conflict', 2, /DEREF equality fails \(a failed assert\): m\[0\] = 0000000000000007/],
      ['a MUL back-solved through a zero operand', [{ op: 'SET', o: 2, k: word(0) }, { op: 'SET', o: 4, k: word(1) }, { op: 'MUL', a: 2, b: 3, c: 4 }], 'back-solve', 2, /operand m\[2\] is zero/],
      ['a SET over a written cell', [{ op: 'SET', o: 2, k: word(1) }, { op: 'SET', o: 2, k: word(2) }], 'write-conflict', 1, /conflict at cell 2 \(a failed assert\)/],
      ['an address past the VM\'s memory', [{ op: 'SET', o: 2 ** 28, k: word(1) }], 'memory', 0, /past the VM's 2\^28 addressable cells/],
    ];
    for (const [what, code, kind, pc, message] of cases) {
      it(what, () => expectFailure(() => execute(handProgram(code), PI), kind, pc, 'main', message));
    }
    it('the halt in a frame other than main\'s', () => {
      const code: Instruction[] = [{ op: 'SET', o: 2, k: gk(3) }, { op: 'SET', o: 3, k: gk(40) }, { op: 'JUMP', oc: 2, od: 2, of: 3 }];
      expectFailure(() => execute(handProgram(code), PI), 'halt', 3, 'main', /reached the sentinel pc 3 in frame 40/);
    });
    it('an allocation past the VM\'s memory', () => {
      const p = handProgram([{ op: 'SET', o: 3, k: word(0) }], { hints: new Map([[0, [{ kind: 'Alloc', ptr: 2, size: 2 ** 29 }]]]) });
      expectFailure(() => execute(p, PI), 'memory', 0, 'main', /allocation of 536870912 cells/);
    });
    it('an unknown pc is named as such', () => {
      const p = { ...handProgram([{ op: 'SET', o: 2, k: word(1) }, { op: 'SET', o: 2, k: word(2) }]), fnRanges: [] };
      expectFailure(() => execute(p, PI), 'write-conflict', 1, '<unknown fn>', /conflict/);
    });
  });
}
