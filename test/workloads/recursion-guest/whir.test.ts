// The node program's stacked WHIR opening (programs/aggregate-node.py, whir_open) after
// child_to_ring, on the chain and record it leaves: a child's batch (ring switching's claim, the
// point claims, λ) and every WHIR level — fold rounds, the next root from the stream, OOD sample
// and answer, grinding, query squeezes whose bits are the Merkle walks' paths, each opened row
// folded into the level's claim — to the terminal check: one chain from the child's statement,
// ending at the TypeScript verifier's weight and bound point. Each tampered part stops the run at
// the assertion that catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { eZero } from '../../../src/field/e';
import { proveProgram } from '../../../src/vm/prove/prove';
import { verifyProgram } from '../../../src/vm/verify/verify';
import { nativeOrCpu } from '../../native/fast-backend';
import { whirWitness } from '../../../src/workloads/recursion/guest/whir';
import { type Child, expectFailsAt, leafChild, piecesProgram, run, tampered, vectorChild, whirLayout } from './children';

function opens(child: Child) {
  const rec = whirWitness(child.program, child.publicInput, child.proof);
  const exec = run(rec.streams);
  const queries = rec.phases.reduce((k, p) => k + p.queries.length, 0);
  expect(rec.point).toHaveLength(rec.logN);
  // program cycles by function (specialisations together; main's range holds the fill)
  const by = new Map<string, number>();
  for (const f of piecesProgram().program.fnRanges) {
    const name = f.name.replace(/__.*/, '');
    if (name === 'main') continue;
    let c = 0;
    for (let pc = f.entry; pc < f.entry + f.len; pc++) c += exec.bytecodeCounts[pc];
    if (c > 0) by.set(name, (by.get(name) ?? 0) + c);
  }
  const whir = ['whir_at', 'whir_open', 'column_weight', 'whir_row', 'merkle_walk', 'query_weight', 'query_runs'];
  const parts = whir.map((k) => `${k} ${by.get(k) ?? 0}`).join(', ');
  const own = whir.reduce((t, k) => t + (by.get(k) ?? 0), 0);
  console.log(`${child.name}: stacked WHIR opening of 2^${rec.logN} words, ${rec.phases.length} levels, ${queries} queries: ${own} cycles (${parts}), ${exec.programCycles} with child_to_ring (program: ${piecesProgram().program.bytecode.length} slots)`);
}

describe("a child's stacked WHIR opening in the VM", () => {
  for (const name of ['arith', 'big']) it(`runs ${name}'s opening to the verifier's weight, point and terminal check`, () => opens(vectorChild(name)));
  describe('a leaf aggregate', () => {
    let leaf: Child;
    beforeAll(async () => {
      leaf = await leafChild(1);
    }, 120_000);
    it("runs its opening to the verifier's weight, point and terminal check", () => opens(leaf));
  });
});

describe("arith's opening as a piece of the node program", () => {
  // the piece reads nothing of the public input, so any words stand for it
  it('is proved (every cell it reads written) and the proof verifies', async () => {
    const child = vectorChild('arith');
    const rec = whirWitness(child.program, child.publicInput, child.proof);
    expect(run(rec.streams).unconstrainedReads).toEqual([]);
    const backend = await nativeOrCpu('whir piece');
    try {
      const publicInput = [eZero(), eZero()] as const;
      const { proof, stats } = await proveProgram(piecesProgram().program, publicInput, { backend, witness: rec.streams });
      console.log(`arith's WHIR piece proved: ${stats.programCycles} program cycles (${stats.cycles} with the fill), ${stats.proofBytes} proof bytes`);
      expect(verifyProgram(piecesProgram().program, publicInput, proof).valid).toBe(true);
    } finally {
      backend.dispose();
    }
  }, 600_000);
});

describe('a tampered opening stops the run', () => {
  const rec = whirWitness(vectorChild('arith').program, vectorChild('arith').publicInput, vectorChild('arith').proof);
  const { fold, ood, nonce, last, tailEnd } = whirLayout(rec);
  const GRIND = 'chk[0] = acc * GEN ** POW_BITS + lm[1] * Y';
  const TERMINAL = 'fin[0] = wt * st[8 * nl + 1]';
  const NODE_SLOT = 'nodes[2 * l + c] = lr[4 * l + c] + bits[l] * (lr[4 * l + c] + lr[4 * l + 2 + c])';

  it('the honest hints run, and the stream is read to its end', () => {
    expect(rec.streams.get('fs')).toHaveLength(tailEnd);
    expect(() => run(rec.streams)).not.toThrow();
  });
  it("a fold round's coefficient changed: the chain moves, so level 1's grinding nonce fails", () => {
    expectFailsAt(tampered(rec.streams, 'fs', fold(1, 0), 0, (c) => (c[0] ^= 1)), 'write-conflict', GRIND);
  });
  it("the last tail round's coefficient changed: the terminal check", () => {
    expectFailsAt(tampered(rec.streams, 'fs', tailEnd - 2, 0, (c) => (c[2] ^= 1)), 'write-conflict', TERMINAL);
  });
  it("an OOD answer changed: the chain moves, so the level's grinding nonce fails", () => {
    expectFailsAt(tampered(rec.streams, 'fs', ood(0), 0, (c) => (c[1] ^= 1)), 'write-conflict', GRIND);
  });
  it('a grinding nonce changed: the grinding check', () => {
    expectFailsAt(tampered(rec.streams, 'fs', nonce(2), 0, (c) => (c[0] ^= 1)), 'write-conflict', GRIND);
  });
  it("a residual value changed: the chain moves, so the last level's grinding nonce fails", () => {
    expectFailsAt(tampered(rec.streams, 'fs', nonce(last) - 1, 0, (c) => (c[0] ^= 1)), 'write-conflict', GRIND);
  });
  it("a Merkle sibling changed: the next level's node is not in its slot", () => {
    const q = rec.phases[1].queries[0], first = rec.phases[0].queries.length;
    const slot = (q >>> 4) & 1 ? 0 : 2;
    expectFailsAt(tampered(rec.streams, 'siblings', first, 4 * 4 + slot, (c) => (c[1] ^= 1 << 9)), 'write-conflict', NODE_SLOT);
  });
  it("a leaf-row lane changed: the row's digest is not in level 0's slot", () => {
    expectFailsAt(tampered(rec.streams, 'row_words', 3, 63, (c) => (c[0] ^= 1)), 'write-conflict', NODE_SLOT);
  });
  it('a leaf-row word outside K: the K check', () => {
    expectFailsAt(tampered(rec.streams, 'row_words', 3, 10, (c) => (c[2] ^= 1)), 'jump', 'assert_in_k(w[2 * c], w[2 * c + 1])');
  });
  it("a query's path bit flipped: the node is not in the slot the bit names", () => {
    expectFailsAt(tampered(rec.streams, 'path_bits', 7, 3, (c) => (c[0] ^= 1)), 'write-conflict', NODE_SLOT);
  });
  it("another query's valid opening in a query's place: its path does not spell the drawn position", () => {
    const i = rec.phases[0].queries.findIndex((q) => q !== rec.phases[0].queries[0]);
    const swapped = new Map([...rec.streams].map(([name, v]) => [name, v.slice()]));
    for (const name of ['row_words', 'siblings', 'path_bits']) swapped.get(name)![0] = rec.streams.get(name)![i];
    expectFailsAt(swapped, 'write-conflict', 'at[0] = pos');
  });
  it("a query squeeze's bit flipped: the bits do not recombine into the challenge", () => {
    expectFailsAt(tampered(rec.streams, 'challenge_bits', 2, 77, (c) => (c[0] ^= 1)), 'write-conflict', 'chk[0] = a0 + a1 * Y + a2 * Y2');
  });
  // table_weights' hints: each table's t_k = [k < τ_t] (logN each); column_weight's: each table
  // column's offset's logN bits, one entry a column (claims 5 .. 106 in order)
  it("a table column's selector bit flipped: not the column's place in the record", () => {
    expectFailsAt(tampered(rec.streams, 'column_bits', 7, rec.logN - 1, (c) => (c[0] ^= 1)), 'write-conflict', 'assert g == go');
  });
  it("a BLAKE2S value column's selector bit flipped: not q_flock's place", () => {
    expectFailsAt(tampered(rec.streams, 'column_bits', 80, rec.logN - 1, (c) => (c[0] ^= 1)), 'write-conflict', 'assert g == go');
  });
  it("a table's τ moved (one more table-point coordinate): not the announced τ", () => {
    const tau = Array.from(rec.streams.get('table_bits')![0]).slice(0, rec.logN).findIndex((c) => c[0] === 0);
    expectFailsAt(tampered(rec.streams, 'table_bits', 0, tau, (c) => (c[0] ^= 1)), 'write-conflict', 'assert gt == out[GEN ** (OUT_SIZES + 1 + t)]');
  });
  it("a table's indicator not a prefix: the prefix check", () => {
    expectFailsAt(tampered(rec.streams, 'table_bits', 0, rec.logN + 1, (c) => (c[0] ^= 1)), 'write-conflict', 'tb[n * t + k] = tb[n * t + k] * tb[n * t + k - 1]');
  });
  // ring_point's hints: q_flock's offset's logN bits, then t_k = [k < τ] for k < logN - 8
  const RING_PLACE = 'assert go == out[GEN ** (OUT_PLACE + 5)]';
  it("ring switching's point: a selector bit of q_flock's offset flipped is not its place in the record", () => {
    expectFailsAt(tampered(rec.streams, 'ring_bits', 0, rec.logN - 1, (c) => (c[0] ^= 1)), 'write-conflict', RING_PLACE);
  });
  it("ring switching's point: one more χ_out coordinate (τ + 1 of them) is not the record's τ", () => {
    const tau = Array.from(rec.streams.get('ring_bits')![0]).slice(rec.logN).findIndex((c) => c[0] === 0);
    expectFailsAt(tampered(rec.streams, 'ring_bits', 0, rec.logN + tau, (c) => (c[0] ^= 1)), 'write-conflict', 'assert gt == out[GEN ** (OUT_SIZES + 6)]');
  });
  it("ring switching's point: a χ_out coordinate swapped for a selector bit (t not a prefix) fails the prefix check", () => {
    expectFailsAt(tampered(rec.streams, 'ring_bits', 0, rec.logN + 1, (c) => (c[0] ^= 1)), 'write-conflict', 'rb[n + k] = rb[n + k] * rb[n + k - 1]');
  });
  it("ring switching's point: a bit hint that is no bit fails its bit check", () => {
    expectFailsAt(tampered(rec.streams, 'ring_bits', 0, 3, (c) => (c[1] ^= 1)), 'write-conflict', 'rb[k] = rb[k] * rb[k]');
  });
  // memory_points' hints: t_k = [k < h] for k < logN, then mem_0..2's and mem_final_cnt's offsets' bits
  it("a memory claim's point (the framework's mem_1 at ζ) changed: it is not ζ's coordinate", () => {
    expectFailsAt(tampered(rec.streams, 'point_claims', 0, 1 * rec.logN + 2, (c) => (c[0] ^= 1)), 'write-conflict', 'pc[n * c + k] = mb[k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[k]) * mb[n + n * c + k]');
  });
  it("the public line's claim's point changed past r: it is not zero", () => {
    expectFailsAt(tampered(rec.streams, 'point_claims', 0, 6 * rec.logN + 1, (c) => (c[0] ^= 1)), 'write-conflict', 'pc[n * b + k] = (1 + mb[k]) * mb[n + n * c + k]');
  });
  it("the public line's claim's r changed: it is not the record's r", () => {
    expectFailsAt(tampered(rec.streams, 'point_claims', 0, 7 * rec.logN, (c) => (c[3] ^= 1)), 'write-conflict', 'pc[n * b] = mb[0] * out[GEN ** OUT_LINE] + (1 + mb[0]) * mb[n + n * c]');
  });
  it("a memory claim's selector bit changed (hint and point together): not the column's place", () => {
    const bits = rec.streams.get('memory_bits')![0];
    const k = rec.logN - 1, o = bits[rec.logN + 2 * rec.logN + k][0];
    let s = tampered(rec.streams, 'memory_bits', 0, rec.logN + 2 * rec.logN + k, (c) => (c[0] ^= 1));
    s = tampered(s, 'point_claims', 0, 2 * rec.logN + k, (c) => (c[0] = o ^ 1));
    expectFailsAt(s, 'write-conflict', 'assert go == out[GEN ** (OUT_PLACE + c)]');
  });
  it("the memory's log size moved (one more ζ coordinate): not the announced h", () => {
    const h = Array.from(rec.streams.get('memory_bits')![0]).findIndex((c) => c[0] === 0);
    expectFailsAt(tampered(rec.streams, 'memory_bits', 0, h, (c) => (c[0] ^= 1)), 'write-conflict', 'assert gh == out[GEN ** OUT_SIZES]');
  });
  // and then u_k = [k < kbc], the bytecode final count's offset's bits (claim 4)
  const BYTECODE_POINT = 'pc[4 * n + k] = mb[5 * n + k] * out[GEN ** (OUT_ZETA + k)] + (1 + mb[5 * n + k]) * mb[6 * n + k]';
  it("the bytecode final count's point changed at ζ: it is not ζ's coordinate", () => {
    expectFailsAt(tampered(rec.streams, 'point_claims', 0, 4 * rec.logN + 2, (c) => (c[0] ^= 1)), 'write-conflict', BYTECODE_POINT);
  });
  it("the bytecode final count's point changed past kbc: it is not its selector bit", () => {
    expectFailsAt(tampered(rec.streams, 'point_claims', 0, 5 * rec.logN - 1, (c) => (c[0] ^= 1)), 'write-conflict', BYTECODE_POINT);
  });
  it("the bytecode's log size moved (one more ζ coordinate): not the record's kbc", () => {
    const kbc = Array.from(rec.streams.get('memory_bits')![0]).slice(5 * rec.logN, 6 * rec.logN).findIndex((c) => c[0] === 0);
    expectFailsAt(tampered(rec.streams, 'memory_bits', 0, 5 * rec.logN + kbc, (c) => (c[0] ^= 1)), 'write-conflict', 'assert gb == out[GEN ** OUT_LB]');
  });
  it("the bytecode final count's selector bit changed (hint and point together): not its place", () => {
    const k = rec.logN - 1, o = rec.streams.get('memory_bits')![0][6 * rec.logN + k][0];
    let s = tampered(rec.streams, 'memory_bits', 0, 6 * rec.logN + k, (c) => (c[0] ^= 1));
    s = tampered(s, 'point_claims', 0, 4 * rec.logN + k, (c) => (c[0] = o ^ 1));
    expectFailsAt(s, 'write-conflict', 'assert gf == out[GEN ** (OUT_PLACE + 4)]');
  });
  it("a point claim's value changed: it is not the record's column value", () => {
    expectFailsAt(tampered(rec.streams, 'fs', rec.fsStart + 20, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'vals[FRAMEWORK_VALUES + b] = out[GEN ** (OUT_COLUMNS + b)]');
  });
  it("a wrong expected weight: the program's batch weight is the verifier's", () => {
    expectFailsAt(tampered(rec.streams, 'whir_out', 0, 0, (c) => (c[4] ^= 1)), 'write-conflict', 'wo[0] = bw[0]');
  });
});
