// The zerocheck prover (docs/protocol.md §9.3): a·b + c = 0 on every bit position of the batch,
// reduced to claims v_a, v_b, v_c on the quirky extensions of a, b, c at one point (z, χ).
import type { Backend, ZerocheckTables } from '../../backend/backend';
import type { DoneWith, FlockColumns } from '../../backend/flock-passes';
import { type E, eAdd, eInv, eMul, eMulAt } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import { ShapeError } from '../../util/errors';
import { K_LOG } from '../../kernels/flock/layout';
import { interpolateSkip } from '../../kernels/flock/skip-domain';
import { equalityPoint } from '../../kernels/flock/challenges';
import { materialize, tableShape } from '../../kernels/flock/materialize';
import { deviceTables, hostTablesOn, skipPassOn } from '../passes';
import { bindTables, spendTables } from '../../backend/portable';
import { type PaddedShape, type PaddedTable, type PairTerms, eqWeightedSums, finalValue, foldPadded } from '../../kernels/flock/padded-tables';
import { type SkipPassResult, type ZerocheckColumns, skipPass } from '../../kernels/flock/skip-pass';
import type { ZerocheckClaim } from './claim';

/** Where the batch's identical padding tail starts. */
export interface TailOptions {
  /** Blocks from this one on are all copies of it and are summed once (default: every block is live). */
  live?: number;
}

/**
 * Sends one eq-factored round from G(1) and G(∞) (G(0) follows from the claim:
 * (1 + r)·G(0) + r·G(1) = claim), samples χ and returns [G(χ), χ].
 */
export function sendEqRound(ps: ProverState, claim: E, r: E, g1: E, gInf: E): [E, E] {
  const rPlus1 = r.slice();
  rPlus1[0] ^= 1;
  const g0 = eMul(eAdd(claim, eMul(r, g1)), eInv(rPlus1));
  const c1 = eAdd(eAdd(g0, g1), gInf);
  const coeffs = new Uint32Array(18);
  coeffs.set(g0, 0);
  coeffs.set(c1, 6);
  coeffs.set(gInf, 12);
  ps.addRoundPoly(coeffs, true);
  const chi = ps.sample();
  return [eAdd(g0, eMul(chi, eAdd(c1, eMul(chi, gInf)))), chi];
}

/** Proves the zerocheck for 2^nBlocksLog blocks of packed columns (a = A·z, b = B·z, c = z). */
export function proveZerocheck(cols: ZerocheckColumns, nBlocksLog: number, ps: ProverState, opts: TailOptions = {}): ZerocheckClaim {
  const run = openRounds(cols, nBlocksLog, ps, opts);
  return closeRounds(run, ps);
}

/**
 * The same proof (the same bytes) over the columns on `backend`: the skip pass and the first
 * tables by its flock passes, then the multilinear rounds there when its zerocheckRounds is
 * 'device', while the tables hold at least backend.host.below values; the rest on the host.
 * doneWith gets columns a and b once their tables are made (FlockPasses.zerocheckTables).
 */
export async function proveZerocheckOn(backend: Backend, cols: FlockColumns, ps: ProverState, doneWith?: DoneWith): Promise<ZerocheckClaim> {
  const o = beginRounds(cols.nBlocksLog, ps, { live: cols.live });
  const first = sendSkipRounds(o, ps, await skipPassOn(backend, cols, o.r));
  const chi0 = first.chi.subarray(0, 6);
  const run: RoundState = { ...first, tables: [], shape: tableShape(o.blocks, o.live) };
  const onDevice = (): boolean => backend.zerocheckRounds === 'device' && run.i < run.vars && 2 ** run.shape.vars >= Math.max(backend.host.below, 2);
  if (!onDevice()) {
    // The host's tables from the backend's pool where it keeps one, and back to it after.
    const host = await hostTablesOn(backend, cols, first.z, chi0, doneWith);
    try {
      return closeRounds({ ...run, ...host }, ps);
    } finally {
      host.release?.();
    }
  }
  // The device holds full tables: the tail written out, so every pair is an ordinary one.
  // A round binds the previous round's χ first, so a fused step does both in one pass.
  const [a, b, c] = await deviceTables(backend, cols, first.z, chi0, doneWith);
  let bufs: ZerocheckTables = [a, b, c];
  let chi: E | null = null;
  try {
    for (; onDevice(); run.i++) {
      const round = await backend.zerocheckStep(bufs, chi, run.r.subarray(6 * (run.i + 1)));
      bufs = round.tables;
      chi = sendRound(run, ps, round.sums);
      run.shape = { vars: run.shape.vars - 1, head: 2 ** (run.shape.vars - 1), period: 1 };
    }
    if (chi !== null) bufs = spendTables(backend, bufs, await bindTables(backend, bufs, chi));
    const words = await Promise.all(bufs.map((buf) => backend.download(buf)));
    run.tables = words.map((head) => ({ head, pad: new Uint32Array(6) }));
  } finally {
    for (const buf of bufs) backend.free(buf);
  }
  return closeRounds(run, ps);
}

/** A zerocheck between its multilinear rounds: round i is next. */
interface RoundState {
  readonly r: Uint32Array;
  readonly z: E;
  readonly chi: Uint32Array;
  readonly vars: number;
  claim: E;
  i: number;
  tables: PaddedTable[];
  shape: PaddedShape;
}

/** The point and shape of a zerocheck whose round 1 is next. */
interface Start {
  readonly r: Uint32Array;
  readonly blocks: number;
  readonly live: number;
  readonly vars: number;
}

/** Round 1 (the univariate skip) and the first multilinear round, then the E tables. */
function openRounds(cols: ZerocheckColumns, nBlocksLog: number, ps: ProverState, opts: TailOptions): RoundState {
  const o = beginRounds(nBlocksLog, ps, opts);
  const first = sendSkipRounds(o, ps, skipPass(cols, o.blocks, o.live, o.r));
  return { ...first, ...materialize(cols, o.blocks, o.live, first.z, first.chi.subarray(0, 6)) };
}

/** Checks the tail and samples the equality point. */
function beginRounds(nBlocksLog: number, ps: ProverState, opts: TailOptions): Start {
  const blocks = 2 ** nBlocksLog;
  const live = opts.live ?? blocks;
  if (!Number.isInteger(live) || live < 0 || live > blocks) throw new ShapeError(`proveZerocheck: live blocks ${live} outside 0..${blocks}`);
  const m = K_LOG + nBlocksLog;
  return { r: equalityPoint(ps, m), blocks, live, vars: m - 6 };
}

/** Round 1 and the first multilinear round from the skip pass (GF(2^8) data); χ_0 is chi's first. */
function sendSkipRounds(o: Start, ps: ProverState, pass: SkipPassResult): Omit<RoundState, 'tables' | 'shape'> {
  ps.addScalars(pass.round1);
  const z = ps.sample();
  const chi = new Uint32Array(6 * o.vars);
  const [claim, chi0] = sendEqRound(ps, interpolateSkip(z, null, pass.round1), o.r.subarray(0, 6), interpolateSkip(z, null, pass.q1), interpolateSkip(z, pass.qInfS, pass.qInfL));
  chi.set(chi0, 0);
  return { r: o.r, z, chi, vars: o.vars, claim, i: 1 };
}

/** Sends round i from its sums (G(1), G(∞)); returns χ_i. */
function sendRound(run: RoundState, ps: ProverState, sums: Uint32Array): E {
  const [claim, chiI] = sendEqRound(ps, run.claim, run.r.subarray(6 * run.i, 6 * run.i + 6), sums.subarray(0, 6), sums.subarray(6, 12));
  run.claim = claim;
  run.chi.set(chiI, 6 * run.i);
  return chiI;
}

/** The remaining rounds on the host, then the final claims. */
function closeRounds(run: RoundState, ps: ProverState): ZerocheckClaim {
  for (; run.i < run.vars; run.i++) {
    const sums = eqWeightedSums(run.shape, run.r.subarray(6 * (run.i + 1)), 2, roundTerms(run.tables, run.shape));
    run.shape = foldPadded(run.tables, run.shape, sendRound(run, ps, sums));
  }
  const va = finalValue(run.tables[0], run.shape), vb = finalValue(run.tables[1], run.shape);
  ps.addScalar(va);
  ps.addScalar(vb);
  return { z: run.z, chi: run.chi, va, vb, vc: eAdd(run.claim, eMul(va, vb)) };
}

const SA = new Uint32Array(6), SB = new Uint32Array(6);

/**
 * Per pair (entries 2x, 2x + 1) of â, b̂, ĉ: G(1)'s term a1·b1 + c1 and G(∞)'s (a0 + a1)(b0 + b1),
 * 12 words per pair. A head pair past the head (P = 1, odd H) takes the pad value as partner.
 */
function roundTerms(tables: readonly PaddedTable[], shape: PaddedShape): PairTerms {
  const [ta, tb, tc] = tables;
  return (x0, count, buf) => {
    const pad = x0 < 0;
    const A = pad ? ta.pad : ta.head, B = pad ? tb.pad : tb.head, C = pad ? tc.pad : tc.head;
    const len = pad ? shape.period : shape.head;
    for (let x = 0; x < count; x++) {
      const j0 = 2 * (pad ? x : x0 + x), j1 = j0 + 1, o = 12 * x;
      const inside = j1 < len;
      const A1 = inside ? A : ta.pad, B1 = inside ? B : tb.pad, C1 = inside ? C : tc.pad, i1 = inside ? 6 * j1 : 0, i0 = 6 * j0;
      eMulAt(buf, o, A1, i1, B1, i1);
      for (let t = 0; t < 6; t++) {
        buf[o + t] ^= C1[i1 + t];
        SA[t] = A[i0 + t] ^ A1[i1 + t];
        SB[t] = B[i0 + t] ^ B1[i1 + t];
      }
      eMulAt(buf, o + 6, SA, 0, SB, 0);
    }
  };
}
