// The zkDSL compiler's speed: each vector program (shared/vectors/vm), and generated programs of
// about 2^k instructions of two shapes, straight-line source (one line per two instructions:
// the parser and lowering at scale) and an unroll of a short body with a call every 100 copies
// (substitution and specialisation at scale). The compiler is plain TypeScript, so this runs
// once, whatever the backends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backend } from '../src/backend/backend';
import { compileSource } from '../src/zkdsl';
import type { BenchRow } from './report';
import { summarize } from './stats';

export const COMPILE_SIZES = [10, 13, 15, 17];

const VECTORS = ['arith', 'calls', 'loops', 'hash', 'bits', 'big'];

/** Straight-line main with n - 2 arithmetic lines (MUL + XOR each). */
export function straightLineProgram(n: number): string {
  const l = ['def main():', '    h = HeapBuf(2)', '    x0 = h[1]', '    x1 = h[GEN]'];
  for (let i = 2; i < n; i++) l.push(`    x${i} = x${i - 1} * x${i - 2} + x${i - 1}`);
  l.push(`    h[1] = x${n - 1}`, '    return', '');
  return l.join('\n');
}

/** An unroll of n copies of a two-instruction body (and a constant SET per copy), with a
 * call every 100 copies. */
export function unrolledProgram(n: number): string {
  return `def f(a, b):\n    return a * b + a\n\ndef main():\n    h = HeapBuf(2)\n    s = h[1]\n    w = h[GEN]\n    for j in unroll(0, ${n}):\n        s = s * w + j\n        if j % 100 == 0:\n            s = f(s, w)\n    h[1] = s\n    return\n`;
}

let done = false;

export async function benchCompile(_backend: Backend, logSizes: number[], runs: number): Promise<BenchRow[]> {
  if (done) return []; // one set of rows per process, not one per backend
  done = true;
  // The bundle runs from dist/node/; the vectors sit beside the repository (or LEANVM_VECTORS).
  const dir = process.env.LEANVM_VECTORS ?? fileURLToPath(new URL('../../../shared/vectors', import.meta.url));
  const cases: [string, string][] = VECTORS.map((n) => [`${n}.py`, readFileSync(join(dir, 'vm', `${n}.py`), 'utf8')]);
  for (const k of logSizes) {
    cases.push([`straight 2^${k}`, straightLineProgram(2 ** (k - 1))]);
    cases.push([`unroll 2^${k}`, unrolledProgram(Math.round(2 ** k / 3.1))]);
  }
  const rows: BenchRow[] = [];
  for (const [name, src] of cases) {
    const ms: number[] = [];
    let instructions = 0;
    for (let r = 0; r <= runs; r++) {
      const t0 = performance.now();
      const { program } = compileSource(src, { file: name });
      const t = performance.now() - t0;
      instructions = program.fnRanges.reduce((n, f) => n + f.len, 0);
      if (r > 0) ms.push(t); // the first run warms up
    }
    const s = summarize(ms);
    rows.push({ backend: 'compiler', program: name, instructions, 'compile ms': s.medianMs, 'instr/ms': instructions / s.medianMs, spread: s.spread, runs: s.runs });
  }
  return rows;
}
