// The native stepper (src/vm/plain-steps.ts, host/native/src/vm_steps.h) takes the interpreter's
// plain steps, and a run with it is the run without it: every VM vector, the examples, random
// programs of the compiler's property test, a 3-signature aggregation, on every path this CPU
// runs; and the stepper does take the steps (or the comparisons would hold of a stepper that
// took none). Its checks on what it is handed refuse before any step.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { execute, type Execution } from '../../src/vm/execute';
import { type PlainSteps, REG, REGISTERS } from '../../src/kernels/vm/steps';
import { parseProgram, type Program } from '../../src/vm/program';
import { parsePublicInputJson, type PublicInput } from '../../src/vm/public-input';
import { aggregateWitness, aggregationProgram } from '../../src/workloads/xmss-aggregate';
import { compileSource } from '../../src/zkdsl/index';
import { randomBytes, xorshift32 } from '../hash/prng';
import { runDifference } from '../vm/runners';
import { VM_PROGRAMS, vmText } from '../vm/vm-vectors';
import { freshSigners } from '../workloads/recursion-guest/children';
import { randomProgram } from '../zkdsl/random-programs';
import { describeNative, eachPath } from './native';

interface Case {
  readonly name: string;
  readonly program: Program;
  readonly pi: PublicInput | null;
  readonly witness?: Map<string, Uint32Array[][]>;
}

function cases(): Case[] {
  const out: Case[] = VM_PROGRAMS.map((name) => ({ name, program: parseProgram(vmText(name, 'program.json')), pi: parsePublicInputJson(vmText(name, 'public.json')) }));
  for (const f of ['merkle_path', 'blake2s_message']) {
    const url = new URL(`../../examples/${f}.py`, import.meta.url);
    const { program, publicInput } = compileSource(readFileSync(url, 'utf8'), { file: `${f}.py` });
    out.push({ name: `examples/${f}.py`, program, pi: publicInput });
  }
  for (let seed = 0; seed < 60; seed++) out.push({ name: `random program ${seed}`, program: compileSource(randomProgram(seed).source).program, pi: null });
  const next = xorshift32(0x73746570);
  const message = randomBytes(next, 32);
  const w = aggregateWitness({ message, epoch: 4, signers: freshSigners(next, message, 4, 3) });
  out.push({ name: 'aggregation of 3 signatures', program: aggregationProgram(), pi: w.publicInput, witness: w.streams as Map<string, Uint32Array[][]> });
  return out;
}

/** The stepper, counting the steps it takes. */
function counted(steps: PlainSteps): { steps: PlainSteps; taken: () => number } {
  let taken = 0;
  return {
    steps: (...args) => {
      const s = steps(...args);
      return { bind: (slot, array) => s.bind(slot, array), run: () => { const n = s.run(); taken += n; return n; } };
    },
    taken: () => taken,
  };
}

describeNative('the native stepper', (module) => {
  const all = cases();
  const here = new Map<string, Execution>(all.map((c) => [c.name, execute(c.program, c.pi, { witness: c.witness })]));

  eachPath(module, 'every run is the run without the stepper, which takes most of its steps', () => {
    for (const c of all) {
      const { steps, taken } = counted(module.vmStepper);
      const stepped = execute(c.program, c.pi, { witness: c.witness, steps });
      const want = here.get(c.name)!;
      expect(runDifference(stepped, want), c.name).toBeNull();
      // Fill boundaries and range-check touches stay with the interpreter (and hints, but not
      // the instructions after them).
      if (want.cycles > 10_000) expect(taken() / want.cycles, c.name).toBeGreaterThan(0.95);
    }
  });

  test('a stepper refuses what does not fit: unbound arrays, registers past them, wrong arrays', () => {
    const regs = new Float64Array(REGISTERS);
    const s = module.vmStepper(new Uint32Array(16), new Uint32Array(12), new Int32Array(2), new Uint32Array(2), regs);
    expect(() => s.run()).toThrow(/every array must be bound/);
    s.bind(0, new Uint32Array(6 * 64));
    s.bind(1, new Uint8Array(64));
    s.bind(2, new Uint32Array(64));
    s.bind(3, new Uint32Array(2));
    s.bind(4, new Int32Array(1 << 13));
    s.bind(5, new Uint8Array(8));
    for (let t = 0; t < 6; t++) s.bind(6 + t, new Uint32Array(64));
    regs[REG.shift] = 19; // a 2^13-slot index's
    regs[REG.covered] = 1;
    expect(s.run()).toBe(0);
    regs[REG.memLength] = 65; // memory touched past its cells
    expect(() => s.run()).toThrow(/do not match the arrays/);
    regs[REG.memLength] = 0;
    regs[REG.covered] = 2; // powers covering more than the table holds
    expect(() => s.run()).toThrow(/do not match the arrays/);
    regs[REG.covered] = 1;
    regs[REG.steps] = 0.5;
    expect(() => s.run()).toThrow(/whole numbers/);
    expect(() => s.bind(1, new Uint32Array(64))).toThrow(/wrong typed-array type/);
    expect(() => s.bind(4, new Int32Array(100))).toThrow(/power of two/);
    expect(() => s.bind(12, new Uint32Array(4))).toThrow(RangeError);
    expect(() => module.vmStepper(new Uint32Array(16), new Uint32Array(6), new Int32Array(2), new Uint32Array(2), regs)).toThrow(/one program/);
    expect(() => module.vmStepper(new Uint32Array(16), new Uint32Array(12), new Int32Array(2), new Uint32Array(2), new Float64Array(3))).toThrow(new RegExp(`registers must hold ${REGISTERS}`));
  });
});
