// The VM verifier on every reference proof (shared/vectors/vm): parse the program once, then the
// median of `runs` verifications (after a warm-up), the verifier being backend-free TypeScript.
// The process's CPU time per verification is reported beside the wall time: on a shared machine
// it is the steadier of the two.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProgram } from '../src/vm/program';
import { parsePublicInputJson } from '../src/vm/public-input';
import { verifyProgram } from '../src/vm/verify/verify';
import type { BenchRow } from './report';
import { summarize } from './stats';

const VECTORS = process.env.LEANVM_VECTORS ?? join('..', 'shared', 'vectors');
export const VM_VECTORS = ['arith', 'calls', 'loops', 'hash', 'bits', 'big', 'arith_rate2'];

export async function benchVm(runs: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const name of VM_VECTORS) {
    const file = (ext: string) => join(VECTORS, 'vm', `${name}.${ext}`);
    const program = parseProgram(readFileSync(file('program.json'), 'utf8'));
    const pi = parsePublicInputJson(readFileSync(file('public.json'), 'utf8'));
    const proof = new Uint8Array(readFileSync(file('proof')));
    const wall: number[] = [], cpu: number[] = [];
    let summary;
    for (let run = 0; run <= runs; run++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const v = verifyProgram(program, pi, proof);
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (!v.valid) throw new Error(`${name}.proof does not verify: ${v.reason}`);
      summary = v.summary;
      if (run === 0) continue; // warm-up
      wall.push(ms);
      cpu.push((c.user + c.system) / 1000);
    }
    const t = summarize(wall);
    rows.push({
      backend: 'ts', program: name, mu: summary!.mu, 'proof KiB': proof.length / 1024, 'verify ms': t.medianMs, 'min ms': t.minMs,
      'cpu ms': summarize(cpu).medianMs, spread: t.spread, runs: t.runs,
    });
  }
  return rows;
}
