// The benches' generated VM program: Fibonacci in the exponent, the computation the reference
// benchmarks (`leanvm-b fibonacci --n N`): cells hold x_t = g^F_t, x_{t+2} = x_t·x_{t+1}, from
// x_0 = 1, x_1 = g, and the program publishes x_N in m[0]. Written here in zkDSL and compiled by
// our compiler (the reference's compiler makes the same program of this source, so the proofs
// can be compared byte for byte): N / 1000 iterations of a mul_range loop, each reading its pair
// from a heap buffer (pair j at cells 2j, 2j + 1, so at j² in the exponent), taking 1000 MULs in
// locals and writing the next pair, then the fill blocks every compiled program carries.
import type { E } from '../src/field/e';
import { eFromK } from '../src/field/e';
import { kMulAt } from '../src/field/k';
import type { Program } from '../src/vm/program';
import { compileSource } from '../src/zkdsl';

/** MULs per loop iteration. */
export const FIB_BLOCK = 1000;

/** The zkDSL source of Fibonacci in the exponent to x_n (n a positive multiple of FIB_BLOCK). */
export function fibonacciSource(n: number): string {
  if (!Number.isSafeInteger(n) || n <= 0 || n % FIB_BLOCK !== 0) throw new RangeError(`fibonacci: n = ${n} is not a positive multiple of ${FIB_BLOCK}`);
  const blocks = n / FIB_BLOCK;
  return `from snark_lib import *


def main():
    seq = HeapBuf(${2 * blocks + 2})
    seq[1] = 1
    seq[GEN] = GEN
    for j in mul_range(1, GEN ** ${blocks}):
        at = j * j
        x = seq[at]
        y = seq[at * GEN]
        for r in unroll(0, ${FIB_BLOCK / 2}):
            x = x * y
            y = x * y
        seq[at * GEN ** 2] = x
        seq[at * GEN ** 3] = y
    out = 1
    out[1] = seq[GEN ** ${2 * blocks}]
    return
`;
}

/** x_n = g^F_n by the program's own recurrence in K: the public input (x_n, 0). */
function fibonacciResult(n: number): E {
  const x = Uint32Array.of(1, 0, 2, 0); // x_t, x_{t+1}, as two K words
  for (let t = 0; t < n; t++) {
    kMulAt(x, 0, x, 0, x, 2); // x_{t+2} over x_t, then swap into place
    [x[0], x[1], x[2], x[3]] = [x[2], x[3], x[0], x[1]];
  }
  return eFromK(x.subarray(0, 2));
}

/** The Fibonacci program to x_n and its public input. */
export function fibonacciProgram(n: number): { program: Program; publicInput: readonly [E, E] } {
  return { program: compileSource(fibonacciSource(n), { file: `fibonacci-${n}.py` }).program, publicInput: [fibonacciResult(n), new Uint32Array(6)] };
}

/** The n whose run fills a MUL table of 2^logCycles rows as the reference's N = 10^6 fills 2^20:
 * 1000·2^(logCycles − 20), whole blocks. */
export function fibonacciN(logCycles: number): number {
  return FIB_BLOCK * Math.max(1, Math.floor(1000 * 2 ** (logCycles - 20)));
}
