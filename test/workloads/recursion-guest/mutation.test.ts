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

const STATEMENT = 'assert v == s';
const PRODUCTS = 'chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])';
const CLAIM = 'assert term == claim';
const TARGET = 'chk[0] = tg';
const GRIND = 'chk[0] = acc * GEN ** POW_BITS + lm[1] * Y';
const TERMINAL = 'fin[0] = wt * st[8 * nl + 1]';
const NODE_SLOT = 'nodes[2 * l + c] = lr[4 * l + c] + bits[l] * (lr[4 * l + c] + lr[4 * l + 2 + c])';

describe("a 2→1 node's main with one value of a child's proof changed", () => {
  it('the honest witness runs; the node reads each child\'s streams in child order', () => {
    for (const [name, n] of CHILD_STREAMS) if (name !== 'piece' && name !== 'child_statement') expect(streams.get(name), name).toHaveLength(n);
    const exec = run(streams, pi);
    console.log(`2→1 node of leaves of 1 and 2 keys: ${exec.programCycles} cycles; levels ${children.map((c) => c.layout.levels.length).join(', ')}`);
  });

  // child_to_ring: the statement, the bus, the table sumcheck, the public line (first child)
  it("a statement scalar (the seed's or a public word's block): not the statement the node rebuilt", () => {
    expectFailsAt(changed(0, 'fs', 0), 'write-conflict', STATEMENT, pi);
    expectFailsAt(changed(0, 'fs', 3, 0, (c) => void (c[2] ^= 1)), 'write-conflict', STATEMENT, pi);
  });
  it("the commitment root's half: λ moves, so the GKR's first products do not give the claim", () => {
    expectFailsAt(changed(0, 'fs', children[0].rec.chain.fsAt.gkr - 2), 'write-conflict', PRODUCTS, pi);
  });
  it('the bus: a pull root that does not balance, a zero count root', () => {
    const { gkr } = children[0].rec.chain.fsAt;
    expectFailsAt(changed(0, 'fs', gkr + 1), 'write-conflict', 'bal[0] = vl[1]', pi);
    const zero = tampered(changed(0, 'fs', gkr + 2, 0, (c) => void c.fill(0)), 'fs', children[0].at('fs', gkr + 2), 1, (c) => void c.fill(0));
    expectFailsAt(zero, 'write-conflict', 'assert vl[2] != 0', pi);
  });
  it("a framework value: the table sumcheck's last claim is not the AIR terminal's", () => {
    expectFailsAt(changed(0, 'fs', children[0].rec.chain.fsAt.framework + 2), 'write-conflict', CLAIM, pi);
  });
  it('a table sumcheck round coefficient: its last claim is not the AIR terminal\'s', () => {
    expectFailsAt(changed(0, 'fs', children[0].rec.chain.fsAt.table + 1, 0, (c) => void (c[2] ^= 1)), 'write-conflict', CLAIM, pi);
  });
  it('a table column value: the AIR terminal does not give the last claim', () => {
    expectFailsAt(changed(0, 'fs', children[0].rec.chain.fsAt.columns + 7), 'write-conflict', CLAIM, pi);
  });
  it("a memory limb at the public line's r: off the line through the public words", () => {
    expectFailsAt(changed(0, 'fs', children[0].rec.chain.fsAt.line + 1), 'write-conflict', 'line[0] = l0 + Y * l1 + Y2 * l2', pi);
  });

  // the structure child_to_ring derives from the announced sizes, hinted and checked
  const setTo = (v: Uint32Array) => (c: Uint32Array) => void c.set(v);
  it("the hinted structure: a size's bits, μ, the bus depth, max τ, a block's offset digit, the layout's and the stack's order", () => {
    const CEIL = 'assert gw * ge == GEN ** (2 ** m)';
    expectFailsAt(changed(1, 'size_bits', 2, 1), 'write-conflict', 'sizes[k] = n', pi);
    expectFailsAt(changed(1, 'ceil_bits', 0, 2), 'write-conflict', CEIL, pi);
    // μ and the bus depth one more, with their differences' bits (entries 0 and 1 of the child's ceil_bits)
    expectFailsAt(logOneMore(streams, 'stack_log', children[1].at('stack_log', 0), 15, children[1].at('ceil_bits', 0)), 'write-conflict', CEIL, pi);
    expectFailsAt(logOneMore(streams, 'gkr_depth', children[1].at('gkr_depth', 0), 16, children[1].at('ceil_bits', 1)), 'write-conflict', CEIL, pi);
    expectFailsAt(changed(1, 'depth', 0, 0, setTo(gPow(Math.max(...children[1].rec.chain.shape.taus) + 1))), 'write-conflict', 'assert top == 0', pi);
    expectFailsAt(changed(1, 'block_digits', 1, 0, setTo(gPow(1))), 'write-conflict', 'assert gp == go', pi);
    expectFailsAt(changed(1, 'layout_order', 0, 0), 'deref', 'assert log(sg) < 33', pi);
    expectFailsAt(changed(1, 'stack_order', 0, 1), 'deref', 'assert log(sg) < 33', pi);
  });

  // Flock: nothing in the child's verification checks its zerocheck and lincheck but the deferred
  // matrix claim and the chain; run bare, every change moves the chain, so ring switching's map
  // challenges, and with them the stacked batch's target, are others
  const flock = (j: number) => {
    const { fsAt, shape } = children[j].rec.chain;
    const zerocheck = fsAt.flock + 64, va = zerocheck + 2 * (8 + shape.taus[BLAKE2S_TABLE]), lincheck = va + 2;
    return { roundOne: fsAt.flock, zerocheck, va, lincheck, slices: lincheck + 16 };
  };
  it("Flock's zerocheck: a round-1 value, a round coefficient, v_a or v_b: the batch's target is not the absorbed one", () => {
    const f = flock(0);
    for (const e of [f.roundOne + 5, f.zerocheck + 3, f.va, f.va + 1]) expectFailsAt(changed(0, 'fs', e), 'write-conflict', TARGET, pi);
  });
  it("Flock's lincheck: a round coefficient or a slice value: the batch's target is not the absorbed one", () => {
    const f = flock(0);
    for (const e of [f.lincheck + 2, f.slices]) expectFailsAt(changed(0, 'fs', e), 'write-conflict', TARGET, pi);
  });

  // the stacked batch after ring switching's claim, then each WHIR level (first child)
  it("ring switching's batch: a point claim's value is not the record's; another target is not the computed one", () => {
    const { fsStart } = children[0].rec;
    expectFailsAt(changed(0, 'fs', fsStart + 20), 'write-conflict', 'vals[FRAMEWORK_VALUES + b] = out[GEN ** (OUT_COLUMNS + b)]', pi);
    expectFailsAt(changed(0, 'fs', children[0].layout.target), 'write-conflict', TARGET, pi);
  });
  it("the opening's hinted bits: q_flock's offset (ring switching's point), a memory claim's point, a table's τ, a column's and h's place; the hinted weight", () => {
    const { logN } = children[1].rec;
    expectFailsAt(changed(1, 'ring_bits', 0, logN - 1), 'write-conflict', 'assert go == out[GEN ** (OUT_PLACE + 5)]', pi);
    expectFailsAt(changed(1, 'point_claims', 0, logN + 2), 'write-conflict', 'pc[n * c + k] = mb[k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[k]) * mb[n + n * c + k]', pi);
    const tau = children[1].rec.streams.get('table_bits')![0].slice(0, logN).findIndex((c) => c[0] === 0);
    expectFailsAt(changed(1, 'table_bits', 0, tau), 'write-conflict', 'assert gt == out[GEN ** (OUT_SIZES + 1 + t)]', pi);
    expectFailsAt(changed(1, 'column_bits', 7, logN - 1), 'write-conflict', 'assert g == go', pi);
    const h = children[1].rec.streams.get('memory_bits')![0].findIndex((c) => c[0] === 0);
    expectFailsAt(changed(1, 'memory_bits', 0, h), 'write-conflict', 'assert gh == out[GEN ** OUT_SIZES]', pi);
    expectFailsAt(changed(1, 'whir_out', 0, 0, (c) => void (c[4] ^= 1)), 'write-conflict', 'wo[0] = bw[0]', pi);
  });
  it("WHIR's first round polynomial, and a fold round's coefficient at every level: the chain moves, so the level's grinding nonce fails", () => {
    const { levels, target, fold } = children[0].layout;
    expectFailsAt(changed(0, 'fs', target + 2), 'write-conflict', GRIND, pi);
    levels.forEach((l, i) => expectFailsAt(changed(0, 'fs', fold(i, l.fold - 1), 0, (c) => void (c[1] ^= 4)), 'write-conflict', GRIND, pi));
  });
  it("every level's next root half, OOD answer and its polynomial; the last level's residual: the level's grinding nonce fails", () => {
    const { last, next: nextAt, ood } = children[0].layout;
    for (let i = 0; i < last; i++) for (const e of [nextAt(i) + 1, ood(i), ood(i) + 2]) expectFailsAt(changed(0, 'fs', e), 'write-conflict', GRIND, pi);
    expectFailsAt(changed(0, 'fs', nextAt(last) + 1), 'write-conflict', GRIND, pi);
  });
  it("every level's grinding nonce, and a bit of its check word: the grinding check", () => {
    const { levels, nonce } = children[0].layout;
    levels.forEach((_, i) => {
      expectFailsAt(changed(0, 'fs', nonce(i)), 'write-conflict', GRIND, pi);
      expectFailsAt(changed(0, 'pow_bits', i, 9), 'write-conflict', GRIND, pi);
    });
  });
  it("a level's queries' claim polynomial: the next level's grinding nonce fails, and at the last level the terminal check", () => {
    const { last, nonce, tailEnd } = children[0].layout;
    for (let i = 0; i < last; i++) expectFailsAt(changed(0, 'fs', nonce(i) + 1), 'write-conflict', GRIND, pi);
    expectFailsAt(changed(0, 'fs', nonce(last) + 2), 'write-conflict', TERMINAL, pi);
    expectFailsAt(changed(0, 'fs', tailEnd - 4), 'write-conflict', TERMINAL, pi);
  });

  // the queries: each level's first query of each child
  const firstQuery = (j: number, i: number) => children[j].rec.phases.slice(0, i).reduce((n, p) => n + p.queries.length, 0);
  it('a Merkle sibling of a query at every level, in either child: the next node is not in its slot', () => {
    for (const j of [0, 1]) {
      children[j].rec.phases.forEach((phase, i) => {
        const slot = (phase.queries[0] >>> 2) & 1 ? 0 : 2;
        expectFailsAt(changed(j, 'siblings', firstQuery(j, i), 4 * 2 + slot, (c) => void (c[1] ^= 1 << 9)), 'write-conflict', NODE_SLOT, pi);
      });
    }
  });
  it("a leaf-row lane at every level, in either child: the row's digest is not in its slot", () => {
    for (const j of [0, 1]) {
      children[j].rec.phases.forEach((phase, i) => {
        expectFailsAt(changed(j, 'row_words', firstQuery(j, i), phase.leafWords - 1), 'write-conflict', NODE_SLOT, pi);
      });
    }
  });
  it('a leaf-row word outside K: its K check', () => {
    expectFailsAt(changed(1, 'row_words', 0, 10, (c) => void (c[2] ^= 1)), 'jump', 'assert_in_k(w[2 * c], w[2 * c + 1])', pi);
  });
  it("a query's path: a flipped path bit is not the node's slot; another query's valid opening does not spell the drawn position", () => {
    for (const j of [0, 1]) expectFailsAt(changed(j, 'path_bits', firstQuery(j, 1), 3), 'write-conflict', NODE_SLOT, pi);
    const qs = children[1].rec.phases[0].queries;
    const other = qs.findIndex((q) => q !== qs[0]);
    const swapped = new Map([...streams].map(([name, v]) => [name, v.slice()]));
    for (const name of ['row_words', 'siblings', 'path_bits']) swapped.get(name)![children[1].at(name, 0)] = streams.get(name)![children[1].at(name, other)];
    expectFailsAt(swapped, 'write-conflict', 'at[0] = pos', pi);
  });
  it("a query squeeze's bit: the bits do not recombine into the challenge", () => {
    expectFailsAt(changed(1, 'challenge_bits', 2, 77), 'write-conflict', 'chk[0] = a0 + a1 * Y + a2 * Y2', pi);
  });
});
