// The WHIR opening prover (PROTOCOL.md §6.3): proves Σ_w weight(w)·witness(w) = target against
// a level-0 commitment. A running sumcheck of the product witness·weight binds the 6 lane
// variables, then the rest LSB-first; each level commits the folded table, answers an OOD
// sample, grinds, opens the previous oracle at sampled queries, and glues the new claims
// into the running one with powers of the level's λ. The last level sends its residual table
// in clear and finishes the sumcheck.
import { type E, eMulAt } from '../../field/e';
import { openMerkle } from '../../merkle/opening';
import type { Kind } from '../../poly/table';
import type { ProverState } from '../../transcript/prover-state';
import {
  addScaled, commitFoldedOracle, eqTableSeeded, foldPairs, mleAt, type Oracle, queryWeights, roundSums, rowsAt,
} from './bulk';
import { enforcedSum, evalRoundPoly, powers } from './claims';
import type { WhirCommitment } from './commit';
import { INITIAL_FOLDING_FACTOR, whirConfig } from './config';
import { WhirError } from './errors';

/** A claim introduced at a level and held until its λ is drawn. */
interface Pending {
  weight: Uint32Array;
  value: E;
  poly: Uint32Array;
}

/** The full round polynomial (c0, c1, c2) from its two sums, c1 = claim + c2. */
function roundPoly(sums: Uint32Array, claim: E): Uint32Array {
  const poly = new Uint32Array(18);
  poly.set(sums.subarray(0, 6), 0);
  poly.set(sums.subarray(6, 12), 12);
  for (let t = 0; t < 6; t++) poly[6 + t] = claim[t] ^ sums[6 + t];
  return poly;
}

/** The product sumcheck Σ f·b with its claim and the polynomial last sent for it. */
class RunningSumcheck {
  private poly: Uint32Array = new Uint32Array(18);

  constructor(public f: Uint32Array, private kind: Kind, private b: Uint32Array, private claim: E) {}

  /** Sends the round polynomial of the variable paired at `stride`. */
  send(ps: ProverState, stride: number): void {
    this.poly = roundPoly(roundSums(this.f, this.kind, this.b, stride), this.claim);
    ps.addRoundPoly(this.poly, false);
  }

  /** Binds the variable of the last sent polynomial at r. */
  fold(r: E, stride: number): void {
    this.claim = evalRoundPoly(this.poly, r);
    this.f = foldPairs(this.f, this.kind, stride, r);
    this.kind = 'E';
    this.b = foldPairs(this.b, 'E', stride, r);
  }

  /** Sends the intro polynomial of Σ f·weight = value over the lowest variable; held for glue. */
  introduce(ps: ProverState, weight: Uint32Array, value: E): Pending {
    const poly = roundPoly(roundSums(this.f, this.kind, weight, 1), value);
    ps.addRoundPoly(poly, false);
    return { weight, value, poly };
  }

  /** Adds the level's claims in order with λ, λ², …: weights, claims and polynomials alike. */
  glue(pending: readonly Pending[], lambda: E): void {
    const s = lambda.slice();
    const p = new Uint32Array(6);
    for (const c of pending) {
      addScaled(this.b, c.weight, s);
      eMulAt(p, 0, c.value, 0, s, 0);
      for (let t = 0; t < 6; t++) this.claim[t] ^= p[t];
      for (let o = 0; o < 18; o += 6) {
        eMulAt(p, 0, c.poly, o, s, 0);
        for (let t = 0; t < 6; t++) this.poly[o + t] ^= p[t];
      }
      eMulAt(s, 0, s, 0, lambda, 0);
    }
  }
}

/**
 * Proves Σ weight·witness = target for the commitment's witness. `weight` is an E table of the
 * witness's length (6 words a value) that must vanish on every index past the committed lanes
 * (the verifier evaluates its closed form over the whole cube). It is kept for the first fold.
 */
export function proveWhir(ps: ProverState, commitment: WhirCommitment, weight: Uint32Array, target: E): void {
  const { logN, witness } = commitment;
  const config = whirConfig(logN, commitment.logInvRate);
  if (weight.length !== 3 * witness.length) {
    throw new WhirError(`proveWhir: the weight needs one E value per committed word (${witness.length / 2}), got ${weight.length / 6}`);
  }
  ps.observeScalar(target);
  ps.observeRoot(commitment.root);

  const laneStride = 2 ** (logN - INITIAL_FOLDING_FACTOR);
  const sc = new RunningSumcheck(witness, 'K', weight, target.slice());
  sc.send(ps, laneStride);
  let levelFolds = new Uint32Array(6 * INITIAL_FOLDING_FACTOR);
  for (let j = 0; j < INITIAL_FOLDING_FACTOR; j++) {
    const r = ps.sample();
    sc.fold(r, laneStride);
    sc.send(ps, j + 1 < INITIAL_FOLDING_FACTOR ? laneStride : 1);
    levelFolds.set(r, 6 * j);
  }

  let oracle: Oracle = commitment.oracle;
  config.levels.forEach((level, i) => {
    if (i > 0) {
      levelFolds = new Uint32Array(6 * level.fold);
      for (let j = 0; j < level.fold; j++) {
        const r = ps.sample();
        sc.fold(r, 1);
        sc.send(ps, 1);
        levelFolds.set(r, 6 * j);
      }
    }
    const last = i === config.levels.length - 1;
    const pending: Pending[] = [];
    let next: Oracle | null = null;
    if (last) {
      ps.addScalars(sc.f);
    } else {
      const following = config.levels[i + 1];
      next = commitFoldedOracle(sc.f, following.fold, following.logInvRate);
      ps.addRoot(next.root);
      for (let o = 0; o < following.oodSamples; o++) {
        const z = ps.sampleVec(level.logMsgCols);
        const y = mleAt(sc.f, z);
        ps.addScalar(y);
        pending.push(sc.introduce(ps, eqTableSeeded(z), y));
      }
    }
    ps.grind(level.grindingBits);
    const queries = ps.sampleQueries(level.logBlockLen, level.queries);
    const lambda = ps.sample();
    ps.addMerklePhase(openMerkle(oracle.tree, oracle.codeword, oracle.rowWords, queries));
    const coeffs = powers(lambda, queries.length);
    const sum = enforcedSum(rowsAt(oracle, queries), i === 0 ? 'K' : 'E', eqTableSeeded(levelFolds), coeffs, i === 0);
    pending.push(sc.introduce(ps, queryWeights(queries, coeffs, level.logMsgCols, level.logInvRate), sum));
    sc.glue(pending, lambda);

    if (last) {
      // The residual's rounds; the last one's polynomial is never sent (the verifier closes
      // on the residual table instead), so its challenge is only drawn.
      for (let j = 0; j < config.residualVars; j++) {
        const r = ps.sample();
        if (j + 1 < config.residualVars) {
          sc.fold(r, 1);
          sc.send(ps, 1);
        }
      }
    } else {
      oracle = next as Oracle;
    }
  });
}
