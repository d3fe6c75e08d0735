// A VM proof's memory model (src/backend/memory.ts), from the shape a run announces: known once
// the program has run, before any column is built. In bytes of the stack S (its nLanes
// committed lanes of K words): the stack and the execution's arrays throughout, on a GPU the
// commitment's copy of the stack (a host backend commits the stack itself), its codeword
// (2^ρ·S) and Merkle digests from the commit on,
// then the bus's three leaf trees (E values) with the GKR's first layer, the table sumcheck's
// bound columns, Flock's columns and zerocheck tables (a and b go as the tables come), and the
// opening's written-out weight (3·S) with the witness's first fold (1.5·S), a GPU's host stack
// given back by then. Measured (prove vm --backend native --threads 2, /usr/bin/time -v): the
// Fibonacci example at 2^18, 2^20 and 2^22 cycles +5.6%, +4.5%, +4.4% (its peak is the bus's,
// the estimate's the opening's, which holds the execution's arrays or not); aggregates of 100
// and 20 signatures −0.9% and −11% (the runtime's share of a small job varies). The webgpu
// backend's device arrays are named but not measured.
import type { BackendName } from '../../backend/backend';
import { BLOCK_U32 } from '../../kernels/flock/layout';
import { PER_BLOCK } from '../../kernels/flock/materialize';
import { GPU_RUNTIME_BYTES, type MemoryEstimate, peakOf, PROCESS_BYTES, type StageMemory } from '../../backend/memory';
import { INITIAL_FOLDING_FACTOR } from '../../pcs/whir/config';
import { type VmShape, vmLayout } from '../layout';
import { leafLayout } from '../leaves';
import { BLAKE2S_TABLE } from '../tables/columns';
import { TABLE_SCHEMAS } from '../tables/schema';

/** The execution's arrays (the memory image, the rows, the counts) per memory cell: measured
 * ≈ 100 bytes from 2^18 to 2^22 cells. */
const EXECUTION_BYTES_PER_CELL = 100;


/** The rows a leaf tree of blocks uses from leaf 0. */
const usedRows = (blocks: readonly { offset: number; logRows: number }[]): number => blocks.reduce((n, b) => Math.max(n, b.offset + 2 ** b.logRows), 1);

/** The arrays (bytes) alive at each stage of a VM proof of `shape` at rate 2^−logInvRate, the
 * stack committed where it was built (a host backend) or copied to a device. */
function vmStages(shape: VmShape, logInvRate: number, device: boolean): StageMemory[] {
  const { stack } = vmLayout(shape);
  const s = 8 * stack.nLanes * 2 ** (stack.logN - INITIAL_FOLDING_FACTOR);
  const codeword = s * 2 ** logInvRate;
  const tree = 32 * (2 * 2 ** (stack.logN - INITIAL_FOLDING_FACTOR + logInvRate) - 1);
  const execution = EXECUTION_BYTES_PER_CELL * 2 ** shape.logMemory;
  const blocks = 2 ** shape.taus[BLAKE2S_TABLE];
  const column = 4 * BLOCK_U32 * blocks; // one of Flock's witness columns
  const flockTables = 3 * 24 * PER_BLOCK * blocks;
  const leaves = leafLayout(shape);
  // Push and pull share one layout; the trees are rounded up to whole groups of eight rows.
  const rounded = (n: number) => 8 * Math.ceil(n / 8);
  const leafBytes = 24 * (2 * rounded(usedRows(leaves.pull.blocks)) + rounded(usedRows(leaves.count.blocks)));
  // A table's first binding writes its columns as E values at half its rows (1.5 times its K words).
  const bound = TABLE_SCHEMAS.reduce((n, t, i) => n + 12 * 2 ** shape.taus[i] * t.columns.length, 0);
  const eq = 24 * 2 ** Math.max(Math.max(...shape.taus) - 1, 0);
  const running = { stack: s, execution, ...(device ? { 'stack copy': s } : {}), codeword, tree };
  return [
    { stage: 'witness', arrays: { stack: s, execution, 'flock columns': 3 * column } },
    { stage: 'commit', arrays: { ...running, 'flock columns': 3 * column } },
    { stage: 'bus', arrays: { ...running, 'flock columns': 3 * column, 'bus leaves': leafBytes, 'first GKR layer': leafBytes / 4 } },
    { stage: 'tables', arrays: { ...running, 'flock columns': 3 * column, 'bound columns': bound, 'eq table': eq } },
    { stage: 'flock', arrays: { ...running, 'column z': column, 'zerocheck tables': flockTables } },
    { stage: 'opening', arrays: { execution, [device ? 'stack copy' : 'stack']: s, codeword, tree, weight: 3 * s, 'first fold': 1.5 * s } },
  ];
}

/** Arrays of vmStages that live on the GPU with the webgpu backend (the VM kernels run on the host). */
const DEVICE_ARRAYS = new Set(['stack copy', 'codeword', 'tree', 'flock columns', 'column z', 'zerocheck tables', 'weight', 'first fold']);

/** The peak memory of a VM proof of `shape` at rate 2^−logInvRate on `backend`; `resident`
 * names what the caller's process holds beside it (the aggregation program, compiled). */
export function vmMemory(shape: VmShape, logInvRate: number, backend: BackendName, resident: Readonly<Record<string, number>> = {}): MemoryEstimate {
  const process = { process: PROCESS_BYTES, ...(backend === 'webgpu' ? { 'GPU runtime': GPU_RUNTIME_BYTES } : {}), ...resident };
  const device = backend === 'webgpu';
  return peakOf(vmStages(shape, logInvRate, device), process, device ? DEVICE_ARRAYS : undefined);
}
