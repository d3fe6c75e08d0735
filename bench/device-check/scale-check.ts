// Issue 33 on a real GPU: a VM program of 2^19 cycles (bench/vm-programs.ts) proved on webgpu
// told to bind at most 16 MiB, so its stack, trees and tables are read in windows and its form
// kernels gather their columns (src/backend/webgpu/vm-gather.ts), then hash batches at the
// card's scale (2^18 to 2^21 compressions, whose q_flock and codeword outgrow a storage binding);
// each equal to the reference backend's proof byte for byte and valid, with both provers'
// cycles or compressions per second. The webgpu backend splits every operand longer than a
// binding into windows (src/backend/webgpu/window.ts), and keeps one longer than a buffer may be
// (the device's maxBufferSize, which a 2^21 batch's operands pass) in parts (store.ts); --quick
// rehearses both on a software adapter with 2 MiB binding and buffer limits, on 2^12 cycles and
// 2^10 and 2^11 compressions.
import type { Backend } from '../../src/backend/backend';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { type Budget, checker } from './budget';
import { firstDifference } from './compare';
import { checkVm, type VmReport } from './vm-check';

export interface ScalePlan {
  /** log2 of the cycles of the Fibonacci runs, proved at vmBindingBytes. */
  vm: number[];
  vmBindingBytes: number;
  /** log2 of the batches' compressions. */
  hash: number[];
  /** A binding limit below the device's for the batches (windows on a small adapter). */
  maxBindingBytes?: number;
  /** A buffer limit below the device's for every proof here (parts on a small adapter). */
  maxBufferBytes?: number;
}

export const SCALE_PLAN: ScalePlan = { vm: [19], vmBindingBytes: 2 ** 24, hash: [18, 19, 20, 21] };
export const QUICK_SCALE_PLAN: ScalePlan = { vm: [12], vmBindingBytes: 2 ** 21, hash: [10, 11], maxBindingBytes: 2 ** 21, maxBufferBytes: 2 ** 21 };

export interface ScaleRun {
  n: number;
  webgpuMs: number;
  webgpuCompressionsPerS: number;
  referenceMs: number;
  referenceCompressionsPerS: number;
}

export interface ScaleReport {
  planned: number;
  ran: number;
  failures: string[];
  /** The Fibonacci runs (the vm phase's report of them). */
  vm: VmReport;
  runs: ScaleRun[];
}

export async function checkScale(device: GPUDevice, reference: Backend, plan: ScalePlan, budget: Budget): Promise<ScaleReport> {
  const { maxBufferBytes } = plan;
  const parts = maxBufferBytes === undefined ? '' : ` in ${maxBufferBytes / 2 ** 20} MiB parts`;
  const vm = await checkVm(createWebGpuBackend(device, { maxBindingBytes: plan.vmBindingBytes, maxBufferBytes }), reference, '', { vectors: [], fibonacci: plan.vm, note: ` at ${plan.vmBindingBytes / 2 ** 20} MiB bindings${parts}` }, budget);
  const report: ScaleReport = { planned: vm.planned + plan.hash.length, ran: vm.ran, failures: [...vm.failures], vm, runs: [] };
  const webgpu = createWebGpuBackend(device, { maxBindingBytes: plan.maxBindingBytes, maxBufferBytes });
  const check = checker(budget, 'scale', report);
  for (const k of plan.hash) {
    const n = 2 ** k;
    const ran = await check(`hash batch of 2^${k} compressions`, async () => {
      const messages = seededMessages(n, { lo: n, hi: 0x33 });
      const t0 = performance.now();
      const gpu = await proveHashBatch(messages, { backend: webgpu, statement: 'bound' });
      const webgpuMs = performance.now() - t0;
      const t1 = performance.now();
      const want = (await proveHashBatch(messages, { backend: reference, statement: 'bound' })).proof;
      const referenceMs = performance.now() - t1;
      const run = { n, webgpuMs, webgpuCompressionsPerS: n / (webgpuMs / 1000), referenceMs, referenceCompressionsPerS: n / (referenceMs / 1000) };
      report.runs.push(run);
      const at = firstDifference(gpu.proof, want);
      if (at !== -1) return `FAIL differs from the ${reference.name} backend's at byte ${at}`;
      const verdict = verifyHashBatch(messages, gpu.proof, { statement: 'bound' });
      if (!verdict.valid) return `FAIL does not verify: ${verdict.reason}`;
      const traffic = gpu.stats.traffic === undefined ? '' : `; ${describeTraffic(totalTraffic(gpu.stats.traffic))}`;
      const rate = (perS: number) => `${Math.round(perS)} compressions/s`;
      return `equal to the ${reference.name} backend's and valid: webgpu ${webgpuMs.toFixed(0)} ms (${rate(run.webgpuCompressionsPerS)}), ${reference.name} ${referenceMs.toFixed(0)} ms (${rate(run.referenceCompressionsPerS)})${traffic}`;
    });
    if (!ran) break;
  }
  return report;
}
