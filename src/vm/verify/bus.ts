// The bus argument's verifier (docs/protocol.md §11.3–§11.4): draw the fingerprint point α ∈ E^4 and β, run
// the grand-product GKR, require push = pull (balance) and count ≠ 0 (no read count wrapped to
// zero), then decompose each tree's leaf claim at ζ by its blocks' selectors. Framework blocks are
// evaluated here (./framework.ts); each table's blocks stay symbolic, as what the table owes the
// side: Σ_blocks sel_b·(β + Σ_i eq(α, i)·t_i) over its own columns, settled by the table sumcheck
// at its terminal point. Leaves outside every block are 1, so a side's table total is
//   leaf(ζ) + Σ_framework sel·(β + fingerprint) + 1 + Σ_all blocks sel.
import { type E, eAdd, eEq, eIsZero, eMul, eOne, eZero } from '../../field/e';
import { selectorEq } from '../../pcs/stack/placement';
import { eqTable } from '../../poly/eq';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import type { VmShape } from '../layout';
import { blockSelector, leafLayout } from '../leaves';
import { BUS_BITS, type Tuple } from '../tables/bus';
import { col, evalFormE } from '../tables/form';
import { TABLE_SCHEMAS } from '../tables/schema';
import type { ColumnClaim } from './claims';
import { type FingerprintContext, frameworkFingerprint, readFrameworkValues } from './framework';
import { verifyGrandProducts } from './gkr';

/** One table block of a side: its selector weight at ζ and its tuple over the table's columns. */
interface TableBlock {
  readonly table: number;
  readonly selector: E;
  readonly tuple: Tuple;
}

/** One bus side (push, pull, count) as the table sumcheck needs it. */
export interface BusSide {
  /** eq(α, i) for the 16 slots (count: α = 0, so slot 0 alone). */
  readonly weights: Uint32Array;
  readonly beta: E;
  readonly blocks: readonly TableBlock[];
}

export interface BusResult {
  /** ζ, LSB first. */
  readonly point: Uint32Array;
  readonly sides: readonly BusSide[];
  /** What the tables owe each side at ζ, less shareWeights[side]·share for the bytecode share
   * share = MLE(P)(sharePoint), which the verifier defers (./deferred.ts). */
  readonly totals: readonly E[];
  readonly shareWeights: readonly E[];
  /** ζ_<kbc ‖ α. */
  readonly sharePoint: Uint32Array;
  /** The framework values' claims on the memory and final-count columns. */
  readonly claims: readonly ColumnClaim[];
}

/** What table `table` owes `side`, from its columns' values at the sumcheck's point (packed E). */
export function tableShare(side: BusSide, table: number, values: Uint32Array): E {
  let total = eZero();
  for (const b of side.blocks) {
    if (b.table !== table) continue;
    let leaf = side.beta;
    b.tuple.forEach((form, i) => {
      if (form.length > 0) leaf = eAdd(leaf, eMul(side.weights.subarray(6 * i, 6 * i + 6), evalFormE(form, values)));
    });
    total = eAdd(total, eMul(b.selector, leaf));
  }
  return total;
}

export function verifyBus(vs: VerifierState, shape: VmShape): BusResult {
  const layout = leafLayout(shape);
  const alphas = vs.sampleVec(BUS_BITS);
  const weights = eqTable(alphas);
  const beta = vs.sample();
  const gkr = verifyGrandProducts(vs, layout.depth);
  const [pushRoot, pullRoot, countRoot] = gkr.roots;
  if (eIsZero(countRoot)) throw new VerificationError('bus: the read counts multiply to zero');
  if (!eEq(pushRoot, pullRoot)) throw new VerificationError('bus is unbalanced: the push and pull products differ');

  const zeta = gkr.point;
  const framework = readFrameworkValues(vs, shape, zeta);
  const ctx: FingerprintContext = { shape, zeta, weights };
  const sharePoint = new Uint32Array(6 * (shape.logBytecode + BUS_BITS));
  sharePoint.set(zeta.subarray(0, 6 * shape.logBytecode));
  sharePoint.set(alphas, 6 * shape.logBytecode);
  const countWeights = eqTable(new Uint32Array(6 * BUS_BITS));

  const sides: BusSide[] = [];
  const totals: E[] = [];
  const shareWeights: E[] = [];
  (['push', 'pull', 'count'] as const).forEach((name, s) => {
    const count = name === 'count';
    const side = { weights: count ? countWeights : weights, beta: count ? eZero() : beta, blocks: [] as TableBlock[] };
    // Leaves outside every block are 1: the leaf claim less the blocks is 1 + Σ sel (char. 2).
    let total = eAdd(gkr.leaves[s], eOne());
    let shareWeight = eZero();
    for (const b of (count ? layout.count : layout[name]).blocks) {
      const sel = selectorEq(blockSelector(b), zeta.subarray(6 * b.logRows));
      total = eAdd(total, sel);
      if (b.kind === 'framework') {
        if (!count) total = eAdd(total, eMul(sel, eAdd(side.beta, frameworkFingerprint(b.part, name, framework, ctx))));
        // The bytecode block's fingerprint lacks eq-weighted P, the share: sel·share of the total.
        if (!count && b.part === 'bytecode') shareWeight = eAdd(shareWeight, sel);
      } else {
        const tuple = b.kind === 'count' ? [col(b.column)] : TABLE_SCHEMAS[b.table].interactions[b.interaction][name as 'push' | 'pull'];
        side.blocks.push({ table: b.table, selector: sel, tuple });
      }
    }
    sides.push(side);
    totals.push(total);
    shareWeights.push(shareWeight);
  });
  return { point: zeta, sides, totals, shareWeights, sharePoint, claims: framework.claims };
}
