// Recursion nodes, as upstream reports them (`leanvm-b recursion --n K --xmss-per-leaf L`): a K→1
// node over K leaves of L signatures, per backend (native at 1 and 2 threads and its default).
// Each cell runs in a process of its own (this bundle again, told the cell by
// RECURSION_CELL_ENV), so its peak is its own: the leaves are made first (any backend proves
// the same bytes; cached per leaf program in the temp directory) and not timed, then the node
// proved `runs` times after a warm-up: its child checks, deferred-claim batch, hints and VM
// proof apart, its cycles, proof size, native verification and peak memory beside the estimate
// the aggregate command checks. Beside it, once per (cell, thread count), the reference binary
// ($LEANVM_REFERENCE/bin/leanvm-b, default /tmp/ref; skipped where absent) at the same threads
// (LEANVM_NUM_THREADS): its cycles (813,161 for 2→1 over leaves of 20), time, proof, verify and
// peak.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type BackendChoice, openBackend } from '../host/node/backends';
import { peakRss } from '../host/node/cli-files';
import { nodeResidentBytes } from '../host/node/node-aggregate';
import type { Backend } from '../src/backend/backend';
import { StdRng } from '../src/util/std-rng';
import type { VmShape } from '../src/vm/layout';
import { vmMemory } from '../src/vm/prove/memory';
import { VM_STAGES } from '../src/vm/prove/prove';
import { decodeTreeAggregate, encodeTreeAggregate, type TreeAggregate } from '../src/workloads/recursion/aggregate-file';
import { defaultNodeProgram } from '../src/workloads/recursion/node-program';
import { type NodeStats, proveNode } from '../src/workloads/recursion/node-prove';
import { verifyTreeAggregate } from '../src/workloads/recursion/verify';
import { AGGREGATE_PROGRAM_DIGEST, aggregate } from '../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../src/xmss';
import { perNativeThreads } from './native-threads';
import type { BenchRow } from './report';
import { summarize } from './stats';

/** A node cell: `arity` leaves of `leaf` signatures. */
export interface NodeCell {
  readonly arity: number;
  readonly leaf: number;
}
/** The quick default; the set is 2x20,4x20,2x100,4x100 (`npm run bench -- --only recursion --recursion …`). */
export const RECURSION_CELLS = '2x20,4x20';
export const RECURSION_CELL_ENV = 'LEANVM_BENCH_RECURSION_CELL';
const EPOCH = 7;
const MESSAGE = Uint8Array.from({ length: 32 }, (_, i) => (53 * i + 7) & 0xff);
const REF_BIN = join(process.env.LEANVM_REFERENCE ?? '/tmp/ref', 'bin', 'leanvm-b');

/** `2x20,4x100` → cells; Error naming the bad one. */
export function parseCells(text: string): NodeCell[] {
  return text.split(',').map((t) => {
    const m = /^(\d{1,2})x(\d{1,4})$/.exec(t.trim());
    const [arity, leaf] = m === null ? [NaN, NaN] : [Number(m[1]), Number(m[2])];
    if (!(arity >= 1 && arity <= 16 && leaf >= 1 && leaf <= 4095)) throw new Error(`--recursion takes ARITYxLEAF cells (arity 1..16, leaf 1..4095), comma-separated; got "${t}"`);
    return { arity, leaf };
  });
}

const cellName = (c: NodeCell) => `${c.arity}→1 ×${c.leaf}`;

/** The cell's leaves, proved once per leaf program and cached as files. */
async function leavesFor(cell: NodeCell, backend: Backend): Promise<TreeAggregate[]> {
  const dir = join(tmpdir(), 'leanvm-bench-recursion', AGGREGATE_PROGRAM_DIGEST.slice(0, 16));
  mkdirSync(dir, { recursive: true });
  const leaves: TreeAggregate[] = [];
  for (let l = 0; l < cell.arity; l++) {
    const path = join(dir, `leaf-${l}-of-${cell.leaf}.agg`);
    if (!existsSync(path)) {
      const signers = Array.from({ length: cell.leaf }, (_, i) => {
        const seed = Uint8Array.from({ length: 32 }, (_, j) => (j < 4 ? (i >>> (8 * j)) & 0xff : j === 4 ? l : 0x5a));
        const key = xmssKeyGen(seed, 0, 15);
        return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, MESSAGE, EPOCH, StdRng.seedFromU64(i, l)).signature };
      });
      writeFileSync(path, encodeTreeAggregate({ kind: 'leaf', ...(await aggregate({ message: MESSAGE, epoch: EPOCH, signers }, { backend })).aggregate }));
    }
    leaves.push(decodeTreeAggregate(new Uint8Array(readFileSync(path))));
  }
  return leaves;
}

interface CellResult {
  stats: NodeStats[];
  verifyMs: number[];
  peakBytes: number;
  estimateBytes: number;
}

/** In a cell's process: the leaves, then the node's warm-up and timed runs (a full collection
 * before each); prints the result as one JSON line. */
export async function runRecursionCell(spec: string): Promise<void> {
  const { backend: choice, threads, cell, runs } = JSON.parse(spec) as { backend: BackendChoice; threads?: number; cell: NodeCell; runs: number };
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { backend } = await openBackend(choice, { threads });
  const result: CellResult = { stats: [], verifyMs: [], peakBytes: 0, estimateBytes: 0 };
  try {
    const children = (await leavesFor(cell, backend)).map((aggregate, i) => ({ name: `leaf ${i}`, aggregate }));
    const node = defaultNodeProgram();
    const request = { message: MESSAGE, epoch: EPOCH, children };
    const onShape = (shape: VmShape, logInvRate: number) => {
      result.estimateBytes = vmMemory(shape, logInvRate, backend.name, nodeResidentBytes(node)).bytes;
    };
    for (let run = 0; run <= runs; run++) {
      gc();
      const { aggregate: agg, stats } = await proveNode(request, { backend, node, onShape });
      const t = performance.now();
      const verdict = verifyTreeAggregate(agg, { message: MESSAGE, epoch: EPOCH }, { node: node.program });
      if (!verdict.valid) throw new Error(`the node does not verify: ${verdict.reason}`);
      if (run > 0) {
        result.verifyMs.push(performance.now() - t);
        result.stats.push(stats);
      }
    }
  } finally {
    await backend.dispose();
  }
  result.peakBytes = peakRss();
  console.log(JSON.stringify(result));
}

interface Reference {
  cycles: number;
  ms: number;
  proofKiB: number;
  verifyMs: number;
  peakMiB: number;
}
const references = new Map<string, Reference | string>();

/** The reference binary's node for `cell` at `threads` (its default where undefined), once a bench process. */
function reference(cell: NodeCell, threads: number | undefined): Reference | string {
  const key = `${cell.arity}x${cell.leaf}@${threads ?? 'default'}`;
  const known = references.get(key);
  if (known !== undefined) return known;
  let result: Reference | string;
  if (!existsSync(REF_BIN)) result = `no reference binary (${REF_BIN})`;
  else {
    const env = { ...process.env, ...(threads === undefined ? {} : { LEANVM_NUM_THREADS: String(threads) }) };
    const r = spawnSync(REF_BIN, ['recursion', '--n', String(cell.arity), '--xmss-per-leaf', String(cell.leaf), '--cooldown', '0'], { encoding: 'utf8', env });
    const num = (re: RegExp) => Number(re.exec(r.stdout)?.[1]?.replace(/,/g, '') ?? NaN);
    const ref = {
      cycles: num(/cycles \(VM steps\)\s*:\s*([\d,]+)/), ms: 1000 * num(/aggregating\s*:\s*([\d.]+) s/), proofKiB: num(/proof size\s*:\s*([\d.]+) KiB/),
      verifyMs: 1000 * num(/verifying\s*:\s*([\d.]+) s/), peakMiB: 1024 * num(/peak memory ([\d.]+) GiB/),
    };
    result = r.status === 0 && Object.values(ref).every(Number.isFinite) ? ref : `the reference exited ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n').at(-1)}`;
  }
  references.set(key, result);
  return result;
}

function cellRow(label: string, backend: string, threads: number | undefined, cell: NodeCell, runs: number): BenchRow[] {
  const spec = JSON.stringify({ backend, threads, cell, runs });
  const r = spawnSync(process.execPath, [process.argv[1]], { encoding: 'utf8', env: { ...process.env, [RECURSION_CELL_ENV]: spec } });
  const ref = reference(cell, threads);
  const refRow: BenchRow = typeof ref === 'string'
    ? { backend: `leanvm-b ×${threads ?? 'default'}`, cell: cellName(cell), error: ref }
    : { backend: `leanvm-b ×${threads ?? 'default'}`, cell: cellName(cell), 'node cycles': ref.cycles, 'node ms': ref.ms, 'proof KiB': ref.proofKiB, 'verify ms': ref.verifyMs, 'peak MiB': ref.peakMiB };
  const row: BenchRow = { backend: label, cell: cellName(cell), load: loadavg()[0] };
  if (r.status !== 0) {
    const why = r.status === null || r.status === 137 ? ` (killed by ${r.signal ?? 'SIGKILL'}: out of memory?)` : `: ${r.stderr.trim().split('\n').at(-1)}`;
    return [{ ...row, error: `the cell's process exited ${r.status ?? r.signal}${why}` }, refRow];
  }
  const res = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as CellResult;
  if (res.stats.length === 0) return [{ ...row, error: 'no runs' }, refRow];
  const ms = (f: (s: NodeStats) => number) => summarize(res.stats.map(f)).medianMs;
  const vm = (s: NodeStats) => VM_STAGES.reduce((t, st) => t + s.stageMs[st], 0);
  const total = summarize(res.stats.map((s) => s.stageMs.check + s.stageMs.batch + s.stageMs.hints + vm(s)));
  Object.assign(row, {
    'node cycles': res.stats[0].programCycles, 'proven rows': res.stats[0].cycles, 'node ms': total.medianMs, 'check ms': ms((s) => s.stageMs.check), 'batch ms': ms((s) => s.stageMs.batch),
    'hints ms': ms((s) => s.stageMs.hints), 'VM proof ms': ms(vm), 'proof KiB': res.stats[0].proofBytes / 1024, 'verify ms': summarize(res.verifyMs).medianMs,
    'peak MiB': res.peakBytes / 2 ** 20, 'est MiB': res.estimateBytes / 2 ** 20, spread: total.spread, runs: total.runs,
  });
  if (typeof ref !== 'string') row['ref/ours'] = ref.ms / total.medianMs;
  return [row, refRow];
}

/** The bench's rows on `backend`: each cell's node, then the reference's beside it. */
export function benchRecursion(cells: readonly NodeCell[]) {
  return (backend: Backend, _sizes: number[], runs: number): Promise<BenchRow[]> =>
    perNativeThreads(backend, async (b, label, threads) => cells.flatMap((cell) => cellRow(label, b.name, threads, cell, runs)));
}
