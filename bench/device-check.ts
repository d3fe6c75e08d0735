// `node dist/node/device-check.js [--quick] [--vectors DIR] [--budget-s S] [--out FILE]`: the
// checks a lent GPU session runs in one call (docs/gpu-session.md), without vitest (its
// node_modules cannot travel). The webgpu backend against a reference (the native module if it
// loads, else cpu): commitments byte for byte (issue 3), reference-vector and bound proofs
// (issue 6), VM proofs (issue 20: the vector programs byte for byte, Fibonacci runs to 2^20
// cycles against the reference backend), recursion nodes (issue 31: 2→1 and 4→1 over small
// leaves, equal to the reference backend's and verified at the root), hash batches of
// 2^18..2^21 (issue 33: operands longer than a binding, in windows) against the reference
// backend, then the commit and hash benches. PASS/FAIL lines with timestamps, a JSON summary on
// stdout and in --out (rewritten after each phase, so a killed run still leaves one); exit 1 on
// any mismatch. Work stops between units at --budget-s and the summary says where.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { BackendUnavailableError, openBackend, probeBackends } from '../host/node/backends';
import { requestNodeGpu } from '../host/node/dawn';
import type { Backend } from '../src/backend/backend';
import { COMMIT_SIZES } from './commit';
import { HASH_SIZES } from './hash';
import { machine } from './report';
import { Budget } from './device-check/budget';
import { checkCommit, COMMIT_GRID, QUICK_COMMIT_GRID } from './device-check/commit-check';
import { checkProofs, PROOF_PLAN, QUICK_PROOF_PLAN } from './device-check/proof-check';
import { runBench } from './device-check/throughput';
import { checkNode, NODE_PLAN, QUICK_NODE_PLAN } from './device-check/node-check';
import { checkScale, QUICK_SCALE_PLAN, SCALE_PLAN } from './device-check/scale-check';
import { checkVm, QUICK_VM_PLAN, VM_PLAN } from './device-check/vm-check';

const PHASES = ['commit', 'proofs', 'vm', 'node', 'scale', 'bench-commit', 'bench-hash'] as const;
type Phase = (typeof PHASES)[number];

const opts = new Command()
  .name('device-check')
  .option('--quick', 'a small subset, for a software adapter (lavapipe); without it a software adapter is refused')
  .option('--vectors <dir>', 'folder holding blake2s_batch_n{7..13}.{inputs.bin,proof}', 'vectors')
  .option('--vm-vectors <dir>', 'folder holding the VM vectors NAME.{program.json,public.json,proof,summary.json} (default: VECTORS/vm)')
  .option('--budget-s <s>', 'wall-time budget: no unit of work starts that would end past it', parseFloat, 480)
  .option('--out <file>', 'also write the JSON summary here')
  .option('--phases <list>', 'comma-separated phases to run', PHASES.join(','))
  .option('--bench-runs <n>', 'timed runs per bench cell (default 5, --quick 1)', (v) => parseInt(v, 10))
  .parse()
  .opts<{ quick?: boolean; vectors: string; vmVectors?: string; budgetS: number; out?: string; phases: string; benchRuns?: number }>();

const phases = opts.phases.split(',') as Phase[];
const unknown = phases.filter((p) => !PHASES.includes(p));
if (unknown.length) {
  console.error(`unknown phase ${unknown.join(', ')}; phases are ${PHASES.join(', ')}`);
  process.exit(2);
}
const quick = opts.quick === true;
const runs = opts.benchRuns ?? (quick ? 1 : 5);

const budget = new Budget(opts.budgetS);
const summary: Record<string, unknown> & { phases: Record<string, unknown> } = {
  ok: false,
  complete: false,
  quick,
  budgetS: opts.budgetS,
  started: new Date().toISOString(),
  phases: {},
};
const failures: string[] = [];

function writeSummary(): void {
  Object.assign(summary, { elapsedS: budget.elapsedS(), stoppedAt: budget.stoppedAt, failures: failures.length });
  if (opts.out) writeFileSync(opts.out, JSON.stringify(summary, null, 2));
}

function fail(what: string): void {
  failures.push(what);
  budget.log(`FAIL ${what}`);
}

budget.log(`device check: ${quick ? 'quick' : 'full'} range, phases ${phases.join(', ')}, budget ${opts.budgetS}s`);
const reports = await probeBackends();
const machineInfo = machine(reports);
summary.machine = machineInfo;
for (const r of reports) budget.log(`${r.name}: ${r.usable ? 'usable' : 'unusable'}${r.software ? ' (software)' : ''}: ${r.reason}`);

const reference = await openBackend(reports.some((r) => r.name === 'native' && r.usable) ? 'native' : 'cpu');
summary.reference = reference.why;
let webgpu: Backend | null = null;
const gpuReport = reports.find((r) => r.name === 'webgpu');
if (gpuReport?.software && !quick) {
  fail(`webgpu is a software adapter (${gpuReport.reason}): the full range is for a hardware GPU; pass --quick`);
} else {
  try {
    const opened = await openBackend('webgpu');
    webgpu = opened.backend;
    summary.webgpu = opened.why;
    budget.log(`webgpu: ${opened.why}`);
  } catch (e) {
    if (!(e instanceof BackendUnavailableError)) throw e;
    fail(e.message);
  }
}

// Each phase's report goes into the summary; a throw is that phase's failure, not the run's end.
async function phase(name: Phase, body: (gpu: Backend) => Promise<object>): Promise<void> {
  if (webgpu === null || !phases.includes(name) || budget.stoppedAt !== null) {
    summary.phases[name] = { skipped: webgpu === null ? 'no webgpu backend' : budget.stoppedAt !== null ? 'budget' : 'not asked' };
    return;
  }
  budget.log(`— ${name}`);
  try {
    const report = await body(webgpu);
    summary.phases[name] = report;
    // Mismatches fail the run; a bench's error rows (a size past the device) are only reported.
    if ('failures' in report) failures.push(...(report.failures as string[]));
  } catch (e) {
    summary.phases[name] = { error: (e as Error).message };
    fail(`${name} threw ${(e as Error).stack}`);
  }
  writeSummary();
}

/** `body` on a device of its own (backends with options of their own), destroyed after. */
async function ownDevice<T>(body: (device: GPUDevice) => Promise<T>): Promise<T> {
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) throw new Error(gpu.unavailable);
  try {
    return await body(gpu.device);
  } finally {
    gpu.device.destroy();
  }
}

await phase('commit', () => ownDevice((device) => checkCommit(device, reference.backend, quick ? QUICK_COMMIT_GRID : COMMIT_GRID, budget)));
await phase('proofs', (gpu) => checkProofs(gpu, reference.backend, opts.vectors, quick ? QUICK_PROOF_PLAN : PROOF_PLAN, budget));
await phase('vm', (gpu) => checkVm(gpu, reference.backend, opts.vmVectors ?? join(opts.vectors, 'vm'), quick ? QUICK_VM_PLAN : VM_PLAN, budget));
await phase('node', () => ownDevice((device) => checkNode(device, reference.backend, quick ? QUICK_NODE_PLAN : NODE_PLAN, budget)));
await phase('scale', () => ownDevice((device) => checkScale(device, reference.backend, quick ? QUICK_SCALE_PLAN : SCALE_PLAN, budget)));
// The native module beside the GPU; the cpu backend's commit bench takes minutes on a GPU's time.
const commitBackends = (gpu: Backend) => (reference.backend.name === 'native' ? [gpu, reference.backend] : [gpu]);
await phase('bench-commit', (gpu) => runBench('commit', commitBackends(gpu), quick ? [16] : COMMIT_SIZES, runs, machineInfo, budget));
await phase('bench-hash', (gpu) => runBench('hash', [gpu], quick ? [10] : HASH_SIZES, runs, machineInfo, budget));

summary.ok = failures.length === 0;
summary.complete = budget.stoppedAt === null && webgpu !== null;
writeSummary();
console.log(JSON.stringify(summary, (k, v) => (k === 'rows' ? undefined : v), 2));
budget.log(`${summary.ok ? 'PASS' : `FAIL (${failures.length})`}${summary.complete ? '' : ` — incomplete: stopped before ${budget.stoppedAt ?? 'the checks (no webgpu)'}`}`);
await webgpu?.dispose();
await reference.backend.dispose();
process.exit(summary.ok ? 0 : 1);
