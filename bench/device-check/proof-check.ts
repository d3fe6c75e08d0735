// Issues 6 and 24 on a real GPU: webgpu proofs of the reference vectors (empty statement) equal
// the proof files byte for byte, and bound proofs (docs/bound-statement.md) equal the reference
// backend's and verify — test/workloads/webgpu.test.ts's run (which CI makes on lavapipe),
// standalone, plus a bound batch of 2^15. Every proof runs resident (the witness and every
// Flock pass on the device): its stage times and traffic are reported, and traffic past the
// budget of test/webgpu/traffic.test.ts fails it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../../src/backend/backend';
import { messagesFromBytes } from '../../src/workloads/hash-batch/batch';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { HASH_BATCH_STAGES, type HashBatchProof, type HashBatchStage, proveHashBatch, type StageTraffic } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, overBudget, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import type { Budget } from './budget';
import { firstDifference } from './compare';

export interface ProofPlan {
  /** k of the vectors blake2s_batch_n{k}.{inputs.bin,proof}. */
  vectors: number[];
  /** Message counts of the bound proofs. */
  bound: number[];
}

export const PROOF_PLAN: ProofPlan = { vectors: [7, 8, 9, 10, 11, 12, 13], bound: [200, 5000, 2 ** 13 + 1, 2 ** 15] };
export const QUICK_PROOF_PLAN: ProofPlan = { vectors: [7, 8, 9], bound: [200] };

/** One webgpu proof: its stage times and device traffic, all stages together. */
export interface ProofRun {
  label: string;
  proofBytes: number;
  stageMs: Record<HashBatchStage, number>;
  traffic?: StageTraffic;
}

export interface ProofReport {
  planned: number;
  ran: number;
  failures: string[];
  runs: ProofRun[];
}

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

export async function checkProofs(webgpu: Backend, reference: Backend, vectorsDir: string, plan: ProofPlan, budget: Budget): Promise<ProofReport> {
  const report: ProofReport = { planned: plan.vectors.length + plan.bound.length, ran: 0, failures: [], runs: [] };
  // The webgpu proof's times and traffic, kept; said, or the failure of a traffic past the
  // resident budget (over the messages it proves).
  const keep = (label: string, { proof, stats }: HashBatchProof, messageBytes: number): { said: string; over: string | null } => {
    const traffic = stats.traffic === undefined ? undefined : totalTraffic(stats.traffic);
    report.runs.push({ label, proofBytes: proof.length, stageMs: stats.stageMs, traffic });
    const stages = HASH_BATCH_STAGES.map((s) => `${s} ${stats.stageMs[s].toFixed(0)}`).join(', ');
    if (traffic === undefined) return { said: stages, over: 'the backend meters no traffic' };
    return { said: `stages (ms) ${stages}; ${describeTraffic(traffic)}`, over: overBudget(traffic, messageBytes, proof.length) };
  };
  // One unit: its line, and a failure (a mismatch or a throw) recorded instead of ending the run.
  const check = (label: string, body: () => Promise<string>) =>
    budget.unit('proof', label, async () => {
      const line = await body().catch((e: Error) => `FAIL threw ${e.message.split('\n')[0]}`);
      if (line.startsWith('FAIL')) report.failures.push(`${label}: ${line.slice(5)}`);
      budget.log(`${line.startsWith('FAIL') ? 'FAIL' : 'PASS'} ${label}: ${line.replace(/^FAIL /, '')}`);
      report.ran++;
    });

  for (const k of plan.vectors) {
    const ran = await check(`vector n = 2^${k}`, async () => {
      const file = (ext: string) => new Uint8Array(readFileSync(join(vectorsDir, `blake2s_batch_n${k}.${ext}`)));
      const want = file('proof');
      const t0 = performance.now();
      const messages = messagesFromBytes(file('inputs.bin'));
      const result = await proveHashBatch(messages, { backend: webgpu, statement: 'none' });
      const gpuMs = ms(t0);
      const at = firstDifference(result.proof, want);
      const { said, over } = keep(`vector n = 2^${k}`, result, messages.byteLength);
      if (at !== -1) return `FAIL differs from the proof file at byte ${at}`;
      if (over !== null) return `FAIL traffic over budget: ${over} (${said})`;
      return `${result.proof.length} bytes equal the proof file (webgpu ${gpuMs}; ${said})`;
    });
    if (!ran) return report;
  }
  for (const n of plan.bound) {
    const ran = await check(`bound proof of ${n} messages`, async () => {
      const messages = seededMessages(n, { lo: n, hi: 0x69 });
      const t0 = performance.now();
      const result = await proveHashBatch(messages, { backend: webgpu, statement: 'bound' });
      const { proof } = result;
      const gpuMs = ms(t0);
      const { said, over } = keep(`bound proof of ${n} messages`, result, messages.byteLength);
      const t1 = performance.now();
      const want = (await proveHashBatch(messages, { backend: reference, statement: 'bound' })).proof;
      const at = firstDifference(proof, want);
      if (at !== -1) return `FAIL differs from the ${reference.name} backend's at byte ${at}`;
      const verdict = verifyHashBatch(messages, proof, { statement: 'bound' });
      if (!verdict.valid) return `FAIL does not verify: ${verdict.reason}`;
      if (over !== null) return `FAIL traffic over budget: ${over} (${said})`;
      return `${proof.length} bytes equal the ${reference.name} backend's and verify (webgpu ${gpuMs}, ${reference.name} ${ms(t1)}; ${said})`;
    });
    if (!ran) return report;
  }
  return report;
}
