// Issue 31 on a real GPU: a recursion node (docs/recursion.md) proved on webgpu and on the
// reference backend, byte for byte, and verified at the root. Its leaves (a few fresh signers
// each) are proved on the reference backend first, timed apart; then each node over the first
// `arity` of them: the built-in node program's proof, whose stack (2^25 words for a 2→1 node) is
// read in windows where the device's bindings are shorter (docs/gpu-scale.md). Its PASS line gives
// both provers' stage times (the child checks, the claim batch, the hints, the VM's stages), the
// VM's cycles per second, each prover's CPU time and peak resident set, and the webgpu proof's
// device traffic. --quick proves the smallest node, 1→1, at 32 MiB bindings (windows on lavapipe).
import type { Backend } from '../../src/backend/backend';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { describeTraffic, totalTraffic } from '../../src/backend/traffic';
import { stackLog } from '../../src/vm/layout';
import { VM_STAGES } from '../../src/vm/prove/prove';
import { encodeTreeAggregate, type TreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { NODE_STAGES, type NodeStage, type NodeStats, proveNode } from '../../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
import { aggregate } from '../../src/workloads/xmss-aggregate/prove';
import type { AggregateSigner } from '../../src/workloads/xmss-aggregate/signers';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { StdRng } from '../../src/util/std-rng';
import { peakRss } from '../../host/node/cli-files';
import { resetPeak } from '../peak-memory';
import { type Budget, checker } from './budget';
import { firstDifference } from './compare';

export interface NodePlan {
  /** The nodes, in order, by their children: each over the first `arity` leaves. */
  arities: number[];
  /** Signers in each leaf. */
  leafSigners: number;
  /** A binding limit below the device's (windows on a small adapter). */
  maxBindingBytes?: number;
}

export const NODE_PLAN: NodePlan = { arities: [2, 4], leafSigners: 2 };
/** The smallest node, 1→1 (344,064 rows, a stack of 2^24 words: 64 MiB), at 32 MiB bindings so
 * that its stack and codeword are read in windows on a software adapter as well. */
export const QUICK_NODE_PLAN: NodePlan = { arities: [1], leafSigners: 2, maxBindingBytes: 2 ** 25 };

const MESSAGE = Uint8Array.from({ length: 32 }, (_, i) => (29 * i + 3) & 0xff);
const EPOCH = 11;

/** One prover's node: its stage times, the process's CPU time (a software adapter's threads
 * included: the measure that a loaded machine does not inflate) and peak resident set. */
export interface NodeProver {
  stageMs: Record<NodeStage, number>;
  totalMs: number;
  vmMs: number;
  cpuMs: number;
  peakBytes: number;
}

export interface NodeRun {
  label: string;
  arity: number;
  signers: number;
  /** The proven rows (the fill included) and the program's own steps. */
  cycles: number;
  programCycles: number;
  stackLog: number;
  proofBytes: number;
  /** The leaves this node needed that were not proved yet, on the reference backend. */
  leavesMs: number;
  webgpu: NodeProver & { traffic?: ReturnType<typeof totalTraffic> };
  reference: NodeProver;
}

export interface NodeReport {
  planned: number;
  ran: number;
  failures: string[];
  runs: NodeRun[];
}

/** Leaf `l`'s signers: fresh keys for EPOCH alone, seeded by (leaf, signer). */
function leafSigners(l: number, n: number): AggregateSigner[] {
  return Array.from({ length: n }, (_, i) => {
    const seed = Uint8Array.from({ length: 32 }, (_, j) => (j === 0 ? i : j === 1 ? l : 0xd7));
    const key = xmssKeyGen(seed, EPOCH, EPOCH);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, MESSAGE, EPOCH, StdRng.seedFromU64(i, l)).signature };
  });
}

const vmMs = (s: NodeStats) => VM_STAGES.reduce((t, st) => t + s.stageMs[st], 0);
const stages = (s: Record<NodeStage, number>) => NODE_STAGES.map((st) => `${st} ${s[st].toFixed(0)}`).join(', ');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** A node on `backend`, with its times and the peak resident set it reached. */
async function timedNode(children: TreeAggregate[], backend: Backend, onStack?: (log: number) => void) {
  resetPeak();
  const cpu = process.cpuUsage();
  const request = { message: MESSAGE, epoch: EPOCH, children: children.map((aggregate, i) => ({ name: `leaf ${i}`, aggregate })) };
  const { aggregate: node, stats } = await proveNode(request, { backend, onShape: (shape) => onStack?.(stackLog(shape)) });
  const totalMs = NODE_STAGES.reduce((t, s) => t + stats.stageMs[s], 0);
  const { user, system } = process.cpuUsage(cpu);
  return { node, stats, prover: { stageMs: { ...stats.stageMs }, totalMs, vmMs: vmMs(stats), cpuMs: (user + system) / 1e3, peakBytes: peakRss() } };
}

export async function checkNode(device: GPUDevice, reference: Backend, plan: NodePlan, budget: Budget): Promise<NodeReport> {
  const webgpu = createWebGpuBackend(device, { maxBindingBytes: plan.maxBindingBytes });
  const report: NodeReport = { planned: plan.arities.length, ran: 0, failures: [], runs: [] };
  const check = checker(budget, 'node', report);
  const leaves: TreeAggregate[] = [];
  let lastArity = 0;
  for (const arity of plan.arities) {
    const bindings = plan.maxBindingBytes === undefined ? '' : ` at ${plan.maxBindingBytes / 2 ** 20} MiB bindings`;
    const label = `node ${arity}→1 over leaves of ${plan.leafSigners}${bindings}`;
    // A node's time grows with its children (each verified in the VM): the last node's, scaled.
    const ran = await check(label, async () => {
      const t0 = performance.now();
      for (let l = leaves.length; l < arity; l++) {
        const signers = leafSigners(l, plan.leafSigners);
        leaves.push({ kind: 'leaf', ...(await aggregate({ message: MESSAGE, epoch: EPOCH, signers }, { backend: reference })).aggregate });
      }
      const leavesMs = performance.now() - t0;
      let log = 0;
      // Progress lines: a node is minutes on a software adapter, and a killed run says where it was.
      const gpu = await timedNode(leaves.slice(0, arity), webgpu, (k) => {
        log = k;
        budget.log(`  ${label}: leaves ready in ${leavesMs.toFixed(0)} ms; proving on webgpu (stack 2^${k} words)`);
      });
      budget.log(`  ${label}: webgpu ${gpu.prover.totalMs.toFixed(0)} ms; proving on ${reference.name}`);
      const want = await timedNode(leaves.slice(0, arity), reference);
      const { stats } = gpu;
      const traffic = stats.traffic === undefined ? undefined : totalTraffic(stats.traffic);
      report.runs.push({
        label, arity, signers: stats.n, cycles: stats.cycles, programCycles: stats.programCycles, stackLog: log, proofBytes: stats.proofBytes, leavesMs,
        webgpu: { ...gpu.prover, ...(traffic === undefined ? {} : { traffic }) }, reference: want.prover,
      });
      const at = firstDifference(encodeTreeAggregate(gpu.node), encodeTreeAggregate(want.node));
      if (at !== -1) return `FAIL its file differs from the ${reference.name} backend's at byte ${at}`;
      const verdict = verifyTreeAggregate(gpu.node, { message: MESSAGE, epoch: EPOCH });
      if (!verdict.valid) return `FAIL does not verify at the root: ${verdict.reason}`;
      if (verdict.n !== arity * plan.leafSigners) return `FAIL verifies ${verdict.n} signers, not ${arity * plan.leafSigners}`;
      const perS = (ms: number) => `${(stats.cycles / ms).toFixed(1)} k cycles/s in the VM`;
      const said = (name: string, p: NodeProver) =>
        `${name} ${p.totalMs.toFixed(0)} ms (${stages(p.stageMs)}), ${perS(p.vmMs)}, CPU ${p.cpuMs.toFixed(0)} ms, peak ${mib(p.peakBytes)}`;
      return (
        `${stats.proofBytes} bytes equal the ${reference.name} backend's and verify at the root (${stats.n} signers; ` +
        `${stats.cycles} cycles, ${stats.programCycles} the program's; stack 2^${log} words; leaves ${leavesMs.toFixed(0)} ms on ${reference.name}; ` +
        `${said('webgpu', gpu.prover)}${traffic === undefined ? '' : `, ${describeTraffic(traffic)}`}; ${said(reference.name, want.prover)})`
      );
    }, lastArity === 0 ? 1 : arity / lastArity);
    if (!ran) break;
    lastArity = arity;
  }
  return report;
}
