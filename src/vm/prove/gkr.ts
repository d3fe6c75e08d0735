// The prover of the bus's batched grand-product GKR (src/vm/verify/gkr.ts is its verifier). Each
// tree is kept at every other level (a node is the product of its four adjacent grandchildren:
// node x of level L is Π_c node 4x + c of level L − 2), an odd depth ending in one binary root
// level. A step sends its layer's sumcheck rounds, then the four children of the point's node;
// the rounds bind the node index low bit first, the current coordinate's eq factor left out
// (the claim is normalised by it), so a round is q(X) of degree 4, sent as (q(0) + q(1), c2,
// c3, c4). Every level is stored as a prefix, the rest being leaves 1 (outside every bus block):
// an all-ones pair of rows adds nothing to a round and binds to ones, so the work is the blocks'.
// A round binds the level's rows at the last challenge as it sums them (in place on the host).
import type { Backend, DeviceBuffer } from '../../backend/backend';
import { type E, eAdd, eMul, eOne } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';

export interface GrandProductProof {
  /** ζ, LSB first. */
  readonly point: Uint32Array;
  /** Each tree's leaf MLE at ζ. */
  readonly values: readonly E[];
}

/** Levels 0, 2, 4, … of a tree given by its leaf prefix (whole pairs of rows of four where a
 * step with rounds reads it), then its top level. */
async function layers(backend: Backend, leaves: DeviceBuffer, depth: number): Promise<DeviceBuffer[]> {
  const out: DeviceBuffer[] = [];
  // What level L is padded to with ones: pairs of rows while a step with rounds reads it, one
  // row for the top step, and the top level's one or two nodes.
  const group = (L: number) => (L + 2 < depth ? 8 : L + 2 === depth ? 4 : depth % 2 === 1 ? 2 : 1);
  if (leaves.length === 0 || leaves.length % group(0) !== 0) throw new Error(`proveGrandProducts: ${leaves.length} leaves are not whole groups of ${group(0)}`);
  let cur = leaves;
  for (let level = 0; level + 2 <= depth; level += 2) {
    out.push(cur);
    const n = cur.length / 4, g = group(level + 2);
    // Its first n values are the products, written over.
    const next = await backend.vm.ones(Math.max(g, g * Math.ceil(n / g)), n, true);
    await backend.vm.productsOfFour(cur, next);
    cur = next;
  }
  out.push(cur);
  return out;
}

const interp = (a: Uint32Array, b: Uint32Array, r: E): E => eAdd(a, eMul(r, eAdd(a, b)));
const batch = (v: readonly Uint32Array[], lambda: E): E => eAdd(v[0], eMul(lambda, eAdd(v[1], eMul(lambda, v[2]))));

/**
 * Proves the three trees' products; `leaves` are their stored prefixes (the rest ones) on
 * `backend`: the proof binds them and frees them with every level above.
 */
export async function proveGrandProducts(ps: ProverState, backend: Backend, leaves: readonly DeviceBuffer[], depth: number): Promise<GrandProductProof> {
  const { vm } = backend;
  const trees: DeviceBuffer[][] = [];
  try {
    for (const l of leaves) trees.push(await layers(backend, l, depth));
    const top: Uint32Array[] = [];
    for (const t of trees) top.push(await backend.download(t[t.length - 1]));
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
      const at = (level - 2) / 2;
      const bound = new Uint32Array(6 * rounds);
      let r: E | undefined;
      for (let j = 0; j < rounds; j++) {
        const eq = await backend.eqTable(point.subarray(6 * (j + 1)), eOne());
        try {
          // From the second round, the sums bind the rows at the last challenge first.
          const round = await vm.quarticSums(trees.map((t) => t[at]), eq, r);
          trees.forEach((t, i) => (t[at] = round.rows[i]));
          for (let k = 0; k < 4; k++) ps.addScalar(batch(round.sums.map((m) => m.subarray(6 * k, 6 * k + 6)), lambda));
        } finally {
          backend.free(eq);
        }
        r = ps.sample();
        bound.set(r, 6 * j);
      }
      // The four children of the point's node: the last round's pair bound at its challenge,
      // child c of a tree the column of values c and c + 4 of its rows.
      const words = await vm.values(trees.flatMap((t) => [0, 1, 2, 3].map((c) => vm.view(t[at], c, r === undefined ? 1 : 2, 4))), r);
      const children = trees.map((_, i) => words.subarray(24 * i, 24 * (i + 1)));
      for (const c of children) ps.addScalars(c);
      const low = ps.sample(), high = ps.sample();
      values = children.map((c) => interp(interp(c.subarray(0, 6), c.subarray(6, 12), low), interp(c.subarray(12, 18), c.subarray(18, 24), low), high));
      lambda = ps.sample();
      const next = new Uint32Array(12 + bound.length);
      next.set(low);
      next.set(high, 6);
      next.set(bound, 12);
      point = next;
    }
    return { point, values };
  } finally {
    for (const t of trees) for (const l of t) backend.free(l);
  }
}
