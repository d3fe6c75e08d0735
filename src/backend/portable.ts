// The portable versions of the Backend's composite methods, from its required ones: a backend
// that has no kernel of its own for an eq table added in place, a fold-and-round, the lane rounds, a zerocheck step,
// grinding, the host's zerocheck tables or a traffic meter gets these once, when it is made (completeBackend), so protocol code calls
// every method of the record and never asks whether a backend has one.
import { type E, eOne } from '../field/e';
import { laneCombine, laneDots } from '../poly/bulk';
import { smallestNonce } from '../transcript/pow';
import type { Backend, DeviceBuffer, FoldedRound, Spend, ZerocheckStep, ZerocheckTables } from './backend';
import type { FlockPasses } from './flock-passes';
import { combOf } from '../kernels/flock/comb';

type Composite = 'addEq' | 'foldRound' | 'laneDots' | 'laneCombine' | 'zerocheckStep' | 'smallestNonce' | 'traffic';

/** A backend's Flock passes as its factory writes them; completeBackend fills in the rest. */
export type FlockParts = Omit<FlockPasses, 'hostTables' | 'comb'> & Partial<Pick<FlockPasses, 'hostTables' | 'comb'>>;

/** What a backend's factory writes; completeBackend fills in the rest. */
export type BackendParts = Omit<Backend, Composite | 'flock'> &
  Partial<Pick<Backend, Composite>> & {
    readonly flock: FlockParts;
  };

/** The backend with every composite method: its own where it has one, else the portable one. */
export function completeBackend(parts: BackendParts): Backend {
  const backend: Backend = {
    ...parts,
    addEq: parts.addEq ?? ((acc, point, seed, at, stride, tables) => addEq(backend, acc, point, seed, at, stride, tables)),
    foldRound: parts.foldRound ?? ((f, b, stride, r, nextStride, spend) => foldRound(backend, f, b, stride, r, nextStride, spend)),
    // On the host's words (a backend whose stackWeight is 'table' keeps the weight written out
    // and calls neither).
    laneDots: parts.laneDots ?? (async (f, laneWords, v, at, stride) => laneDots(await backend.download(f), laneWords, await backend.download(v), at, stride)),
    laneCombine: parts.laneCombine ?? (async (f, laneWords, coeffs) => backend.upload('E', laneCombine(await backend.download(f), laneWords, coeffs))),
    zerocheckStep: parts.zerocheckStep ?? ((tables, chi, point) => zerocheckStep(backend, tables, chi, point)),
    // The host's search: the same smallest nonce (src/transcript/pow.ts).
    smallestNonce: parts.smallestNonce ?? (async (base, bits) => smallestNonce(base, bits)),
    // A host backend moves nothing to a device: its meter stays at 0.
    traffic: parts.traffic ?? (() => ({ uploadBytes: 0, readBytes: 0, submits: 0, waits: 0 })),
    flock: {
      ...parts.flock,
      // The TypeScript walk (src/kernels/flock/comb.ts), the reference.
      comb: parts.flock.comb ?? combOf,
      hostTables: parts.flock.hostTables ?? (async (cols, weights, doneWith) => {
        // The tables written out in full where the columns are, read back.
        const bufs = await backend.flock.zerocheckTables(cols, weights, doneWith);
        try {
          const words = await Promise.all(bufs.map((buf) => backend.download(buf)));
          const vars = Math.log2(bufs[0].length);
          return { tables: words.map((head) => ({ head, pad: new Uint32Array(6) })), shape: { vars, head: 2 ** vars, period: 1 } };
        } finally {
          for (const buf of bufs) backend.free(buf);
        }
      }),
    },
  };
  return backend;
}

/** addEq as the table written out, mapped, added and freed. */
async function addEq(backend: Backend, acc: DeviceBuffer, point: Uint32Array, seed: E, at = 0, stride = 1, tables?: Uint32Array): Promise<void> {
  const eq = await backend.eqTable(point, seed);
  try {
    if (tables !== undefined) await backend.mapByTables(eq, tables);
    await backend.addScaled(acc, eq, at, undefined, stride);
  } finally {
    backend.free(eq);
  }
}

/** foldRound as two folds and a round. */
async function foldRound(backend: Backend, f: DeviceBuffer, b: DeviceBuffer, stride: number, r: E, nextStride: number, spend: Spend = {}): Promise<FoldedRound> {
  const folded = await backend.fold(f, stride, r, spend.f ?? false);
  const foldedB = await backend.fold(b, stride, r, spend.b ?? false);
  return { f: folded, b: foldedB, sums: await backend.roundSums(folded, foldedB, nextStride) };
}

/** New buffers of the tables with their lowest variable bound at chi. */
export async function bindTables(backend: Backend, tables: ZerocheckTables, chi: E): Promise<ZerocheckTables> {
  const [a, b, c] = await Promise.all(tables.map((buf) => backend.fold(buf, 1, chi)));
  return [a, b, c];
}

/** Frees `old` unless it is `next`; returns `next`. */
export function spendTables(backend: Backend, old: ZerocheckTables, next: ZerocheckTables): ZerocheckTables {
  if (next !== old) for (const buf of old) backend.free(buf);
  return next;
}

/** zerocheckStep from fold, eqTable and zerocheckSums. */
async function zerocheckStep(backend: Backend, tables: ZerocheckTables, chi: E | null, point: Uint32Array): Promise<ZerocheckStep> {
  const bound = chi === null ? tables : await bindTables(backend, tables, chi);
  try {
    const eq = await backend.eqTable(point, eOne());
    try {
      return { sums: await backend.zerocheckSums(bound[0], bound[1], bound[2], eq), tables: spendTables(backend, tables, bound) };
    } finally {
      backend.free(eq);
    }
  } catch (e) {
    if (bound !== tables) for (const buf of bound) backend.free(buf);
    throw e;
  }
}
