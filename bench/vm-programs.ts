// Generated VM programs for the benches: Fibonacci in the exponent (x_{t+2} = x_t·x_{t+1} from
// x_0 = 1, x_1 = g, so x_t = g^F_t), `unroll` MULs a loop body over k iterations, each in a frame
// of its own (hinted by Alloc) that the last two values and the counter are passed into by
// DEREF; the loop counter runs in the exponent (g^0 .. g^k) and the loop ends when it reaches
// g^k. Then the fill blocks every compiled program carries (src/vm/filler.ts), so every table
// reaches a power of two. The public input is free: the program reads neither cell.
import type { E } from '../src/field/e';
import { eFromK } from '../src/field/e';
import { kPow } from '../src/field/k';
import { FILL_FRAME, FILL_SIZES } from '../src/vm/filler';
import type { Instruction } from '../src/vm/isa';
import { N_TABLES } from '../src/vm/isa';
import type { FillBlock, Program } from '../src/vm/program';

const G = Uint32Array.of(2, 0);
const gk = (k: number): E => eFromK(kPow(G, k));
const ZERO: E = new Uint32Array(6);

/** A fill block's dummy instruction of table t (the compiler's). */
function dummy(t: number): Instruction {
  const s = FILL_FRAME.SCRATCH;
  switch (t) {
    case 0:
      return { op: 'XOR', a: s, b: s, c: s };
    case 1:
      return { op: 'MUL', a: s, b: s, c: s };
    case 2:
      return { op: 'SET', o: s, k: ZERO };
    case 3:
      return { op: 'DEREF', alpha: FILL_FRAME.PTR, beta: 0, gamma: s, mode: 'cell' };
    case 4:
      return { op: 'JUMP', oc: FILL_FRAME.ZERO, od: FILL_FRAME.ZERO, of: FILL_FRAME.ZERO };
    default: {
      const m = FILL_FRAME.DIGEST + 2;
      return { op: 'BLAKE2S', ins: [m, m + 1, m + 2, m + 3], cv: s, out: FILL_FRAME.DIGEST, metadata: ZERO };
    }
  }
}

/** The Fibonacci program of k iterations of `unroll` MULs: (k + 1)·unroll + 9k + 11 cycles. */
export function fibonacciProgram(k: number, unroll = 1000): Program {
  const X0 = 2, C = X0 + unroll + 2; // values from X0, then the loop's constants
  const frame = C + 7;
  const L = 8; // the loop body's first pc
  const body = (end: number, loop: number): Instruction[] => [
    ...Array.from({ length: unroll }, (_, t): Instruction => ({ op: 'MUL', a: X0 + t, b: X0 + t + 1, c: X0 + t + 2 })),
    { op: 'SET', o: C, k: gk(1) },
    { op: 'MUL', a: 0, b: C, c: C + 1 }, // the counter times g
    { op: 'SET', o: C + 2, k: gk(k) },
    { op: 'XOR', a: C + 1, b: C + 2, c: C + 3 }, // zero at the last iteration
    { op: 'DEREF', alpha: 1, beta: 0, gamma: C + 1, mode: 'cell' },
    { op: 'DEREF', alpha: 1, beta: X0, gamma: X0 + unroll, mode: 'cell' },
    { op: 'DEREF', alpha: 1, beta: X0 + 1, gamma: X0 + unroll + 1, mode: 'cell' },
    { op: 'SET', o: C + 4, k: gk(loop) },
    { op: 'JUMP', oc: C + 3, od: C + 4, of: 1 },
    // Out of the loop: halt at the sentinel in main's frame (g^0).
    { op: 'SET', o: C + 5, k: gk(end) },
    { op: 'SET', o: C + 6, k: gk(0) },
    { op: 'JUMP', oc: C + 5, od: C + 5, of: C + 6 },
  ];
  const main = (): Instruction[] => [
    { op: 'SET', o: 3, k: gk(0) },
    { op: 'SET', o: 4, k: gk(0) },
    { op: 'SET', o: 5, k: gk(1) },
    { op: 'DEREF', alpha: 2, beta: 0, gamma: 3, mode: 'cell' },
    { op: 'DEREF', alpha: 2, beta: X0, gamma: 4, mode: 'cell' },
    { op: 'DEREF', alpha: 2, beta: X0 + 1, gamma: 5, mode: 'cell' },
    { op: 'SET', o: 6, k: gk(L) },
    { op: 'JUMP', oc: 6, od: 6, of: 2 },
  ];
  const fillStart = L + body(0, 0).length;
  const fillWords = N_TABLES * FILL_SIZES.reduce((n, s) => n + s + 1, 0);
  let n = 1;
  while (n < fillStart + fillWords + 1) n *= 2;
  const code = [...main(), ...body(n - 1, L)];
  const filler: FillBlock[] = [];
  for (let t = 0; t < N_TABLES; t++) {
    for (const size of FILL_SIZES) {
      filler.push({ pc: code.length, size, table: t });
      for (let i = 0; i < size; i++) code.push(dummy(t));
      code.push({ op: 'JUMP', oc: FILL_FRAME.DEST, od: FILL_FRAME.DEST, of: FILL_FRAME.NEXT_FP });
    }
  }
  while (code.length < n) code.push({ op: 'SET', o: 0, k: ZERO });
  return {
    bytecode: code,
    hints: new Map([[0, [{ kind: 'Alloc', ptr: 2, size: frame }]], [L, [{ kind: 'Alloc', ptr: 1, size: frame }]]]),
    mainFrame: 8,
    filler,
    witness: new Map(),
    minLogCommitted: 0,
    fnRanges: [{ name: 'main', entry: 0, len: L }, { name: 'fib_loop', entry: L, len: fillStart - L }, { name: 'fill', entry: fillStart, len: n - fillStart }],
  };
}

/** Iterations of `unroll` MULs that fill a MUL table of 2^logCycles rows without passing it. */
export function fibonacciIterations(logCycles: number, unroll = 1000): number {
  return Math.floor(2 ** logCycles / (unroll + 1)) - 1;
}
