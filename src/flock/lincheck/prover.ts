// The lincheck prover (PROTOCOL.md §9.4): the zerocheck's three claims on A·z, B·z and z at the
// quirky point are batched with powers of α (plus α³ times the constant wire, which must be 1)
// into one inner product Σ_j comb[j]·zv[j] over the 2^14 block positions: comb holds the
// column weights (A_0 + αB_0)ᵀe_row + α²e_row + α³[j = 512] and zv the committed bits folded
// over the blocks. Eight plain rounds bind the word bits of j, top bit first, and leave the 64
// bit-slice values s_i that ring switching binds to the commitment.
import type { Backend } from '../../backend/backend';
import { type E, eAdd, eMul } from '../../field/e';
import { eMulByTable, eMulTable } from '../../field/e-const';
import { foldPairs, roundSums } from '../../pcs/whir/bulk';
import type { ProverState } from '../../transcript/prover-state';
import { FlockError } from '../errors';
import { BLOCK_BITS, CONST_POS } from '../layout';
import { transposeWalk } from '../walk';
import type { TailOptions, ZerocheckClaim } from '../zerocheck/prover';
import { foldBlocks, foldBlocksOn } from './fold-blocks';
import { IN_VARS, rowWeights } from './row-weights';

/** What Flock leaves for ring switching: s_i = MLE(bit slice i of q_flock)(suffix), i < 64. */
export interface FlockClaim {
  /** χ'_in ‖ χ_out: m − 6 coordinates, the q_flock point */
  readonly suffix: Uint32Array;
  /** the 64 bit-slice values, packed */
  readonly s: Uint32Array;
}

/** The batched initial claim v_a + α·v_b + α²·v_c + α³. */
export function lincheckClaim(zc: ZerocheckClaim, alpha: E): E {
  const a2 = eMul(alpha, alpha);
  return eAdd(eAdd(zc.va, eMul(alpha, zc.vb)), eAdd(eMul(a2, zc.vc), eMul(a2, alpha)));
}

/** out[i] ^= r·v[i] for packed E arrays of equal length. */
function addScaled(out: Uint32Array, v: Uint32Array, r: E): void {
  const t = eMulTable(r), p = new Uint32Array(6);
  for (let i = 0; i < v.length; i += 6) {
    eMulByTable(t, p, 0, v, i);
    for (let k = 0; k < 6; k++) out[i + k] ^= p[k];
  }
}

/** Proves the lincheck for the committed column z after the zerocheck `zc`. */
export function proveLincheck(zc: ZerocheckClaim, z: Uint32Array, nBlocksLog: number, ps: ProverState, opts: TailOptions = {}): FlockClaim {
  const live = liveBlocks(zc, nBlocksLog, opts);
  return lincheckRounds(zc, foldBlocks(z, nBlocksLog, live, zc.chi.subarray(6 * IN_VARS)), ps);
}

/** proveLincheck (the same bytes) with the fold over the blocks on `backend` where it has it. */
export async function proveLincheckOn(backend: Backend, zc: ZerocheckClaim, z: Uint32Array, nBlocksLog: number, ps: ProverState, opts: TailOptions = {}): Promise<FlockClaim> {
  const live = liveBlocks(zc, nBlocksLog, opts);
  return lincheckRounds(zc, await foldBlocksOn(backend, z, nBlocksLog, live, zc.chi.subarray(6 * IN_VARS)), ps);
}

/** Checks the zerocheck point against the block count; returns the live blocks. */
function liveBlocks(zc: ZerocheckClaim, nBlocksLog: number, opts: TailOptions): number {
  if (zc.chi.length !== 6 * (IN_VARS + nBlocksLog)) throw new FlockError(`proveLincheck: the zerocheck point has ${zc.chi.length / 6} coordinates, expected ${IN_VARS + nBlocksLog}`);
  return opts.live ?? 2 ** nBlocksLog;
}

/** The rounds, given zv (the committed bits folded over the blocks at χ_out). */
function lincheckRounds(zc: ZerocheckClaim, zvIn: Uint32Array, ps: ProverState): FlockClaim {
  let zv = zvIn;
  const alpha = ps.sample();
  const chiIn = zc.chi.subarray(0, 6 * IN_VARS), chiOut = zc.chi.subarray(6 * IN_VARS);
  const eRow = rowWeights(zc.z, chiIn);
  const uB = new Uint32Array(eRow.length);
  addScaled(uB, eRow, alpha);
  let comb = transposeWalk(eRow, uB);
  const a2 = eMul(alpha, alpha);
  addScaled(comb, eRow, a2);
  const a3 = eMul(a2, alpha);
  for (let k = 0; k < 6; k++) comb[6 * CONST_POS + k] ^= a3[k];

  let claim = lincheckClaim(zc, alpha);
  const rounds = new Uint32Array(6 * IN_VARS);
  const coeffs = new Uint32Array(18);
  for (let round = 0, half = BLOCK_BITS / 2; round < IN_VARS; round++, half >>= 1) {
    // The top bit pairs i with i + half: one unit of the bulk round at stride half.
    const sums = roundSums(comb, 'E', zv, half);
    coeffs.set(sums.subarray(0, 6), 0);
    coeffs.set(sums.subarray(6, 12), 12);
    // h(0) + h(1) = c1 + c2 = claim.
    for (let k = 0; k < 6; k++) coeffs[6 + k] = claim[k] ^ coeffs[12 + k];
    ps.addRoundPoly(coeffs, false);
    const rho = ps.sample();
    rounds.set(rho, 6 * round);
    const c0 = coeffs.subarray(0, 6), c1 = coeffs.subarray(6, 12), c2 = coeffs.subarray(12, 18);
    claim = eAdd(c0, eMul(rho, eAdd(c1, eMul(rho, c2))));
    comb = foldPairs(comb, 'E', half, rho);
    zv = foldPairs(zv, 'E', half, rho);
  }
  const s = zv.slice(0, 6 * 64);
  ps.addScalars(s);
  return { suffix: lincheckSuffix(rounds, chiOut), s };
}

/** χ'_in ‖ χ_out, χ'_in being the round challenges reversed (the top bit was bound first). */
export function lincheckSuffix(rounds: Uint32Array, chiOut: Uint32Array): Uint32Array {
  const n = rounds.length / 6;
  const out = new Uint32Array(rounds.length + chiOut.length);
  for (let i = 0; i < n; i++) out.set(rounds.subarray(6 * (n - 1 - i), 6 * (n - i)), 6 * i);
  out.set(chiOut, rounds.length);
  return out;
}
