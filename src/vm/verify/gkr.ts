// The bus's batched grand-product GKR (leanVM-b gkr.rs): one run over the push, pull and count
// trees of 2^depth leaves each. The prover sends the three roots; then, from the root down, each
// step covers two tree levels (an odd depth starts with one), batching the three trees with a
// fresh λ: a sumcheck over the nodes' coordinates bound so far, with degree-4 rounds sent as
// four scalars (q(0) + q(1), c2, c3, c4; c0 and c1 follow from the claim), then each tree's
// 2^width children, whose products must be the sumcheck's terminal, and the width challenges
// that extend the point. What is left is each tree's leaf layer at one point ζ (depth coords).
import { type E, eAdd, eEq, eMul } from '../../field/e';
import { mleEval } from '../../poly/mle';
import { evalRoundPoly } from '../../pcs/whir/claims';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';

export const TREES = 3;

export interface GrandProducts {
  /** The products of the push, pull and count trees. */
  readonly roots: readonly E[];
  /** ζ, LSB first (6·depth words). */
  readonly point: Uint32Array;
  /** Each tree's leaf MLE at ζ. */
  readonly leaves: readonly E[];
}

/** v0 + λ·(v1 + λ·v2). */
function batch(v: readonly E[], lambda: E): E {
  return eAdd(v[0], eMul(lambda, eAdd(v[1], eMul(lambda, v[2]))));
}

export function verifyGrandProducts(vs: VerifierState, depth: number): GrandProducts {
  const roots = [vs.nextScalar(), vs.nextScalar(), vs.nextScalar()];
  let lambda = vs.sample();
  let values: E[] = roots;
  let point = new Uint32Array(0);
  for (let level = depth; level > 0;) {
    // Only the first step can be a single level: later ones have a point to fold against.
    const width = level % 2 === 1 ? 1 : 2;
    let claim = batch(values, lambda);
    const rounds = point.length / 6;
    const bound = new Uint32Array(6 * rounds);
    const poly = new Uint32Array(30);
    for (let j = 0; j < rounds; j++) {
      const sent = vs.nextScalars(4); // q(0) + q(1), c2, c3, c4
      const r = vs.sample();
      const diff = sent.subarray(0, 6);
      poly.set(eAdd(claim, eMul(point.subarray(6 * j, 6 * j + 6), diff)), 0);
      let c1 = diff;
      for (let k = 1; k < 4; k++) c1 = eAdd(c1, sent.subarray(6 * k, 6 * k + 6));
      poly.set(c1, 6);
      poly.set(sent.subarray(6), 12);
      claim = evalRoundPoly(poly, r);
      bound.set(r, 6 * j);
    }
    const children = Array.from({ length: TREES }, () => vs.nextScalars(1 << width));
    const products = children.map((c) => {
      let p: E = c.slice(0, 6);
      for (let i = 6; i < c.length; i += 6) p = eMul(p, c.subarray(i, i + 6));
      return p;
    });
    if (!eEq(batch(products, lambda), claim)) {
      throw new VerificationError(`bus GKR, levels ${level} → ${level - width}: the children's products do not give the layer's claim`);
    }
    const challenges = vs.sampleVec(width);
    values = children.map((c) => mleEval(c, 'E', challenges));
    lambda = vs.sample();
    const next = new Uint32Array(challenges.length + bound.length);
    next.set(challenges);
    next.set(bound, challenges.length);
    point = next;
    level -= width;
  }
  return { roots, point, leaves: values };
}
