// The prover of the bus's batched grand-product GKR (src/vm/verify/gkr.ts is its verifier). Each
// tree is kept at every other level (a node is the product of its four adjacent grandchildren:
// node x of level L is Π_c node 4x + c of level L − 2), an odd depth ending in one binary root
// level. A step sends its layer's sumcheck rounds, then the four children of the point's node;
// the rounds bind the node index low bit first, the current coordinate's eq factor left out
// (the claim is normalised by it), so a round is q(X) of degree 4, sent as (q(0) + q(1), c2,
// c3, c4). Every level is stored as a prefix, the rest being leaves 1 (outside every bus block):
// an all-ones pair of rows adds nothing to a round and binds to ones, so the work is the blocks'.
// A round binds the level's rows in place at the last challenge as it sums them.
import type { VmKernels } from '../../backend/vm-kernels';
import { type E, eAdd, eMul } from '../../field/e';
import type { ProverState } from '../../transcript/prover-state';
import type { HostWords } from './host-words';

export interface GrandProductProof {
  /** ζ, LSB first. */
  readonly point: Uint32Array;
  /** Each tree's leaf MLE at ζ. */
  readonly values: readonly E[];
}

/** Room for `nodes` E nodes and the ones that round them up to whole groups of `group`; the
 * caller writes the first `nodes`. */
function withOnes(words: HostWords, nodes: number, group: number): Uint32Array {
  const m = Math.max(group, group * Math.ceil(nodes / group));
  const out = words.take(6 * m).fill(0, 6 * nodes);
  for (let i = nodes; i < m; i++) out[6 * i] = 1;
  return out;
}

/** The nodes, rounded up to whole groups of `group` with ones (a copy only where needed). */
function padded(words: HostWords, nodes: Uint32Array, group: number): Uint32Array {
  const n = nodes.length / 6;
  if (n % group === 0 && n > 0) return nodes;
  const out = withOnes(words, n, group);
  out.set(nodes);
  return out;
}

/** Levels 0, 2, 4, … of a tree given by its leaf prefix (whole rows of four), then its top level. */
async function layers(kernels: VmKernels, words: HostWords, leaves: Uint32Array, depth: number): Promise<Uint32Array[]> {
  const out: Uint32Array[] = [];
  // What level L is padded to: pairs of rows while a step with rounds reads it, one row for the
  // top step, and the top level's one or two nodes.
  const group = (L: number) => (L + 2 < depth ? 8 : L + 2 === depth ? 4 : depth % 2 === 1 ? 2 : 1);
  let cur = padded(words, leaves, group(0));
  for (let level = 0; level + 2 <= depth; level += 2) {
    out.push(cur);
    const n = cur.length / 24;
    const next = withOnes(words, n, group(level + 2));
    await kernels.productsOfFour(cur, next.subarray(0, 6 * n));
    cur = next;
  }
  out.push(cur);
  return out;
}

const interp = (a: Uint32Array, b: Uint32Array, r: E): E => eAdd(a, eMul(r, eAdd(a, b)));
const batch = (v: readonly Uint32Array[], lambda: E): E => eAdd(v[0], eMul(lambda, eAdd(v[1], eMul(lambda, v[2]))));

/**
 * Proves the three trees' products; `leaves` are their stored prefixes (the rest ones), from
 * `words`: the proof binds them in place and gives them back with every level above.
 */
export async function proveGrandProducts(ps: ProverState, kernels: VmKernels, words: HostWords, leaves: readonly Uint32Array[], depth: number): Promise<GrandProductProof> {
  const trees: Uint32Array[][] = [];
  for (const l of leaves) trees.push(await layers(kernels, words, l, depth));
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
    const rows = trees.map((t) => t[(level - 2) / 2]);
    const bound = new Uint32Array(6 * rounds);
    // Each round's eq table, in the first words of one array.
    const eqWords = rounds > 0 ? words.take(6 << (rounds - 1)) : new Uint32Array(0);
    let r: E | undefined;
    for (let j = 0; j < rounds; j++) {
      const eq = eqWords.subarray(0, 6 << (rounds - j - 1));
      await kernels.eqTable(point.subarray(6 * (j + 1)), eq);
      const msg: Uint32Array[] = [];
      for (let t = 0; t < rows.length; t++) {
        // From the second round, the sums bind the rows at the last challenge first.
        const pairs = r === undefined ? rows[t].length / 48 : Math.ceil(rows[t].length / 96);
        msg.push(await kernels.quarticSums(rows[t], eq.subarray(0, 6 * pairs), r));
        rows[t] = rows[t].subarray(0, 48 * pairs);
      }
      for (let k = 0; k < 4; k++) ps.addScalar(batch(msg.map((m) => m.subarray(6 * k, 6 * k + 6)), lambda));
      r = ps.sample();
      bound.set(r, 6 * j);
    }
    words.give(eqWords);
    // The four children of the point's node: the last round's pair bound at its challenge.
    const children: Uint32Array[] = [];
    for (const v of rows) {
      if (r === undefined) {
        children.push(v.subarray(0, 24));
        continue;
      }
      const out = new Uint32Array(24);
      await kernels.fold(v, 'E', 4, r, out);
      children.push(out);
    }
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
  for (const t of trees) for (const l of t) words.give(l);
  return { point, values };
}
