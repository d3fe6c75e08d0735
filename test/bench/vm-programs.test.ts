// The benches' Fibonacci program (bench/vm-programs.ts): compiled from its zkDSL source, it runs
// to its halt on its own public input x_N = g^F_N (at N = 10^4 the cycles and table heights the
// reference's run of the same source has), a wrong public input fails the run's write-once
// check, and the bench sizes reach the reference benchmark's N = 10^6 at 2^20.
import { describe, expect, it } from 'vitest';
import { ExecutionError, execute } from '../../src/vm';
import { fibonacciN, fibonacciProgram, fibonacciSource } from '../../bench/vm-programs';

describe('the benches\' Fibonacci program', () => {
  it('N = 10^4: runs to its halt on x_N, every table a power of two', () => {
    const { program, publicInput } = fibonacciProgram(10_000);
    const x = execute(program, publicInput);
    expect([x.programCycles, x.cycles]).toEqual([10_186, 16_728]);
    expect(x.taus).toEqual([4, 14, 6, 7, 7, 3]);
    expect(x.unconstrainedReads).toEqual([]);
  });

  it('refuses a public input that is not x_N', () => {
    const { program, publicInput } = fibonacciProgram(10_000);
    const wrong = publicInput[0].slice();
    wrong[0] ^= 1;
    expect(() => execute(program, [wrong, publicInput[1]])).toThrow(ExecutionError);
  });

  it('sizes: N = 10^6 at 2^20 (the reference\'s benchmark), whole blocks below', () => {
    expect([16, 17, 18, 19, 20].map(fibonacciN)).toEqual([62_000, 125_000, 250_000, 500_000, 1_000_000]);
    expect(() => fibonacciSource(1_500)).toThrow(RangeError);
  });
});
