// The lincheck prover (docs/protocol.md §9.4): the zerocheck's three claims on A·z, B·z and z at the
// quirky point are batched with powers of α (plus α³ times the constant wire, which must be 1)
// into one inner product Σ_j comb[j]·zv[j] over the 2^14 block positions: comb holds the
// column weights (A_0 + αB_0)ᵀe_row + α²e_row + α³[j = 512] and zv the committed bits folded
// over the blocks. Eight plain rounds bind the word bits of j, top bit first, and leave the 64
// bit-slice values s_i that ring switching binds to the commitment.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import type { FlockColumns } from '../../backend/flock-passes';
import type { E } from '../../field/e';
import { foldPairs, roundSums } from '../../poly/bulk';
import { evalRoundPoly, roundPoly } from '../../pcs/whir/claims';
import type { ProverState } from '../../transcript/prover-state';
import { ShapeError } from '../../util/errors';
import { BLOCK_BITS } from '../../kernels/flock/layout';
import { combOf } from '../../kernels/flock/comb';
import type { ZerocheckClaim } from '../zerocheck/claim';
import type { TailOptions } from '../zerocheck/prover';
import { foldBlocks } from '../../kernels/flock/fold-blocks';
import { foldBlocksOn } from '../passes';
import { IN_VARS, rowWeights } from './row-weights';
import { rowWeightsOn } from './row-weights-on';
import { type FlockClaim, lincheckClaim, lincheckSuffix } from './claim';

/** Proves the lincheck for the committed column z after the zerocheck `zc`. */
export function proveLincheck(zc: ZerocheckClaim, z: Uint32Array, nBlocksLog: number, ps: ProverState, opts: TailOptions = {}): FlockClaim {
  checkPoint(zc, nBlocksLog);
  const zv = foldBlocks(z, nBlocksLog, opts.live ?? 2 ** nBlocksLog, zc.chi.subarray(6 * IN_VARS));
  const alpha = ps.sample();
  return roundsOnHost(openRounds(zc, alpha, combOf(rowWeights(zc.z, zc.chi.subarray(0, 6 * IN_VARS)), alpha)), zv, ps);
}

/**
 * proveLincheck (the same bytes) for the columns on `backend`: the fold over the blocks by its
 * flock passes, and the rounds there too, a round's fold fused with the next round's sums
 * (foldRound).
 */
export async function proveLincheckOn(backend: Backend, zc: ZerocheckClaim, cols: FlockColumns, ps: ProverState): Promise<FlockClaim> {
  checkPoint(zc, cols.nBlocksLog);
  const zv = await foldBlocksOn(backend, cols, zc.chi.subarray(6 * IN_VARS));
  let e: Uint32Array;
  try {
    e = await rowWeightsOn(backend, zc.z, zc.chi.subarray(0, 6 * IN_VARS));
  } catch (err) {
    backend.free(zv);
    throw err;
  }
  const alpha = ps.sample();
  return roundsOn(backend, openRounds(zc, alpha, backend.flock.comb(e, alpha)), zv, ps);
}

/** Checks the zerocheck point against the block count. */
function checkPoint(zc: ZerocheckClaim, nBlocksLog: number): void {
  if (zc.chi.length !== 6 * (IN_VARS + nBlocksLog)) throw new ShapeError(`proveLincheck: the zerocheck point has ${zc.chi.length / 6} coordinates, expected ${IN_VARS + nBlocksLog}`);
}

/** The rounds on the host, given zv (the committed bits folded over the blocks at χ_out). */
function roundsOnHost(run: Rounds, zvIn: Uint32Array, ps: ProverState): FlockClaim {
  let { comb } = run;
  let zv = zvIn;
  for (let round = 0, half = BLOCK_BITS / 2; round < IN_VARS; round++, half >>= 1) {
    // The top bit pairs i with i + half: one unit of the bulk round at stride half.
    const rho = sendRound(run, round, roundSums(comb, 'E', zv, half), ps);
    comb = foldPairs(comb, 'E', half, rho);
    zv = foldPairs(zv, 'E', half, rho);
  }
  return closeRounds(run, zv, ps);
}

/** roundsOnHost (the same bytes) on `backend`, zv a buffer there: one pass a round. */
async function roundsOn(backend: Backend, run: Rounds, zvIn: DeviceBuffer, ps: ProverState): Promise<FlockClaim> {
  let zv = zvIn;
  let comb: DeviceBuffer;
  try {
    comb = await backend.upload('E', run.comb);
  } catch (e) {
    backend.free(zv);
    throw e;
  }
  try {
    let sums = await backend.roundSums(comb, zv, BLOCK_BITS / 2);
    for (let round = 0, half = BLOCK_BITS / 2; round < IN_VARS; round++, half >>= 1) {
      const rho = sendRound(run, round, sums, ps);
      if (round + 1 === IN_VARS) {
        // The last fold leaves the 64 slice values; no round follows to sum.
        const s = await backend.fold(zv, half, rho);
        backend.free(zv);
        zv = s;
        break;
      }
      const next = await backend.foldRound(comb, zv, half, rho, half / 2);
      backend.free(comb);
      backend.free(zv);
      [comb, zv, sums] = [next.f, next.b, next.sums];
    }
    return closeRounds(run, await backend.download(zv), ps);
  } finally {
    backend.free(comb);
    backend.free(zv);
  }
}

/** The lincheck between its rounds: comb at the start, the running claim, the challenges. */
interface Rounds {
  readonly comb: Uint32Array;
  readonly chiOut: Uint32Array;
  readonly rounds: Uint32Array;
  claim: E;
}

/** The rounds' start at α (sampled by the caller) with comb, the batched column weights. */
function openRounds(zc: ZerocheckClaim, alpha: E, comb: Uint32Array): Rounds {
  return { comb, chiOut: zc.chi.subarray(6 * IN_VARS), rounds: new Uint32Array(6 * IN_VARS), claim: lincheckClaim(zc, alpha) };
}

/** Sends round `round` from its bulk sums (c0, then c2), samples ρ and moves the claim to h(ρ). */
function sendRound(run: Rounds, round: number, sums: Uint32Array, ps: ProverState): E {
  const poly = roundPoly(sums, run.claim);
  ps.addRoundPoly(poly, false);
  const rho = ps.sample();
  run.rounds.set(rho, 6 * round);
  run.claim = evalRoundPoly(poly, rho);
  return rho;
}

/** Sends the 64 bit-slice values (zv after the rounds) and the point they are at. */
function closeRounds(run: Rounds, zv: Uint32Array, ps: ProverState): FlockClaim {
  const s = zv.slice(0, 6 * 64);
  ps.addScalars(s);
  return { suffix: lincheckSuffix(run.rounds, run.chiOut), s };
}
