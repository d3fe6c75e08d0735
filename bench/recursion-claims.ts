// The host's deferred-claim work for recursion (docs/recursion.md §2, §6), in TypeScript (the
// batch's rounds on the cpu backend): the leaf aggregation program's bytecode multilinear built
// once (cold) and evaluated at a point (warm), the circuit matrices at a point, and the batch of
// k children's claims proved and verified for k = 2, 4, 16 (half leaves, half nodes with carried
// claims; the leaf program stands in for the node program's bytecode, whose size is the node
// program's).
import { matrixTerm } from '../src/flock/lincheck/verifier';
import { bytecodeMultilinear } from '../src/vm/bytecode';
import type { Program } from '../src/vm/program';
import { type ChildClaims, verifyBatch } from '../src/workloads/recursion/batch';
import { createCpuBackend } from '../src/backend/cpu/index';
import { proveBatch } from '../src/workloads/recursion/batch-prove';
import { bytecodeVars, MATRIX_VARS, type NodeClaims } from '../src/workloads/recursion/claims';
import { bytecodeValue, matrixValues } from '../src/workloads/recursion/native-claims';
import { aggregationProgram } from '../src/workloads/xmss-aggregate/program';
import type { BenchRow } from './report';
import { summarize } from './stats';

let seed = 0x2545f491;
const random = (n: number): Uint32Array => Uint32Array.from({ length: 6 * n }, () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0));

async function time(runs: number, f: () => unknown): Promise<ReturnType<typeof summarize>> {
  const ms: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const t0 = performance.now();
    await f();
    if (run > 0) ms.push(performance.now() - t0);
  }
  return summarize(ms);
}

function children(k: number, program: Program, vars: number): ChildClaims[] {
  const fresh = () => {
    const point = random(vars);
    const m = { z: random(1), chiIn: random(8), alpha: random(1), chiInPrime: random(8), s: random(64) };
    return { bytecode: { point, value: bytecodeValue(program, point) }, matrix: { ...m, value: matrixTerm(m) } };
  };
  const carried = (): NodeClaims => {
    const lp = random(vars), np = random(vars), mp = random(MATRIX_VARS);
    return { leafBytecode: { point: lp, value: bytecodeValue(program, lp) }, nodeBytecode: { point: np, value: bytecodeValue(program, np) }, matrix: { point: mp, ...matrixValues(mp) } };
  };
  return Array.from({ length: k }, (_, i) => (i % 2 === 0 ? { kind: 'leaf', fresh: fresh() } : { kind: 'node', fresh: fresh(), carried: carried() }));
}

export async function benchRecursionClaims(runs: number): Promise<BenchRow[]> {
  const program = aggregationProgram();
  const vars = bytecodeVars(Math.log2(program.bytecode.length));
  const rows: BenchRow[] = [];
  const row = (what: string, t: ReturnType<typeof summarize>) => rows.push({ backend: 'ts', what, 'ms': t.medianMs, 'min ms': t.minMs, spread: t.spread, runs: t.runs });
  // a fresh object each run: the multilinear is cached per program object
  row(`bytecode multilinear of the leaf program (2^${vars} K words), built`, await time(runs, () => bytecodeMultilinear({ bytecode: program.bytecode })));
  row('leaf bytecode at a point (cached multilinear)', await time(runs, () => bytecodeValue(program, random(vars))));
  row('leaf bytecode at the all-zeros point', await time(runs, () => bytecodeValue(program, new Uint32Array(6 * vars))));
  row('A₀, B₀ at a 28-coordinate point', await time(runs, () => matrixValues(random(MATRIX_VARS))));
  const shape = { leafVars: vars, nodeVars: vars };
  const table = bytecodeMultilinear(program);
  const cpu = createCpuBackend();
  for (const k of [2, 4, 16]) {
    const cs = children(k, program, vars);
    let stream: Uint32Array = new Uint32Array(0);
    row(`batch of ${k} children: prove`, await time(runs, async () => (stream = (await proveBatch(cpu, cs, shape, { leaf: table, node: table })).stream)));
    row(`batch of ${k} children: verify`, await time(runs, () => verifyBatch(cs, shape, stream)));
  }
  return rows;
}
