// The prover of the bus's batched grand-product GKR (src/vm/verify/gkr.ts is its verifier). Each
// tree is kept at every other level (a node is the product of its four adjacent grandchildren:
// node x of level L is Π_c node 4x + c of level L − 2), an odd depth ending in one binary root
// level. A step sends its layer's sumcheck rounds, then the four children of the point's node;
// the rounds bind the node index low bit first, the current coordinate's eq factor left out
// (the claim is normalised by it), so a round is q(X) of degree 4, sent as (q(0) + q(1), c2,
// c3, c4). Every level is stored as a prefix, the rest being leaves 1 (outside every bus block):
// an all-ones pair of rows adds nothing to a round and folds to ones, so the work is the blocks'.
import { type E, eAdd, eMul, eMulAt } from '../../field/e';
import { eqTable } from '../../poly/eq';
import type { ProverState } from '../../transcript/prover-state';

export interface GrandProductProof {
  /** ζ, LSB first. */
  readonly point: Uint32Array;
  /** Each tree's leaf MLE at ζ. */
  readonly values: readonly E[];
}

/** A stored prefix of packed E nodes, padded with ones to whole groups of `group` nodes. */
function padded(nodes: Uint32Array, group: number): Uint32Array {
  const n = nodes.length / 6;
  const m = Math.max(group, group * Math.ceil(n / group));
  if (m === n) return nodes;
  const out = new Uint32Array(6 * m);
  out.set(nodes);
  for (let i = n; i < m; i++) out[6 * i] = 1;
  return out;
}

/** Levels 0, 2, 4, … of a tree given by its leaf prefix, each padded to whole rows of four. */
function layers(leaves: Uint32Array, depth: number): Uint32Array[] {
  const out: Uint32Array[] = [];
  let cur = leaves;
  for (let level = 0; level + 2 <= depth; level += 2) {
    cur = padded(cur, 4);
    out.push(cur);
    const next = new Uint32Array(cur.length / 4);
    const t = new Uint32Array(6);
    for (let x = 0; x < next.length / 6; x++) {
      eMulAt(next, 6 * x, cur, 24 * x, cur, 24 * x + 6);
      eMulAt(t, 0, cur, 24 * x + 12, cur, 24 * x + 18);
      eMulAt(next, 6 * x, next, 6 * x, t, 0);
    }
    cur = next;
  }
  out.push(padded(cur, depth % 2 === 1 ? 2 : 1));
  return out;
}

const interp = (a: Uint32Array, b: Uint32Array, r: E): E => eAdd(a, eMul(r, eAdd(a, b)));
const batch = (v: readonly Uint32Array[], lambda: E): E => eAdd(v[0], eMul(lambda, eAdd(v[1], eMul(lambda, v[2]))));

// Scratch of the round sums: a pair's four lines (a = at 0, d = slope), the two quadratics and
// the partial products.
const A = new Uint32Array(24), D = new Uint32Array(24), S = new Uint32Array(6);
const L = new Uint32Array(18), R = new Uint32Array(18), P = new Uint32Array(36), X = new Uint32Array(12);

/** (a_i + X d_i)(a_j + X d_j) as three coefficients into q at qo (Karatsuba: three products). */
function lineProduct(q: Uint32Array, i: number, j: number): void {
  eMulAt(q, 0, A, 6 * i, A, 6 * j);
  eMulAt(q, 12, D, 6 * i, D, 6 * j);
  for (let t = 0; t < 6; t++) {
    X[t] = A[6 * i + t] ^ D[6 * i + t];
    X[6 + t] = A[6 * j + t] ^ D[6 * j + t];
  }
  eMulAt(q, 6, X, 0, X, 6);
  for (let t = 0; t < 6; t++) q[6 + t] ^= q[t] ^ q[12 + t];
}

/**
 * acc (4 packed E: q(0)+q(1), c2, c3, c4) += Σ_p eq[p]·q_p for the rows of four children in
 * `rows`, row 2p the low and 2p + 1 the high end of the pair (an odd last row pairs with ones).
 */
function roundSums(rows: Uint32Array, eq: Uint32Array, acc: Uint32Array): void {
  const n = rows.length / 24;
  for (let p = 0; 2 * p < n; p++) {
    const lo = 48 * p, hi = lo + 24, full = 2 * p + 1 < n;
    for (let w = 0; w < 24; w++) {
      A[w] = rows[lo + w];
      D[w] = rows[lo + w] ^ (full ? rows[hi + w] : w % 6 === 0 ? 1 : 0);
    }
    lineProduct(L, 0, 1);
    lineProduct(R, 2, 3);
    // The quartic L·R: c0 = L0R0, c4 = L2R2, c2 = (L0+L2)(R0+R2) + c0 + c4 + L1R1,
    // c3 = (L1+L2)(R1+R2) + L1R1 + c4, q(0) + q(1) = c0 + ΣL·ΣR.
    eMulAt(P, 0, L, 0, R, 0); // c0
    eMulAt(P, 6, L, 12, R, 12); // c4
    eMulAt(P, 12, L, 6, R, 6); // L1R1
    for (let t = 0; t < 6; t++) {
      X[t] = L[t] ^ L[6 + t] ^ L[12 + t];
      X[6 + t] = R[t] ^ R[6 + t] ^ R[12 + t];
    }
    eMulAt(P, 18, X, 0, X, 6); // q(1)
    for (let t = 0; t < 6; t++) {
      X[t] = L[t] ^ L[12 + t];
      X[6 + t] = R[t] ^ R[12 + t];
    }
    eMulAt(P, 24, X, 0, X, 6); // (L0+L2)(R0+R2)
    for (let t = 0; t < 6; t++) {
      X[t] = L[6 + t] ^ L[12 + t];
      X[6 + t] = R[6 + t] ^ R[12 + t];
    }
    eMulAt(P, 30, X, 0, X, 6); // (L1+L2)(R1+R2)
    const e = 6 * p;
    for (let t = 0; t < 6; t++) S[t] = P[t] ^ P[18 + t];
    eMulAt(S, 0, S, 0, eq, e);
    for (let t = 0; t < 6; t++) acc[t] ^= S[t];
    for (let t = 0; t < 6; t++) S[t] = P[24 + t] ^ P[t] ^ P[6 + t] ^ P[12 + t];
    eMulAt(S, 0, S, 0, eq, e);
    for (let t = 0; t < 6; t++) acc[6 + t] ^= S[t];
    for (let t = 0; t < 6; t++) S[t] = P[30 + t] ^ P[12 + t] ^ P[6 + t];
    eMulAt(S, 0, S, 0, eq, e);
    for (let t = 0; t < 6; t++) acc[12 + t] ^= S[t];
    eMulAt(S, 0, P, 6, eq, e);
    for (let t = 0; t < 6; t++) acc[18 + t] ^= S[t];
  }
}

/** Binds the rows' low bit at r: row p ← row 2p + r·(row 2p + row 2p+1), ones past the end. */
function foldRows(rows: Uint32Array, r: E): Uint32Array {
  const n = rows.length / 24;
  const out = new Uint32Array(24 * Math.ceil(n / 2));
  for (let p = 0; 2 * p < n; p++) {
    const lo = 48 * p, hi = lo + 24, full = 2 * p + 1 < n;
    for (let o = 0; o < 24; o += 6) {
      for (let t = 0; t < 6; t++) S[t] = rows[lo + o + t] ^ (full ? rows[hi + o + t] : t === 0 ? 1 : 0);
      eMulAt(out, 24 * p + o, S, 0, r, 0);
      for (let t = 0; t < 6; t++) out[24 * p + o + t] ^= rows[lo + o + t];
    }
  }
  return out;
}

/** Proves the three trees' products; `leaves` are their stored prefixes (the rest ones). */
export function proveGrandProducts(ps: ProverState, leaves: readonly Uint32Array[], depth: number): GrandProductProof {
  const trees = leaves.map((l) => layers(l, depth));
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
    let rows = trees.map((t) => t[(level - 2) / 2]);
    const bound = new Uint32Array(6 * rounds);
    for (let j = 0; j < rounds; j++) {
      const eq = eqTable(point.subarray(6 * (j + 1)));
      const msg = rows.map((r) => {
        const acc = new Uint32Array(24);
        roundSums(r, eq, acc);
        return acc;
      });
      for (let k = 0; k < 4; k++) ps.addScalar(batch(msg.map((m) => m.subarray(6 * k, 6 * k + 6)), lambda));
      const r = ps.sample();
      bound.set(r, 6 * j);
      rows = rows.map((v) => foldRows(v, r));
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
