// The node's own layer of programs/aggregate-node.py (node_main; docs/recursion-guest.md §9) run
// in the VM on a real 2→1 node: two leaf aggregates with an overlapping signer plus two raw
// signatures (one a key a leaf already has), prepared as proveNode prepares them (children checked
// natively, the union, the batch proved) and executed with the node's public input, which the
// program must compute: the statement digest D_N over m, e, n, the union's key chain, H_N and the
// batch's claims digest, with each child's proof verified inside the VM (child_verify:
// child_to_ring, then the stacked WHIR opening). Each tamper stops the run at the assertion that
// catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { eOne, eZero } from '../../../src/field/e';
import { bytecodeDigest, fsSeed } from '../../../src/vm/bytecode';
import { FiatShamir } from '../../../src/transcript/fiat-shamir';
import type { PublicInput } from '../../../src/vm/public-input';
import { BATCH_LABEL } from '../../../src/workloads/recursion/batch';
import { claimScalars } from '../../../src/workloads/recursion/claims';
import { gPow } from '../../../src/workloads/recursion/guest/streams';
import { nodeProgramWitness, type PreparedNode, prepareNode } from '../../../src/workloads/recursion/node-prove';
import { CLAIMS_LABEL, NODE_TAG, nodePublicInput } from '../../../src/workloads/recursion/statement';
import { treeShape } from '../../../src/workloads/recursion/verify';
import { aggregate, aggregationProgram, digestPublicInput, statementDigest } from '../../../src/workloads/xmss-aggregate';
import { WHIR_LOGNS, WHIR_MIN_LOGN, whirWitness } from '../../../src/workloads/recursion/guest/whir';
import { GKR_DEPTHS, GKR_MIN_DEPTH } from '../../../src/workloads/recursion/guest/chain';
import { FLOCK_TAUS } from '../../../src/workloads/recursion/guest/windows';
import { KEY_LIST_TAG, STATEMENT_TAG } from '../../../src/workloads/xmss-aggregate/statement';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { nativeOrCpu } from '../../native/fast-backend';
import { expectFailsAt, freshSigners, NODE_SOURCE, nodeConstant, nodeProgram, nodeRecord, run, type Streams, tampered } from './children';

const cellBig = (w: Uint32Array, at = 0): bigint => [3, 2, 1, 0].reduce((v, i) => (v << 32n) | BigInt(w[at + i]), 0n);
const bytesBig = (b: Uint8Array, at: number): bigint => cellBig(new Uint32Array(b.slice(at, at + 16).buffer));

const next = xorshift32(0x6e6f6465);
const message = randomBytes(next, 32);
const EPOCH = 9;

describe("the node program's constants", () => {
  it('are the host\'s: tags, transcript starts, the leaf seed, the seed block, KN', () => {
    const half = (b: Uint8Array, name: string) => expect([nodeConstant(`${name}_0`), nodeConstant(`${name}_1`)]).toEqual([bytesBig(b, 0), bytesBig(b, 16)]);
    half(NODE_TAG, 'NODE_TAG');
    half(STATEMENT_TAG, 'STATEMENT_TAG');
    half(KEY_LIST_TAG, 'KEY_LIST_TAG');
    for (const [label, name] of [[CLAIMS_LABEL, 'CLAIMS_START'], [BATCH_LABEL, 'BATCH_START']]) {
      const cv = FiatShamir.init(label, []).cv;
      expect([nodeConstant(`${name}_0`), nodeConstant(`${name}_1`)]).toEqual([cellBig(cv, 0), cellBig(cv, 4)]);
    }
    const seed = fsSeed(aggregationProgram());
    expect([nodeConstant('LEAF_SEED_0'), nodeConstant('LEAF_SEED_1')]).toEqual([cellBig(seed[0]), cellBig(seed[1])]);
    const node = nodeProgram().program;
    expect(2 ** Number(nodeConstant('KN'))).toBe(node.bytecode.length);
    expect(treeShape(aggregationProgram(), node)).toEqual({ leafVars: Number(nodeConstant('LEAF_VARS')), nodeVars: Number(nodeConstant('KN')) + 4 });
  });

  it("are the pre-check's windows (guest/windows.ts): the GKR's depths, Flock's table sizes, the openings' stacks", () => {
    expect(Number(nodeConstant('GKR_MIN_DEPTH'))).toBe(GKR_MIN_DEPTH);
    expect(NODE_SOURCE).toContain(`match_range(log(dg[0]), range(0, ${GKR_DEPTHS}),`);
    expect(Number(nodeConstant('FLOCK_BLOCKS'))).toBe(FLOCK_TAUS);
    expect([Number(nodeConstant('WHIR_MIN_LOGN')), Number(nodeConstant('WHIR_LOGNS'))]).toEqual([WHIR_MIN_LOGN, WHIR_LOGNS]);
  });
});

describe('a 2→1 node over two leaves and two raw signers, in the VM', () => {
  let prepared: PreparedNode;
  let streams: Streams;
  let pi: PublicInput;
  beforeAll(async () => {
    const signers = freshSigners(next, message, EPOCH, 6);
    const backend = await nativeOrCpu('recursion-node');
    try {
      // A = {0, 1, 2}, B = {2, 3}: signer 2 in both; raw signers 4 and 1 (1 also in A)
      const leaf = async (idx: number[]) => ({ kind: 'leaf' as const, ...(await aggregate({ message, epoch: EPOCH, signers: idx.map((i) => signers[i]) }, { backend })).aggregate });
      const children = [{ aggregate: await leaf([0, 1, 2]) }, { aggregate: await leaf([2, 3]) }];
      prepared = await prepareNode({ message, epoch: EPOCH, children, signers: [signers[4], signers[1]] }, { node: nodeRecord() });
    } finally {
      backend.dispose();
    }
    streams = nodeProgramWitness(prepared);
    pi = prepared.input.publicInput;
  }, 600_000);

  it('computes the node\'s public input (D_N) and asserts it; 5 signers, 2 overlaps', () => {
    const { union, children, signers, batch, nodeProgramDigest } = prepared.input;
    expect(union.keys).toHaveLength(5);
    expect(union.overlaps).toBe(2);
    expect(pi).toEqual(nodePublicInput(message, EPOCH, union.keys, nodeProgramDigest, batch.claims));
    expect(nodeProgramDigest).toEqual(bytecodeDigest(nodeProgram().program));
    expect(claimScalars(batch.claims).length / 6).toBe(Number(nodeConstant('LEAF_VARS')) + Number(nodeConstant('KN')) + 4 + 28 + 4);
    const exec = run(streams, pi);
    console.log(`node layer, ${children.length} leaves (${children.map((c) => c.aggregate.publicKeys.length).join(' + ')} keys) and ${signers.length} raw signers: ${exec.programCycles} cycles (program ${nodeProgram().program.bytecode.length} slots)`);
  });

  const PUB = 'pub[1] = d0';
  // a child's public words are absorbed into its transcript (fs_absorb), equal to the proof's block
  const CHILD_STATEMENT = 'assert v == s';
  it('another message, epoch or signer set in the public input: the digest the program asserts differs', () => {
    const { union, batch, nodeProgramDigest } = prepared.input;
    const other = Uint8Array.from(message, (b, i) => (i === 3 ? b ^ 1 : b));
    expectFailsAt(streams, 'write-conflict', PUB, nodePublicInput(other, EPOCH, union.keys, nodeProgramDigest, batch.claims));
    expectFailsAt(streams, 'write-conflict', PUB, nodePublicInput(message, EPOCH + 1, union.keys, nodeProgramDigest, batch.claims));
    expectFailsAt(streams, 'write-conflict', PUB, nodePublicInput(message, EPOCH, union.keys.slice(1), nodeProgramDigest, batch.claims));
  });
  // key_index entries in order: each child's keys, then the raw signers'; (list, i) → entry, and
  // the entries that are a key's first occurrence and those that repeat one
  const at = (list: number, i: number) => prepared.input.union.indices.slice(0, list).reduce((n, l) => n + l.length, 0) + i;
  const occurrences = () => prepared.input.union.first.flatMap((l, list) => l.map((first, i) => ({ list, i, first, entry: at(list, i) })));
  const setTo = (v: Uint32Array) => (c: Uint32Array) => c.set(v);
  const COVER = 'cov[gi] = c';
  it("[N2] a key of U changed: a child reading it rebuilds another statement", () => {
    const reader = occurrences().find((o) => o.list === 0)!;
    expectFailsAt(tampered(streams, 'union', prepared.input.union.indices[0][reader.i], 1, (c) => (c[1] ^= 1)), 'write-conflict', CHILD_STATEMENT, pi);
  });
  it('[N2] an occurrence claimed first twice (an overlap marked first): the two write one cover cell', () => {
    const repeats = occurrences().filter((o) => !o.first);
    expect(repeats.map((o) => o.list)).toEqual([1, 2]);
    for (const o of repeats) expectFailsAt(tampered(streams, 'key_index', o.entry, 1, setTo(gPow(1))), 'write-conflict', COVER, pi);
  });
  it('[N2] a key nobody first-covers (a first occurrence marked an overlap): the counter stops short of g^n', () => {
    expectFailsAt(tampered(streams, 'key_index', at(0, 1), 1, setTo(gPow(0))), 'write-conflict', 'assert cend == ng', pi);
  });
  it('[N2] a child key read from another index (a first occurrence moved onto a covered key)', () => {
    const other = streams.get('key_index')![at(0, 2)][0];
    expectFailsAt(tampered(streams, 'key_index', at(0, 0), 0, setTo(other)), 'write-conflict', COVER, pi);
  });
  it("[N2] a child's key read from another index (an overlap moved): the child's rebuilt statement is not its own", () => {
    const repeat = occurrences().find((o) => o.list === 1 && !o.first)!;
    const other = prepared.input.union.indices[1][repeat.i] === 0 ? 1 : 0;
    expectFailsAt(tampered(streams, 'key_index', repeat.entry, 0, (c) => c.set(gPow(other))), 'write-conflict', CHILD_STATEMENT, pi);
  });
  it('[N2] an index past the union, and a first flag that is no bit: the range checks', () => {
    expectFailsAt(tampered(streams, 'key_index', at(0, 0), 0, setTo(gPow(5))), 'deref', 'assert log(gi) < log(ng)', pi);
    expectFailsAt(tampered(streams, 'key_index', at(0, 0), 1, setTo(gPow(2))), 'deref', 'assert log(ix[1]) < 2', pi);
  });
  it('[N5] another H_N: the published digest is another; a non-bit fails its check', () => {
    expectFailsAt(tampered(streams, 'node_digest_bits', 0, 77, (c) => (c[0] ^= 1)), 'write-conflict', PUB, pi);
    expectFailsAt(tampered(streams, 'node_digest_bits', 0, 3, (c) => (c[2] ^= 1)), 'write-conflict', 'hb[k] = hb[k] * hb[k]', pi);
  });
  it('[N4] a raw signature that does not verify under its key: its path misses the root', () => {
    expectFailsAt(tampered(streams, 'chains', 42 + 7, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'blake2s(mops[124:126], mops[126:128], rootb)', pi);
    // a raw signer that repeats a key read against another key: that key's P enters the
    // encoding digest, and the digits no longer make it
    const raw = occurrences().find((o) => o.list === 2 && !o.first)!;
    const other = prepared.input.union.indices[2][raw.i] === 0 ? 1 : 0;
    expectFailsAt(tampered(streams, 'key_index', raw.entry, 0, setTo(gPow(other))), 'write-conflict', 'dg[0] = acc + lane', pi);
  });
  const LEAF_END = 'assert claim == v * w';
  const MATRIX_END = 'assert claim == ab[0] * w[k2] + ab[1] * w[k2 * GEN]';
  it('[N3] a P_L round coefficient or v* changed: the last claim is not v*·Σ λ·eq(p, r)', () => {
    expectFailsAt(tampered(streams, 'batch_leaf_rounds', 4, 1, (c) => (c[0] ^= 1)), 'write-conflict', LEAF_END, pi);
    expectFailsAt(tampered(streams, 'batch_leaf_value', 0, 0, (c) => (c[5] ^= 1)), 'write-conflict', LEAF_END, pi);
  });
  it('[N3] a matrix round coefficient, a* or b* changed: the last claim is not a*·W_A + b*·W_B', () => {
    expectFailsAt(tampered(streams, 'batch_matrix_rounds', 20, 0, (c) => (c[2] ^= 1)), 'write-conflict', MATRIX_END, pi);
    expectFailsAt(tampered(streams, 'batch_matrix_values', 0, 1, (c) => (c[0] ^= 1)), 'write-conflict', MATRIX_END, pi);
  });
  // child_to_ring's own checks (docs/recursion-guest.md §5–§7) run on each child inside the node
  it('[N1] a child proof changed: the node stops inside that child\'s verification', () => {
    const fs = streams.get('fs')!.length;
    const flip = (name: string, entry: number) => tampered(streams, name, entry, 0, (c) => (c[0] ^= 1));
    expectFailsAt(flip('fs', 5), 'write-conflict', 'sizes[k] = n', pi);
    expectFailsAt(flip('fs', 20), 'write-conflict', 'chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])', pi);
    expectFailsAt(flip('bytecode_share', 1), 'write-conflict', 'assert term == claim', pi);
    // the last child's stacked WHIR opening ends the stream: its last tail round, at the terminal
    const last = prepared.input.children[1].aggregate;
    const opened = whirWitness(aggregationProgram(), digestPublicInput(statementDigest(message, EPOCH, last.publicKeys)), last.proof);
    const whirFs = opened.streams.get('fs')!.length - opened.fsStart;
    expectFailsAt(flip('fs', fs - 2), 'write-conflict', 'fin[0] = wt * st[8 * nl + 1]', pi);
    // Flock's last slice values make ring switching's claim: the opening's target is another
    expectFailsAt(flip('fs', fs - whirFs - 10), 'write-conflict', 'chk[0] = tg', pi);
  });
  // The children's count is five hinted bits (count(5)): any 0..31 can be claimed, and the
  // program's own bound, not only the host's pre-check (checkChildren), must refuse past 16.
  const withChildren = (n: number) => [0, 1, 2, 3, 4].reduce((t, k) => tampered(t, 'count_bits', 1, k, setTo((n >> k) & 1 ? eOne() : eZero())), streams);
  it('17 children claimed: the program refuses at its bound, before reading any child', () => {
    expect(streams.get('count_bits')![1].map((c) => c[0])).toEqual([0, 1, 0, 0, 0]);
    expectFailsAt(withChildren(17), 'deref', 'assert log(kg) < MAX_CHILDREN + 1', pi);
    // 16 passes the bound: the run goes on to a third child, whose kind the stream (of two) lacks
    // (a hint runs with the instruction after it, the kind's range check)
    expectFailsAt(withChildren(16), 'witness', 'assert log(kd[0]) < 2', pi);
  });
  it('[N3] a P_N batch claimed with no node child', () => {
    expectFailsAt(tampered(streams, 'has_node', 0, 0, setTo(gPow(1))), 'write-conflict', 'assert gn != 1', pi);
  });
});
