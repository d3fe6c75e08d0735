// The hash batch's memory model (src/backend/memory.ts): the arrays each stage holds, in
// units of q_flock (Q = 8·2^μ bytes, μ = 8 + log2 of the blocks). A host backend (cpu, native)
// commits z itself, the codeword beside it (2^ρ·Q at rate 2^−ρ) and its Merkle digests; the
// zerocheck's three E tables (1.5·Q each) replace columns a and b as they are made; the
// opening's weight (3·Q) and first fold of the witness (1.5·Q) sit beside z and the codeword,
// the weight's own folds in its storage. At rate 1/2 both peaks are 7.75·Q. WebGPU makes the
// columns on the device too, but its three zerocheck tables in one submission (a and b go only
// after), and folds into fresh buffers.
// Measured (prove hash --statement none, 2 threads, /usr/bin/time -v): within 1% from 2^17 to
// 2^20 on native, 1% on cpu at 2^18 (whose arrays V8 frees at the collections its pool asks for
// before a fresh allocation), 5% on webgpu over lavapipe at 2^12..2^14.
import type { BackendName } from '../../backend/backend';
import { qflockVars } from '../../kernels/flock/layout';
import { INITIAL_FOLDING_FACTOR } from '../../pcs/whir/config';
import { GPU_RUNTIME_BYTES, type MemoryEstimate, peakOf, PROCESS_BYTES, type StageMemory } from '../../backend/memory';
import { HASH_BATCH_LOG_INV_RATE } from './batch';

export interface HashBatchShape {
  /** Messages proved. */
  readonly n: number;
  /** log2 of the blocks (n padded to a power of two, at least 2^7). */
  readonly nBlocksLog: number;
  /** log2 of the commitment's inverse rate (default the hash batch's, 1). */
  readonly logInvRate?: number;
}

/** Bytes a message costs for the whole proof: its words, its compression's record and inputs
 * (measured: ≈ 0.45 KiB a message at 2^17 and 2^18). */
const PER_MESSAGE_BYTES = 460;

/** The arrays (bytes) alive at each stage of a hash-batch proof on `backend`. */
export function hashBatchStages(shape: HashBatchShape, backend: BackendName): StageMemory[] {
  const rate = shape.logInvRate ?? HASH_BATCH_LOG_INV_RATE;
  const mu = qflockVars(shape.nBlocksLog);
  const q = 8 * 2 ** mu;
  const codeword = q * 2 ** rate;
  const leaves = 2 ** (mu - INITIAL_FOLDING_FACTOR + rate);
  const tree = 32 * (2 * leaves - 1);
  const table = 24 * 2 ** (mu - 1); // a zerocheck table, and the witness's first fold
  const weight = 24 * 2 ** mu;
  const committed = { codeword, tree };
  if (backend !== 'webgpu') {
    return [
      { stage: 'witness', arrays: { 'columns z, a, b': 3 * q } },
      { stage: 'commit', arrays: { 'columns z, a, b': 3 * q, ...committed } },
      { stage: 'zerocheck', arrays: { 'column z': q, ...committed, 'zerocheck tables': 3 * table } },
      { stage: 'lincheck', arrays: { 'column z': q, ...committed } },
      { stage: 'opening', arrays: { 'column z': q, ...committed, weight, 'first fold': table } },
    ];
  }
  const columns = { 'columns z, a, b': 3 * q };
  return [
    { stage: 'witness', arrays: columns },
    { stage: 'commit', arrays: { ...columns, ...committed } },
    { stage: 'zerocheck', arrays: { ...columns, ...committed, 'zerocheck tables': 3 * table } },
    { stage: 'lincheck', arrays: { 'column z': q, ...committed } },
    { stage: 'opening', arrays: { 'column z': q, ...committed, weight, 'first folds': 2 * table } },
  ];
}

/** Arrays of hashBatchStages that live on the GPU with the webgpu backend: all of them. */
const DEVICE_ARRAYS = new Set(['columns z, a, b', 'column z', 'codeword', 'tree', 'zerocheck tables', 'weight', 'first folds']);


/** The peak memory of a hash-batch proof of `shape` on `backend`. */
export function hashBatchMemory(shape: HashBatchShape, backend: BackendName): MemoryEstimate {
  const process = {
    process: PROCESS_BYTES,
    ...(backend === 'webgpu' ? { 'GPU runtime': GPU_RUNTIME_BYTES } : {}),
    messages: PER_MESSAGE_BYTES * shape.n,
  };
  return peakOf(hashBatchStages(shape, backend), process, backend === 'webgpu' ? DEVICE_ARRAYS : undefined);
}
