// The WHIR opening prover (docs/protocol.md §6.3): proves Σ_w weight(w)·witness(w) = target against
// a level-0 commitment. A running sumcheck of the product witness·weight binds the 6 lane
// variables, then the rest LSB-first; each level commits the folded table, answers an OOD
// sample, grinds, opens the previous oracle at sampled queries, and glues the new claims
// into the running one with powers of the level's λ. The last level sends its residual table
// in clear and finishes the sumcheck.
//
// The bulk work runs on the commitment's backend through the Backend seam; only round sums,
// roots, OOD answers, opened rows and the residual come back. Once the running tables are
// smaller than the backend's host.below, they move to its host backend for the rest.
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eMulAt, eOne } from '../../field/e';
import type { MerklePhase } from '../../transcript/proof';
import type { ProverState } from '../../transcript/prover-state';
import { eqTableSeeded } from '../../poly/bulk';
import { enforcedSum, evalRoundPoly, powers, roundPoly } from './claims';
import { commitFolded, freeOracle, type Oracle, type WhirCommitment } from './commit';
import { INITIAL_FOLDING_FACTOR, whirConfig } from './config';
import { type LaneWeight, laneRounds } from './lanes';
import { ShapeError } from '../../util/errors';

/** A claim introduced at a level and held until its λ is drawn. */
interface Pending {
  weight: DeviceBuffer;
  value: E;
  poly: Uint32Array;
}

/** The opened rows in query order (duplicates repeated): a phase holds the distinct ones, ascending. */
function rowsInQueryOrder(phase: MerklePhase, queries: readonly number[]): Uint32Array[] {
  const sorted = [...new Set(queries)].sort((a, b) => a - b);
  const row = new Map(sorted.map((q, i) => [q, phase.leafData[i]]));
  return queries.map((q) => row.get(q) as Uint32Array);
}

/** The product sumcheck Σ f·b with its claim and the polynomial last sent for it. */
class RunningSumcheck {
  constructor(
    public backend: Backend,
    public f: DeviceBuffer,
    private b: DeviceBuffer,
    private claim: E,
    /** False while f is the commitment's witness, which outlives the opening. */
    private ownsF: boolean,
    /** The polynomial last sent. */
    private poly: Uint32Array = new Uint32Array(18),
  ) {}

  /** Sends the round polynomial of the variable paired at `stride`. */
  async send(ps: ProverState, stride: number): Promise<void> {
    this.poly = roundPoly(await this.backend.roundSums(this.f, this.b, stride), this.claim);
    ps.addRoundPoly(this.poly, false);
  }

  /** Binds the variable of the last sent polynomial at r, then sends the next round's, whose
   * variable is paired at nextStride (in one pass where the backend has foldRound). */
  async foldAndSend(ps: ProverState, r: E, stride: number, nextStride: number): Promise<void> {
    this.claim = evalRoundPoly(this.poly, r);
    const { backend } = this;
    // The tables it owns are spent: a backend may fold them into their own storage (the first
    // fold of a 2^28-word witness would otherwise hold its 6 GiB weight and two 3 GiB folds).
    const next = await backend.foldRound(this.f, this.b, stride, r, nextStride, { f: this.ownsF, b: true });
    [this.f, this.b, this.ownsF] = [next.f, next.b, true];
    if (this.f.length < backend.host.below) {
      const [f, b, host] = [this.f, this.b, backend.host.backend];
      const hostF = await host.upload('E', await backend.download(f));
      const hostB = await host.upload('E', await backend.download(b));
      [this.f, this.b, this.backend] = [hostF, hostB, host];
      backend.free(f);
      backend.free(b);
    }
    this.poly = roundPoly(next.sums, this.claim);
    ps.addRoundPoly(this.poly, false);
  }

  /** Σ f·weight: a round whose stride is the table's length pairs nothing, so c0 is the sum. */
  async dot(weight: DeviceBuffer): Promise<E> {
    return (await this.backend.roundSums(this.f, weight, this.f.length)).slice(0, 6);
  }

  /** Sends the intro polynomial of Σ f·weight = value over the lowest variable; held for glue. */
  async introduce(ps: ProverState, weight: DeviceBuffer, value: E): Promise<Pending> {
    const poly = roundPoly(await this.backend.roundSums(this.f, weight, 1), value);
    ps.addRoundPoly(poly, false);
    return { weight, value, poly };
  }

  /** Adds the level's claims in order with λ, λ², …: weights, claims and polynomials alike
   * (the weights stay the caller's to free). */
  async glue(pending: readonly Pending[], lambda: E): Promise<void> {
    const s = lambda.slice();
    const p = new Uint32Array(6);
    for (const c of pending) {
      await this.backend.addScaled(this.b, c.weight, 0, s);
      eMulAt(p, 0, c.value, 0, s, 0);
      for (let t = 0; t < 6; t++) this.claim[t] ^= p[t];
      for (let o = 0; o < 18; o += 6) {
        eMulAt(p, 0, c.poly, o, s, 0);
        for (let t = 0; t < 6; t++) this.poly[o + t] ^= p[t];
      }
      eMulAt(s, 0, s, 0, lambda, 0);
    }
  }

  /** Frees the running tables (not the witness). */
  release(): void {
    if (this.ownsF) this.backend.free(this.f);
    this.backend.free(this.b);
  }
}

/** The lane rounds on the written-out weight: the running sumcheck after them, and their challenges. */
async function writtenOutLaneRounds(ps: ProverState, backend: Backend, witness: DeviceBuffer, weight: DeviceBuffer, target: E, laneStride: number): Promise<[RunningSumcheck, Uint32Array]> {
  if (weight.elem !== 'E' || weight.length !== witness.length) {
    throw new ShapeError(`proveWhir: the weight needs one E value per committed word (${witness.length}), got ${weight.length} ${weight.elem} values`);
  }
  const sc = new RunningSumcheck(backend, witness, weight, target.slice(), false);
  try {
    await sc.send(ps, laneStride);
    const folds = new Uint32Array(6 * INITIAL_FOLDING_FACTOR);
    for (let j = 0; j < INITIAL_FOLDING_FACTOR; j++) {
      const r = ps.sample();
      await sc.foldAndSend(ps, r, laneStride, j + 1 < INITIAL_FOLDING_FACTOR ? laneStride : 1);
      folds.set(r, 6 * j);
    }
    return [sc, folds];
  } catch (e) {
    sc.release();
    throw e;
  }
}

/**
 * Proves Σ weight·witness = target for the commitment's witness. `weight` is an E buffer on
 * the commitment's backend with one value per committed word, or the same weight by lanes in
 * factored form (./lanes.ts, where the backend has laneDots and laneCombine); it must vanish on
 * every index past the committed lanes (the verifier evaluates its closed form over the whole
 * cube). The opening takes it over: the written-out weight is the first fold's input, and freed
 * there; the factored one's tables are freed after the lane rounds.
 */
export async function proveWhir(ps: ProverState, commitment: WhirCommitment, weight: DeviceBuffer | LaneWeight, target: E): Promise<void> {
  const { logN, witness } = commitment;
  const { backend } = commitment.oracle;
  const config = whirConfig(logN, commitment.logInvRate);
  ps.observeScalar(target);
  ps.observeRoot(commitment.root);

  const laneStride = 2 ** (logN - INITIAL_FOLDING_FACTOR);
  let sc: RunningSumcheck, levelFolds: Uint32Array;
  if ('groups' in weight) {
    const lanes = await laneRounds(ps, backend, witness, laneStride, weight, target);
    sc = new RunningSumcheck(backend, lanes.f, lanes.b, lanes.claim, true, lanes.poly);
    levelFolds = lanes.folds;
  } else {
    [sc, levelFolds] = await writtenOutLaneRounds(ps, backend, witness, weight, target, laneStride);
  }
  // What a level holds beside the running tables, freed on the way out if a step fails: the
  // oracles it committed and not yet opened, the weights of its claims until glued.
  const oracles = new Set<Oracle>();
  const weights: DeviceBuffer[] = [];
  try {
    let oracle: Oracle = commitment.oracle;
    for (const [i, level] of config.levels.entries()) {
      if (i > 0) {
        levelFolds = new Uint32Array(6 * level.fold);
        for (let j = 0; j < level.fold; j++) {
          const r = ps.sample();
          await sc.foldAndSend(ps, r, 1, 1);
          levelFolds.set(r, 6 * j);
        }
      }
      const last = i === config.levels.length - 1;
      const pending: Pending[] = [];
      let next: Oracle | null = null;
      if (last) {
        ps.addScalars(await sc.backend.download(sc.f));
      } else {
        const following = config.levels[i + 1];
        next = await commitFolded(sc.backend, sc.f, following.fold, following.logInvRate);
        oracles.add(next);
        ps.addRoot(next.tree.root);
        for (let o = 0; o < following.oodSamples; o++) {
          const eq = await sc.backend.eqTable(ps.sampleVec(level.logMsgCols), eOne());
          weights.push(eq);
          const y = await sc.dot(eq);
          ps.addScalar(y);
          pending.push(await sc.introduce(ps, eq, y));
        }
      }
      await ps.grindBy(level.grindingBits, (base, bits) => backend.smallestNonce(base, bits));
      const queries = ps.sampleQueries(level.logBlockLen, level.queries);
      const lambda = ps.sample();
      const phase = await oracle.backend.openRows(oracle.codeword, oracle.tree, queries);
      ps.addMerklePhase(phase);
      if (oracles.delete(oracle)) freeOracle(oracle);
      const coeffs = powers(lambda, queries.length);
      const sum = enforcedSum(rowsInQueryOrder(phase, queries), i === 0 ? 'K' : 'E', eqTableSeeded(levelFolds), coeffs, i === 0);
      const queryWeights = await sc.backend.queryWeights(queries, coeffs, level.logMsgCols, level.logInvRate);
      weights.push(queryWeights);
      pending.push(await sc.introduce(ps, queryWeights, sum));
      await sc.glue(pending, lambda);
      for (const w of weights.splice(0)) sc.backend.free(w);

      if (last) {
        // The residual's rounds; the last one's polynomial is never sent (the verifier closes
        // on the residual table instead), so its challenge is only drawn.
        for (let j = 0; j < config.residualVars; j++) {
          const r = ps.sample();
          if (j + 1 < config.residualVars) {
            await sc.foldAndSend(ps, r, 1, 1);
          }
        }
      } else {
        oracle = next as Oracle;
      }
    }
  } finally {
    sc.release();
    for (const w of weights) sc.backend.free(w);
    for (const o of oracles) freeOracle(o);
  }
}
