// Flock's passes on a backend: the protocol's calls into its flock capability (Backend.flock),
// each the on-backend twin of a host kernel in src/kernels/flock/ that gives the same values.
import type { Backend, DeviceBuffer, ZerocheckTables } from '../backend/backend';
import type { BlockWeights, DoneWith, FlockColumns } from '../backend/flock-passes';
import { type E, eOne } from '../field/e';
import { eqPrefixSum, eqTableFast } from '../kernels/flock/eq-table';
import { checkPoint } from '../kernels/flock/fold-blocks';
import { entryWeights } from '../kernels/flock/materialize';
import type { PaddedTables } from '../kernels/flock/padded-tables';
import { finish, GROUP_COORDS, type SkipPassResult, weightPoint } from '../kernels/flock/skip-pass';

/**
 * The weights of a batch's blocks at the point r of the block bits (BlockWeights): eq(r, t) on
 * `backend` for each block t, and for the padding tail from block `live` on (its blocks are
 * copies of block `live`) their eq mass, 1 + Σ_{t < live} eq(r, t).
 */
export async function blockWeightsOn(backend: Backend, r: Uint32Array, live: number): Promise<BlockWeights> {
  let tail: E | null = null;
  if (live < 2 ** (r.length / 6)) {
    tail = eqPrefixSum(r, live);
    tail[0] ^= 1;
  }
  return { live, eq: await backend.eqTable(r, eOne()), tail };
}

/** foldBlocks (the same values) over the columns on `backend`, by its flock passes: a new E
 * buffer of 2^14 values there. */
export async function foldBlocksOn(backend: Backend, cols: FlockColumns, chiOut: Uint32Array): Promise<DeviceBuffer> {
  checkPoint(cols.nBlocksLog, chiOut);
  const blocks = await blockWeightsOn(backend, chiOut, cols.live);
  try {
    return await backend.flock.foldBlocks(cols, blocks);
  } finally {
    backend.free(blocks.eq);
  }
}

/** skipPass (the same values) over the columns on `backend`, by its flock passes. */
export async function skipPassOn(backend: Backend, cols: FlockColumns, r: Uint32Array): Promise<SkipPassResult> {
  const point = weightPoint(2 ** cols.nBlocksLog, cols.live, r);
  const lo = eqTableFast(point.subarray(0, 6 * GROUP_COORDS));
  const blocks = await blockWeightsOn(backend, point.subarray(6 * GROUP_COORDS), cols.live);
  try {
    return finish(await backend.flock.skipSums(cols, lo, blocks));
  } finally {
    backend.free(blocks.eq);
  }
}

/** The tables on the host at (z, χ_0) (FlockPasses.hostTables: made there where the passes make
 * them on the host, else written out where the columns are and read back). */
export function hostTablesOn(backend: Backend, cols: FlockColumns, z: E, chi0: E, doneWith?: DoneWith): Promise<PaddedTables> {
  return backend.flock.hostTables(cols, entryWeights(z, chi0), doneWith);
}

/** The same tables written out in full (2^vars values each) as E buffers of `backend`. */
export function deviceTables(backend: Backend, cols: FlockColumns, z: E, chi0: E, doneWith?: DoneWith): Promise<ZerocheckTables> {
  return backend.flock.zerocheckTables(cols, entryWeights(z, chi0), doneWith);
}
