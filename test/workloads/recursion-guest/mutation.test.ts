// Issue 31's mutation suite: the node program's own main (not the pieces' variant) over one real
// 2→1 node of two leaf aggregates, its witness built from the valid children as proveNode builds
// it, then one value the guest reads from a child proof changed — the malicious prover's path (a
// changed proof byte never reaches the VM: prepareNode's native pre-check refuses the child, and
// whirWitness's verifier throws on it). Each run must stop at the source line of the check that
// catches the change, so each test fails if that check is removed from programs/aggregate-node.py.
// Parts node.test.ts [N1] already changes in this program's main are not repeated: an announced
// size, a GKR round scalar, the bytecode share, the last tail round and the last child's final
// Flock slice value. A wrong deferred value the VM cannot check (the node's batched claims) is
// node-tree.test.ts's: a real proof of it, which the root rejects.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionError } from '../../../src/vm/errors';
import type { PublicInput } from '../../../src/vm/public-input';
import { BLAKE2S_TABLE } from '../../../src/vm/tables/columns';
import { gPow } from '../../../src/workloads/recursion/guest/streams';
import { type WhirRecord, whirWitness } from '../../../src/workloads/recursion/guest/whir';
import { nodeProgramWitness, prepareNode } from '../../../src/workloads/recursion/node-prove';
import { aggregate, aggregationProgram, digestPublicInput, statementDigest } from '../../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { nativeOrCpu } from '../../native/fast-backend';
import { expectFailsAt, freshSigners, logOneMore, nodeRecord, run, type Streams, tampered, whirLayout } from './children';

const next = xorshift32(0x6d757461);
const message = randomBytes(next, 32);
const EPOCH = 7;

/** One child's opening as whirWitness builds it, and where its entries sit in the node's streams. */
interface Opened {
  readonly rec: WhirRecord;
  readonly layout: ReturnType<typeof whirLayout>;
  /** The node's entry of `name` that is the child's entry e. */
  readonly at: (name: string, e: number) => number;
}

let streams: Streams;
let pi: PublicInput;
let children: Opened[];
const CHILD_STREAMS = new Map<string, number>();
beforeAll(async () => {
  const signers = freshSigners(next, message, EPOCH, 3);
  const backend = await nativeOrCpu('recursion-mutation');
  let prepared;
  try {
    const leaf = async (idx: number[]) => ({ kind: 'leaf' as const, ...(await aggregate({ message, epoch: EPOCH, signers: idx.map((i) => signers[i]) }, { backend })).aggregate });
    prepared = await prepareNode({ message, epoch: EPOCH, children: [{ aggregate: await leaf([0]) }, { aggregate: await leaf([1, 2]) }] }, { node: nodeRecord() });
  } finally {
    backend.dispose();
  }
  streams = nodeProgramWitness(prepared);
  pi = prepared.input.publicInput;
  children = prepared.input.children.map((c) => {
    const rec = whirWitness(aggregationProgram(), digestPublicInput(statementDigest(message, EPOCH, c.aggregate.publicKeys)), c.aggregate.proof);
    const before = new Map(CHILD_STREAMS);
    for (const [name, entries] of rec.streams) CHILD_STREAMS.set(name, (CHILD_STREAMS.get(name) ?? 0) + entries.length);
    return { rec, layout: whirLayout(rec), at: (name: string, e: number) => (before.get(name) ?? 0) + e };
  });
}, 600_000);

/** The node's streams with child j's entry e of `name` changed in one cell (by default: c0's low bit). */
const changed = (j: number, name: string, e: number, cell = 0, f = (c: Uint32Array) => void (c[0] ^= 1)) => tampered(streams, name, children[j].at(name, e), cell, f);
const setTo = (v: Uint32Array) => (c: Uint32Array) => void c.set(v);

/** One test per part: every change `changes` makes (one part, at one or more places) stops the
 * node's run at `line`, the check that catches it. */
function part(what: string, line: string, changes: () => Streams[], kind: ExecutionError['kind'] = 'write-conflict'): void {
  it(`${what} — ${line}`, () => {
    for (const s of changes()) expectFailsAt(s, kind, line, pi);
  });
}

const PRODUCTS = 'chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])';
const CLAIM = 'assert term == claim';
const CEIL = 'assert gw * ge == GEN ** (2 ** m)';
const ORDER = 'assert log(sg) < 33';
const TARGET = 'chk[0] = tg';
const GRIND = 'chk[0] = acc * GEN ** POW_BITS + lm[1] * Y';
const TERMINAL = 'fin[0] = wt * st[8 * nl + 1]';
const NODE_SLOT = 'nodes[2 * l + c] = lr[4 * l + c] + bits[l] * (lr[4 * l + c] + lr[4 * l + 2 + c])';

describe("a 2→1 node's main with one value of a child's proof changed", () => {
  it("the honest witness runs, every cell it reads written; the node reads each child's streams in child order", () => {
    for (const [name, n] of CHILD_STREAMS) if (name !== 'piece' && name !== 'child_statement') expect(streams.get(name), name).toHaveLength(n);
    const exec = run(streams, pi);
    expect(exec.unconstrainedReads).toEqual([]);
    console.log(`2→1 node of leaves of 1 and 2 keys: ${exec.programCycles} cycles; WHIR levels ${children.map((c) => c.layout.levels.length).join(', ')}`);
  });

  // child_to_ring, first child: the statement, the root, the bus, the table sumcheck, the line
  const at = () => children[0].rec.chain.fsAt;
  part("a statement block (the seed's, a public word's): not the statement the node rebuilt", 'assert v == s', () => [changed(0, 'fs', 0), changed(0, 'fs', 3, 0, (c) => void (c[2] ^= 1))]);
  part("the commitment root's half: λ moves, so the GKR's first products do not give the claim", PRODUCTS, () => [changed(0, 'fs', at().gkr - 2)]);
  part('the pull root: the bus does not balance', 'bal[0] = vl[1]', () => [changed(0, 'fs', at().gkr + 1)]);
  part('a zero count root', 'assert vl[2] != 0', () => [tampered(changed(0, 'fs', at().gkr + 2, 0, (c) => void c.fill(0)), 'fs', children[0].at('fs', at().gkr + 2), 1, (c) => void c.fill(0))]);
  part("a framework value, a table sumcheck round coefficient, a column value: the AIR terminal does not give the last claim", CLAIM, () => [
    changed(0, 'fs', at().framework + 2), changed(0, 'fs', at().table + 1, 0, (c) => void (c[2] ^= 1)), changed(0, 'fs', at().columns + 7),
  ]);
  part("a memory limb at the public line's r: off the line through the public words", 'line[0] = l0 + Y * l1 + Y2 * l2', () => [changed(0, 'fs', at().line + 1)]);

  // the structure child_to_ring derives from the announced sizes, hinted and checked (second child)
  part("a size's bits: they do not make the size", 'sizes[k] = n', () => [changed(1, 'size_bits', 2, 1)]);
  // μ and the bus depth one more come with their differences' bits (the child's ceil_bits 0 and 1)
  part("a bit of μ's bound, μ one more, the bus depth one more: ceil_log's bound", CEIL, () => [
    changed(1, 'ceil_bits', 0, 2),
    logOneMore(streams, 'stack_log', children[1].at('stack_log', 0), 15, children[1].at('ceil_bits', 0)),
    logOneMore(streams, 'gkr_depth', children[1].at('gkr_depth', 0), 16, children[1].at('ceil_bits', 1)),
  ]);
  part('max τ one more: no table reaches it', 'assert top == 0', () => [changed(1, 'depth', 0, 0, setTo(gPow(Math.max(...children[1].rec.chain.shape.taus) + 1)))]);
  part("a block offset's digit (valid, another offset): the digits do not make the offset", 'assert gp == go', () => [changed(1, 'block_digits', 1, 0, setTo(gPow(1)))]);
  part("a layout or stack order bit: the sizes' difference has the other sign", ORDER, () => [changed(1, 'layout_order', 0, 0), changed(1, 'stack_order', 0, 1)], 'deref');

  // Flock (first child): nothing in the child's verification checks its zerocheck and lincheck
  // but the deferred matrix claim and the chain; every change moves the chain, so ring
  // switching's map challenges, and with them the stacked batch's target, are others
  const flock = () => {
    const { fsAt, shape } = children[0].rec.chain;
    const zerocheck = fsAt.flock + 64, va = zerocheck + 2 * (8 + shape.taus[BLAKE2S_TABLE]), lincheck = va + 2;
    return { roundOne: fsAt.flock, zerocheck, va, lincheck, slices: lincheck + 16 };
  };
  part("Flock's zerocheck: a round-1 value, a round coefficient, v_a, v_b: the batch's target is not the absorbed one", TARGET, () => {
    const f = flock();
    return [f.roundOne + 5, f.zerocheck + 3, f.va, f.va + 1].map((e) => changed(0, 'fs', e));
  });
  part("Flock's lincheck: a round coefficient, a slice value: the batch's target is not the absorbed one", TARGET, () => [changed(0, 'fs', flock().lincheck + 2), changed(0, 'fs', flock().slices)]);

  // ring switching's batch, then each WHIR level (first child)
  part("ring switching's batch: a point claim's value is not the record's", 'vals[FRAMEWORK_VALUES + b] = out[GEN ** (OUT_COLUMNS + b)]', () => [changed(0, 'fs', children[0].rec.fsStart + 20)]);
  part("ring switching's batch: another target is not the computed one", TARGET, () => [changed(0, 'fs', children[0].layout.target)]);
  part("WHIR's first round polynomial, a fold round's coefficient at every level: the chain moves, so the level's grinding nonce fails", GRIND, () => {
    const { levels, target, fold } = children[0].layout;
    return [changed(0, 'fs', target + 2), ...levels.map((l, i) => changed(0, 'fs', fold(i, l.fold - 1), 0, (c) => void (c[1] ^= 4)))];
  });
  part("every level's next root half, OOD answer and its polynomial, the last level's residual: the level's grinding nonce fails", GRIND, () => {
    const { last, next: nextAt, ood } = children[0].layout;
    return [...Array.from({ length: last }, (_, i) => [nextAt(i) + 1, ood(i), ood(i) + 2]).flat(), nextAt(last) + 1].map((e) => changed(0, 'fs', e));
  });
  part("every level's grinding nonce, a bit of its check word: the grinding check", GRIND, () => {
    const { levels, nonce } = children[0].layout;
    return levels.flatMap((_, i) => [changed(0, 'fs', nonce(i)), changed(0, 'pow_bits', i, 9)]);
  });
  part("a level's queries' claim polynomial: the next level's grinding nonce fails", GRIND, () => {
    const { last, nonce } = children[0].layout;
    return Array.from({ length: last }, (_, i) => changed(0, 'fs', nonce(i) + 1));
  });
  part("the last level's queries' claim polynomial, a tail round: WHIR's terminal check", TERMINAL, () => {
    const { last, nonce, tailEnd } = children[0].layout;
    return [changed(0, 'fs', nonce(last) + 2), changed(0, 'fs', tailEnd - 4)];
  });

  // the opening's hints checked against the record (second child)
  const logN = () => children[1].rec.logN;
  const firstZero = (name: string, from = 0) => children[1].rec.streams.get(name)![0].slice(from).findIndex((c) => c[0] === 0) + from;
  part("q_flock's offset bit (ring switching's point): not its place in the record", 'assert go == out[GEN ** (OUT_PLACE + 5)]', () => [changed(1, 'ring_bits', 0, logN() - 1)]);
  part("a memory claim's point at ζ: not ζ's coordinate", 'pc[n * c + k] = mb[k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[k]) * mb[n + n * c + k]', () => [changed(1, 'point_claims', 0, logN() + 2)]);
  part("a table's τ indicator moved: not the announced τ", 'assert gt == out[GEN ** (OUT_SIZES + 1 + t)]', () => [changed(1, 'table_bits', 0, firstZero('table_bits'))]);
  part("a column's offset bit: not its place in the record", 'assert g == go', () => [changed(1, 'column_bits', 7, logN() - 1)]);
  part("the memory's h indicator moved: not the announced h", 'assert gh == out[GEN ** OUT_SIZES]', () => [changed(1, 'memory_bits', 0, firstZero('memory_bits'))]);
  part('the hinted batch weight: not the one the opening computes', 'wo[0] = bw[0]', () => [changed(1, 'whir_out', 0, 0, (c) => void (c[4] ^= 1))]);

  // the queries: each level's first query, in both children
  const firstQuery = (j: number, i: number) => children[j].rec.phases.slice(0, i).reduce((n, p) => n + p.queries.length, 0);
  const everyLevel = (f: (j: number, i: number) => Streams) => [0, 1].flatMap((j) => children[j].rec.phases.map((_, i) => f(j, i)));
  part('a Merkle sibling at every level: the next node is not in its slot', NODE_SLOT, () => everyLevel((j, i) => {
    const slot = (children[j].rec.phases[i].queries[0] >>> 2) & 1 ? 0 : 2;
    return changed(j, 'siblings', firstQuery(j, i), 4 * 2 + slot, (c) => void (c[1] ^= 1 << 9));
  }));
  part("a leaf-row lane at every level: the row's digest is not in its slot", NODE_SLOT, () => everyLevel((j, i) => changed(j, 'row_words', firstQuery(j, i), children[j].rec.phases[i].leafWords - 1)));
  part("a query's path bit: the node is not in the slot the bit names", NODE_SLOT, () => [0, 1].map((j) => changed(j, 'path_bits', firstQuery(j, 1), 3)));
  part('a leaf-row word outside K: its K check', 'assert_in_k(w[2 * c], w[2 * c + 1])', () => [changed(1, 'row_words', 0, 10, (c) => void (c[2] ^= 1))], 'jump');
  part("another query's valid opening in a query's place: its path does not spell the drawn position", 'at[0] = pos', () => {
    const qs = children[1].rec.phases[0].queries;
    const other = qs.findIndex((q) => q !== qs[0]);
    const swapped = new Map([...streams].map(([name, v]) => [name, v.slice()]));
    for (const name of ['row_words', 'siblings', 'path_bits']) swapped.get(name)![children[1].at(name, 0)] = streams.get(name)![children[1].at(name, other)];
    return [swapped];
  });
  part("a query squeeze's bit: the bits do not recombine into the challenge", 'chk[0] = a0 + a1 * Y + a2 * Y2', () => [changed(1, 'challenge_bits', 2, 77)]);
});
