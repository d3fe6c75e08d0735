// The prover of the bus's batched grand-product GKR (src/vm/verify/gkr.ts is its verifier): the
// three trees' layers, every other level (a node is the product of its four grandchildren,
// adjacent: node x of level L is Π_c leaf-side node 4x + c of level L − 2), an odd depth ending
// in one binary root level. Each step sends the layer's sumcheck rounds, then the children of
// the point's node; the rounds bind the node index low bit first, with the current coordinate's
// eq factor left out (the claim is normalised by it), so each round is q(X) of degree 4, sent
// as (q(0) + q(1), c2, c3, c4).
import { type E, eAdd, eMul, eMulAt } from '../../field/e';
import { eqTable } from '../../poly/eq';
import type { ProverState } from '../../transcript/prover-state';

export interface GrandProductProof {
  /** ζ, LSB first. */
  readonly point: Uint32Array;
  /** Each tree's leaf MLE at ζ. */
  readonly values: readonly E[];
}

/** Levels 0, 2, 4, … of a tree (and its root), each the products of adjacent fours below. */
function layers(leaves: Uint32Array, depth: number): Uint32Array[] {
  const out = [leaves];
  let cur = leaves;
  for (let level = 0; level + 2 <= depth; level += 2) {
    const next = new Uint32Array(cur.length / 4);
    for (let x = 0; x < next.length / 6; x++) {
      eMulAt(next, 6 * x, cur, 24 * x, cur, 24 * x + 6);
      const t = new Uint32Array(6);
      eMulAt(t, 0, cur, 24 * x + 12, cur, 24 * x + 18);
      eMulAt(next, 6 * x, next, 6 * x, t, 0);
    }
    out.push(next);
    cur = next;
  }
  return out;
}

const interp = (a: Uint32Array, b: Uint32Array, r: E): E => eAdd(a, eMul(r, eAdd(a, b)));

const batch = (v: readonly Uint32Array[], lambda: E): E => eAdd(v[0], eMul(lambda, eAdd(v[1], eMul(lambda, v[2]))));

/** Coefficients c0..c4 of Π_c (lo_c + X·(lo_c + hi_c)) for four children, times `weight`, into acc. */
function addQuartic(acc: Uint32Array, lo: Uint32Array, hi: Uint32Array, at: number, weight: Uint32Array, wo: number): void {
  // Running product of linear factors: poly of degree d, coefficients packed.
  const poly = new Uint32Array(30);
  const next = new Uint32Array(30);
  const d = new Uint32Array(6), t = new Uint32Array(6);
  poly[0] = 1;
  for (let c = 0; c < 4; c++) {
    const l = lo.subarray(at + 6 * c, at + 6 * c + 6);
    for (let k = 0; k < 6; k++) d[k] = l[k] ^ hi[at + 6 * c + k];
    next.fill(0);
    for (let k = 0; k <= c; k++) {
      eMulAt(t, 0, poly, 6 * k, l, 0);
      for (let j = 0; j < 6; j++) next[6 * k + j] ^= t[j];
      eMulAt(t, 0, poly, 6 * k, d, 0);
      for (let j = 0; j < 6; j++) next[6 * (k + 1) + j] ^= t[j];
    }
    poly.set(next);
  }
  for (let k = 0; k < 5; k++) {
    eMulAt(t, 0, poly, 6 * k, weight, wo);
    for (let j = 0; j < 6; j++) acc[6 * k + j] ^= t[j];
  }
}

export function proveGrandProducts(ps: ProverState, leaves: readonly Uint32Array[], depth: number): GrandProductProof {
  const trees = leaves.map((l) => layers(l, depth));
  // The roots: the top stored level, then (odd depth) its two nodes' product.
  const top = trees.map((t) => t[t.length - 1]);
  const roots = top.map((l) => (l.length === 6 ? l.slice() : eMul(l.subarray(0, 6), l.subarray(6, 12))));
  for (const r of roots) ps.addScalar(r);
  let lambda = ps.sample();
  let values: E[] = roots;
  let point = new Uint32Array(0);
  let level = depth;
  if (depth % 2 === 1) {
    for (const l of top) ps.addScalars(l);
    const r = ps.sample();
    values = top.map((l) => interp(l.subarray(0, 6), l.subarray(6, 12), r));
    lambda = ps.sample();
    point = r.slice();
    level--;
  }
  for (; level > 0; level -= 2) {
    const rounds = point.length / 6;
    // This step's nodes as rows of four children (the stored level two below).
    let rows = trees.map((t) => t[(level - 2) / 2].slice());
    const bound = new Uint32Array(6 * rounds);
    for (let j = 0; j < rounds; j++) {
      const eq = eqTable(point.subarray(6 * (j + 1)));
      const msg = trees.map(() => new Uint32Array(30));
      rows.forEach((r, tree) => {
        const pairs = r.length / 48;
        for (let p = 0; p < pairs; p++) addQuartic(msg[tree], r.subarray(48 * p, 48 * p + 24), r.subarray(48 * p + 24, 48 * p + 48), 0, eq, 6 * p);
      });
      // Send q(0) + q(1) = c0 + Σ c_k… in char. 2: q(0) + q(1) = c1 + c2 + c3 + c4.
      const combined = new Uint32Array(30);
      for (let k = 0; k < 5; k++) combined.set(batch(msg.map((m) => m.subarray(6 * k, 6 * k + 6)), lambda), 6 * k);
      const diff = new Uint32Array(6);
      for (let k = 1; k < 5; k++) for (let t = 0; t < 6; t++) diff[t] ^= combined[6 * k + t];
      ps.addScalar(diff);
      ps.addScalars(combined.subarray(12));
      const r = ps.sample();
      bound.set(r, 6 * j);
      rows = rows.map((v) => {
        const half = new Uint32Array(v.length / 2);
        for (let p = 0; p < v.length / 48; p++) {
          for (let c = 0; c < 4; c++) half.set(interp(v.subarray(48 * p + 6 * c, 48 * p + 6 * c + 6), v.subarray(48 * p + 24 + 6 * c, 48 * p + 30 + 6 * c), r), 24 * p + 6 * c);
        }
        return half;
      });
    }
    for (const r of rows) ps.addScalars(r);
    const low = ps.sample(), high = ps.sample();
    values = rows.map((c) => interp(interp(c.subarray(0, 6), c.subarray(6, 12), low), interp(c.subarray(12, 18), c.subarray(18, 24), low), high));
    lambda = ps.sample();
    const next = new Uint32Array(12 + bound.length);
    next.set(low);
    next.set(high, 6);
    next.set(bound, 12);
    point = next;
  }
  return { point, values };
}
