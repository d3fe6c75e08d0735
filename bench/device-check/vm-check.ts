// Issue 20 on a real GPU: the VM prover on the webgpu backend. Every VM vector program proved
// byte for byte as its proof file (test/webgpu/vm-prove.test.ts's run, which CI makes on
// lavapipe), then Fibonacci runs of 2^k cycles (bench/vm-programs.ts, at 2^20 the reference's
// `fibonacci --n 1000000`) proved on webgpu and on the reference backend, equal and valid.
// Each PASS line gives both provers' stage times: the GPU's VM numbers beside the CPU's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../../src/backend/backend';
import { parseProgram, type Program } from '../../src/vm/program';
import { type ProgramProof, proveProgram, VM_STAGES, type VmStage } from '../../src/vm/prove/prove';
import { parsePublicInputJson, type PublicInput } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { VM_VECTORS } from '../vm';
import { fibonacciN, fibonacciProgram } from '../vm-programs';
import { type Budget, checker } from './budget';
import { firstDifference } from './compare';

export interface VmPlan {
  /** Programs of the folder's NAME.{program.json,public.json,proof,summary.json} (the summary
   * gives the rate it was proved at). */
  vectors: string[];
  /** log2 of the cycles of the Fibonacci runs. */
  fibonacci: number[];
  /** Said after each Fibonacci run's label: how its backend differs from the phase's. */
  note?: string;
}

export const VM_PLAN: VmPlan = { vectors: VM_VECTORS, fibonacci: [16, 18, 20] };
export const QUICK_VM_PLAN: VmPlan = { vectors: ['arith', 'hash'], fibonacci: [12] };

/** One proof of the phase: the backend's stage times (webgpu's, and the reference's where it
 * proved the same run). */
export interface VmRun {
  label: string;
  cycles: number;
  proofBytes: number;
  stageMs: Record<VmStage, number>;
  totalMs: number;
  referenceMs?: number;
  referenceStageMs?: Record<VmStage, number>;
}

export interface VmReport {
  planned: number;
  ran: number;
  failures: string[];
  runs: VmRun[];
}

const total = (stageMs: Record<VmStage, number>) => VM_STAGES.reduce((t, s) => t + stageMs[s], 0);
const stages = (stageMs: Record<VmStage, number>) => VM_STAGES.map((s) => `${s} ${stageMs[s].toFixed(0)}`).join(', ');

export async function checkVm(webgpu: Backend, reference: Backend, vectorsDir: string, plan: VmPlan, budget: Budget): Promise<VmReport> {
  const report: VmReport = { planned: plan.vectors.length + plan.fibonacci.length, ran: 0, failures: [], runs: [] };
  const keep = (label: string, { proof, stats }: ProgramProof, ref?: ProgramProof): VmRun => {
    const run: VmRun = { label, cycles: stats.cycles, proofBytes: proof.length, stageMs: stats.stageMs, totalMs: total(stats.stageMs) };
    if (ref !== undefined) Object.assign(run, { referenceMs: total(ref.stats.stageMs), referenceStageMs: ref.stats.stageMs });
    report.runs.push(run);
    return run;
  };
  const check = checker(budget, 'vm', report);
  const valid = (program: Program, pi: PublicInput, proof: Uint8Array) => {
    const v = verifyProgram(program, pi, proof);
    return v.valid ? null : v.reason;
  };

  for (const name of plan.vectors) {
    const ran = await check(`vm ${name}`, async () => {
      const file = (ext: string) => readFileSync(join(vectorsDir, `${name}.${ext}`));
      const program = parseProgram(file('program.json').toString('utf8'));
      const pi = parsePublicInputJson(file('public.json').toString('utf8'));
      const logInvRate = JSON.parse(file('summary.json').toString('utf8')).announced.log_inv_rate as number;
      const result = await proveProgram(program, pi, { backend: webgpu, logInvRate });
      const run = keep(`vm ${name}`, result);
      const at = firstDifference(result.proof, new Uint8Array(file('proof')));
      if (at !== -1) return `FAIL differs from ${name}.proof at byte ${at}`;
      return `${result.proof.length} bytes equal ${name}.proof (${run.cycles} cycles; webgpu ${run.totalMs.toFixed(0)} ms: ${stages(run.stageMs)})`;
    });
    if (!ran) return report;
  }
  for (const logCycles of plan.fibonacci) {
    const label = `vm fibonacci 2^${logCycles}${plan.note ?? ''}`;
    const ran = await check(label, async () => {
      const { program, publicInput } = fibonacciProgram(fibonacciN(logCycles));
      const result = await proveProgram(program, publicInput, { backend: webgpu });
      const want = await proveProgram(program, publicInput, { backend: reference });
      const run = keep(label, result, want);
      const at = firstDifference(result.proof, want.proof);
      if (at !== -1) return `FAIL differs from the ${reference.name} backend's at byte ${at}`;
      const reason = valid(program, publicInput, result.proof);
      if (reason !== null) return `FAIL does not verify: ${reason}`;
      const perS = (ms: number) => `${((run.cycles / ms) * 1e3 / 1e6).toFixed(2)} M cycles/s`;
      return (
        `${result.proof.length} bytes equal the ${reference.name} backend's and verify (${run.cycles} cycles; ` +
        `webgpu ${run.totalMs.toFixed(0)} ms, ${perS(run.totalMs)}: ${stages(run.stageMs)}; ` +
        `${reference.name} ${run.referenceMs!.toFixed(0)} ms, ${perS(run.referenceMs!)}: ${stages(run.referenceStageMs!)})`
      );
    });
    if (!ran) return report;
  }
  return report;
}
