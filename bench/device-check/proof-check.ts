// Issue 6 on a real GPU: webgpu proofs of the reference vectors (empty statement) equal the
// proof files byte for byte, and bound proofs (docs/bound-statement.md) equal the reference
// backend's and verify — test/workloads/webgpu.test.ts's run (which CI makes on lavapipe),
// standalone, plus a bound batch of 2^15.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Backend } from '../../src/backend/backend';
import { messagesFromBytes } from '../../src/workloads/hash-batch/batch';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
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

export interface ProofReport {
  planned: number;
  ran: number;
  failures: string[];
}

const ms = (t0: number) => `${(performance.now() - t0).toFixed(0)} ms`;

export async function checkProofs(webgpu: Backend, reference: Backend, vectorsDir: string, plan: ProofPlan, budget: Budget): Promise<ProofReport> {
  const report: ProofReport = { planned: plan.vectors.length + plan.bound.length, ran: 0, failures: [] };
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
      const { proof } = await proveHashBatch(messagesFromBytes(file('inputs.bin')), { backend: webgpu, statement: 'none' });
      const at = firstDifference(proof, want);
      return at === -1 ? `${proof.length} bytes equal the proof file (webgpu ${ms(t0)})` : `FAIL differs from the proof file at byte ${at}`;
    });
    if (!ran) return report;
  }
  for (const n of plan.bound) {
    const ran = await check(`bound proof of ${n} messages`, async () => {
      const messages = seededMessages(n, { lo: n, hi: 0x69 });
      const t0 = performance.now();
      const { proof } = await proveHashBatch(messages, { backend: webgpu, statement: 'bound' });
      const gpuMs = ms(t0);
      const t1 = performance.now();
      const want = (await proveHashBatch(messages, { backend: reference, statement: 'bound' })).proof;
      const at = firstDifference(proof, want);
      if (at !== -1) return `FAIL differs from the ${reference.name} backend's at byte ${at}`;
      const verdict = verifyHashBatch(messages, proof, { statement: 'bound' });
      if (!verdict.valid) return `FAIL does not verify: ${verdict.reason}`;
      return `${proof.length} bytes equal the ${reference.name} backend's and verify (webgpu ${gpuMs}, ${reference.name} ${ms(t1)})`;
    });
    if (!ran) return report;
  }
  return report;
}
