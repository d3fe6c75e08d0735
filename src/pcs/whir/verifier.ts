// The WHIR opening verifier (docs/protocol.md §6.4): replays the prover's transcript, keeping the
// running claim and round polynomial, authenticates every level's Merkle phase, checks every
// level's grinding, and closes on one evaluation of every glued weight at the terminal point:
// the initial weight at the point with its 6 lane coordinates rotated to the end, each OOD
// claim's eq and each query batch's closed form at the coordinates bound after it was made.
import { type E, eAdd, eEq, eMul } from '../../field/e';
import { MerkleError } from '../../merkle/errors';
import { verifyMerkle } from '../../merkle/opening';
import { STACK_LEAF_WORDS } from '../../ntt/encode';
import { eqEval, eqTable } from '../../poly/eq';
import { mleEval } from '../../poly/mle';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import { enforcedSum, evalRoundPoly, powers, queryWeightAt } from './claims';
import { INITIAL_FOLDING_FACTOR, whirConfig } from './config';
import { ShapeError } from '../../util/errors';

/** What the verifier holds of an opening: the commitment's shape and root, and the claim. */
export interface WhirClaim {
  readonly logN: number;
  readonly logInvRate: number;
  /** Level-0 lanes the commitment stores (1..64): the width of its opened rows. */
  readonly nLanes: number;
  readonly root: Uint8Array;
  readonly target: E;
  /** MLE of the initial weight at a point of logN coordinates (packed). */
  readonly weightAt: (point: Uint32Array) => E;
}

/** A claim glued into the running one: its λ power, and its weight at the coordinates bound after it. */
interface Glued {
  scale: E;
  foldStart: number;
  weightAt: (point: Uint32Array) => E;
}

/** Coordinates as one packed point. */
function pack(coords: readonly Uint32Array[]): Uint32Array {
  const out = new Uint32Array(6 * coords.length);
  coords.forEach((c, k) => out.set(c, 6 * k));
  return out;
}

/** The level's Merkle phase, authenticated; the full leaf image of each query, in query order. */
function openRows(
  vs: VerifierState, level: number, root: Uint8Array, blockLen: number, queries: number[], rowWords: number, leafWords: number,
): Uint32Array[] {
  try {
    const openings = verifyMerkle(vs.nextMerklePhase(), root, blockLen, queries, rowWords, leafWords);
    for (const o of openings) vs.rawOpenings?.push(o);
    vs.openedPhases?.push({ root, nLeaves: blockLen, queries, rowWords, leafWords, openings });
    return openings.map((o) => o.leafData);
  } catch (e) {
    if (e instanceof MerkleError) throw new VerificationError(`WHIR level ${level}: ${e.message}`);
    throw e;
  }
}

/** Verifies one opening; throws VerificationError naming the failed check. The caller
 * checks afterwards that the proof was fully consumed (VerifierState.finish). */
export function verifyWhir(vs: VerifierState, claim: WhirClaim): void {
  const { logN, nLanes } = claim;
  const config = whirConfig(logN, claim.logInvRate);
  if (!Number.isInteger(nLanes) || nLanes < 1 || nLanes > STACK_LEAF_WORDS) {
    throw new ShapeError(`verifyWhir: a commitment has 1 to ${STACK_LEAF_WORDS} lanes, got ${nLanes}`);
  }
  vs.observeScalar(claim.target);
  vs.observeRoot(claim.root);
  let running: E = claim.target.slice();
  let poly = vs.nextRoundPoly(3, running, null);
  const folds: Uint32Array[] = [];
  const glued: Glued[] = [];
  let root = claim.root;

  const bind = (): E => {
    const r = vs.sample();
    running = evalRoundPoly(poly, r);
    return r;
  };

  for (let i = 0; i < config.levels.length; i++) {
    const level = config.levels[i];
    const levelFolds: Uint32Array[] = [];
    for (let j = 0; j < level.fold; j++) {
      levelFolds.push(bind());
      poly = vs.nextRoundPoly(3, running, null);
    }
    folds.push(...levelFolds);
    const m = level.logMsgCols;
    const last = i === config.levels.length - 1;
    const pending: { value: E; poly: Uint32Array; weightAt: (point: Uint32Array) => E }[] = [];
    let residual: Uint32Array = new Uint32Array(0);
    let nextRoot = root;
    if (last) {
      residual = vs.nextScalars(config.residualLen);
    } else {
      nextRoot = vs.nextRoot();
      for (let o = 0; o < config.levels[i + 1].oodSamples; o++) {
        const z = vs.sampleVec(m);
        const y = vs.nextScalar();
        pending.push({ value: y, poly: vs.nextRoundPoly(3, y, null), weightAt: (p) => eqEval(z, p) });
      }
    }
    vs.verifyGrind(level.grindingBits);
    const queries = vs.sampleQueries(level.logBlockLen, level.queries);
    const lambda = vs.sample();
    const rowWords = i === 0 ? nLanes : 3 << level.fold;
    const leafWords = i === 0 ? STACK_LEAF_WORDS : rowWords;
    const rows = openRows(vs, i, root, level.blockLen, queries, rowWords, leafWords);
    const coeffs = powers(lambda, queries.length);
    const sum = enforcedSum(rows, i === 0 ? 'K' : 'E', eqTable(pack(levelFolds)), coeffs, i === 0);
    pending.push({ value: sum, poly: vs.nextRoundPoly(3, sum, null), weightAt: (p) => queryWeightAt(queries, coeffs, p) });

    let scale = lambda;
    for (const c of pending) {
      for (let o = 0; o < 18; o += 6) poly.set(eAdd(poly.subarray(o, o + 6), eMul(scale, c.poly.subarray(o, o + 6))), o);
      running = eAdd(running, eMul(scale, c.value));
      glued.push({ scale, foldStart: folds.length, weightAt: c.weightAt });
      scale = eMul(scale, lambda);
    }

    if (last) {
      const tail: Uint32Array[] = [];
      for (let j = 0; j < m; j++) {
        tail.push(bind());
        if (j + 1 < m) poly = vs.nextRoundPoly(3, running, null);
      }
      const point = [...folds, ...tail];
      let weight = claim.weightAt(pack([...point.slice(INITIAL_FOLDING_FACTOR), ...point.slice(0, INITIAL_FOLDING_FACTOR)]));
      for (const g of glued) weight = eAdd(weight, eMul(g.scale, g.weightAt(pack(point.slice(g.foldStart)))));
      if (!eEq(eMul(weight, mleEval(residual, 'E', pack(tail))), running)) {
        throw new VerificationError('WHIR terminal check failed: weight · residual(tail) differs from the running claim');
      }
      return;
    }
    root = nextRoot;
  }
}
