// A child's verification in the VM as one chain (programs/aggregate-node.py, child_to_ring): from
// FS_START through ring switching's claim, nothing structural hinted: the announced sizes
// bounded and the bus depth, max τ and the stack's μ checked against them, then the GKR, the
// framework values, the table sumcheck, the public-input line, Flock and ring switching. The
// harness pre-writes the child's record with the TypeScript verifier's values (chainWitness), so
// every value the program writes there is checked at its own line. The tamper tests run it bare,
// as the node does (main's piece g^4), and a changed stream value or hint stops the run at the
// program's own check that catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { chainWitness, OUT } from '../../../src/workloads/recursion/guest/chain';
import { gPow } from '../../../src/workloads/recursion/guest/streams';
import { TABLE_BASES, virtualSlot } from '../../../src/vm/tables/columns';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../../../src/vm/tables/schema';
import { type Child, expectFailsAt, leafChild, NODE_SOURCE, piecesProgram, run, logOneMore, replaced, type Streams, tampered, vectorChild } from './children';

const PRODUCTS = 'chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])';
const CEIL = 'assert gw * ge == GEN ** (2 ** m)';
const CLAIM = 'assert term == claim';

describe("a child's verification in the VM, one chain from FS_START to ring switching's claim", () => {
  const endsAtVerifiers = (child: Child) => {
    const rec = chainWitness(child.program, child.publicInput, child.proof);
    const exec = run(rec.streams);
    expect(rec.streams.get('child_expect')![0]).toHaveLength(OUT.checked);
    const bare = run(chainWitness(child.program, child.publicInput, child.proof, true).streams);
    console.log(`${child.name}: bus depth ${rec.busDepth}, max τ ${Math.max(...rec.shape.taus)}, τ_BLAKE2S ${rec.shape.taus[5]}: ${bare.programCycles} cycles bare, ${exec.programCycles} with the record checked (program: ${piecesProgram().program.bytecode.length} slots)`);
  };
  for (const name of ['arith', 'big', 'hash']) it(`${name}: every value of the child's record is the verifier's`, () => endsAtVerifiers(vectorChild(name)));
  describe('a leaf aggregate', () => {
    let leaf: Child;
    beforeAll(async () => {
      leaf = await leafChild(1);
    }, 120_000);
    it("every value of the child's record is the verifier's", () => endsAtVerifiers(leaf));
  });
});

describe("the program's layout constants", () => {
  const constant = (name: string): number[] => JSON.parse(new RegExp(`^${name} = (\\[.*\\])$`, 'm').exec(NODE_SOURCE)![1]);
  it("are the schema's: interactions, committed columns, count columns, the blocks' order", () => {
    expect(constant('TABLE_INTERACTIONS')).toEqual(TABLE_SCHEMAS.map((t) => t.interactions.length));
    expect(constant('TABLE_COUNTS')).toEqual(TABLE_SCHEMAS.map((t) => t.counts.length));
    expect(constant('TABLE_COMMITTED')).toEqual(TABLE_SCHEMAS.map((t, i) => t.columns.filter((_, c) => virtualSlot(TABLE_BASES[i] + c) === undefined).length));
    const push = [1, 1, 1, ...TABLE_SCHEMAS.map((t) => t.interactions.length)];
    expect(constant('PUSH_BLOCKS')).toEqual(push);
    expect(constant('PUSH_FIRST')).toEqual(push.map((_, g) => push.slice(0, g).reduce((a, b) => a + b, 0)));
    const pushBlocks = push.reduce((a, b) => a + b, 0);
    expect(constant('COUNT_FIRST')).toEqual(TABLE_SCHEMAS.map((_, t) => pushBlocks + TABLE_SCHEMAS.slice(0, t).reduce((a, s) => a + s.counts.length, 0)));
    const stack = [4, 1, 1, ...TABLE_SCHEMAS.map((t, i) => t.columns.filter((_, c) => virtualSlot(TABLE_BASES[i] + c) === undefined).length)];
    expect(constant('STACK_COLUMNS')).toEqual(stack);
    expect(constant('STACK_FIRST')).toEqual(stack.map((_, g) => stack.slice(0, g).reduce((a, b) => a + b, 0)));
    expect(N_CONSTRAINTS).toBe(2);
    expect(TABLE_SCHEMAS.reduce((n, t) => n + t.columns.length, 0)).toBe(102);
  });
});

describe('one chain, tampered: the program\'s own checks', () => {
  const arith = vectorChild('arith');
  const rec = chainWitness(arith.program, arith.publicInput, arith.proof, true);
  const { streams, fsAt } = rec;

  it("a statement scalar's hinted block changed: it does not make the scalar", () => {
    expectFailsAt(tampered(streams, 'fs', 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'assert v == s');
  });
  it("an announced size's bits changed: they do not make the size", () => {
    expectFailsAt(tampered(streams, 'size_bits', 3, 1, (c) => (c[0] ^= 1)), 'write-conflict', 'sizes[k] = n');
  });
  it("a bit of the stack's bound changed: μ's bound does not hold", () => {
    expectFailsAt(tampered(streams, 'ceil_bits', 0, 2, (c) => (c[0] ^= 1)), 'write-conflict', CEIL);
  });
  it('another bus depth (one more): no difference of D bits reaches 2^(D+1)', () => {
    expect(streams.get('ceil_bits')![1]).toHaveLength(rec.busDepth - 1);
    expectFailsAt(logOneMore(streams, 'gkr_depth', 0, 16, 1), 'write-conflict', CEIL);
  });
  it('another max τ (one more than every table\'s): no table reaches it', () => {
    const d = Math.max(...rec.shape.taus);
    expectFailsAt(replaced(streams, 'depth', 0, [gPow(d + 1)]), 'write-conflict', 'assert top == 0');
  });
  it("a GKR round scalar changed: the step's products do not give its claim", () => {
    // arith's depth is even: the 3 roots, step 0's 3·4 children, then step 1's rounds
    expectFailsAt(tampered(streams, 'fs', fsAt.gkr + 3 + 12 + 1, 0, (c) => (c[1] ^= 1)), 'write-conflict', PRODUCTS);
  });
  it('the pull root changed: the bus does not balance', () => {
    expectFailsAt(tampered(streams, 'fs', fsAt.gkr + 1, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'bal[0] = vl[1]');
  });
  it('a zero count root: the count check', () => {
    const zero = tampered(tampered(streams, 'fs', fsAt.gkr + 2, 0, (c) => c.fill(0)), 'fs', fsAt.gkr + 2, 1, (c) => c.fill(0));
    expectFailsAt(zero, 'write-conflict', 'assert vl[2] != 0');
  });
  it("a root half changed: the GKR's first products do not give the claim (λ is another challenge)", () => {
    expectFailsAt(tampered(streams, 'fs', 12, 0, (c) => (c[0] ^= 1)), 'write-conflict', PRODUCTS);
  });
  it("a framework value changed: the table sumcheck's last claim is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', fsAt.framework + 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', CLAIM);
  });
  it("a table sumcheck coefficient changed: its last claim is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', fsAt.table + 1, 0, (c) => (c[2] ^= 1)), 'write-conflict', CLAIM);
  });
  it('another bytecode share (the deferred value): the last claim is not the verifier\'s', () => {
    expectFailsAt(tampered(streams, 'bytecode_share', 0, 0, (c) => (c[5] ^= 1)), 'write-conflict', CLAIM);
  });
  it("a block offset changed (valid digits, another offset): its selector's digits do not make the offset", () => {
    // the memory block's (push's and pull's) lowest digit g^0 → g^1: one row on
    expectFailsAt(replacedCell(streams, 'block_digits', 1, 0, gPow(1)), 'write-conflict', 'assert gp == go');
  });
  it('a block offset digit that is no digit (g^16): its range check', () => {
    expectFailsAt(replacedCell(streams, 'block_digits', 1, 0, gPow(16)), 'deref', 'assert log(dg[m]) < 16');
  });
  it('a layout order bit flipped: the sizes\' difference has the other sign', () => {
    // pair (state, memory): the state (1 row) does not come before the memory (2^h rows)
    expectFailsAt(tampered(streams, 'layout_order', 0, 0, (c) => (c[0] ^= 1)), 'deref', 'assert log(sg) < 33');
  });
  it("a stack order bit flipped: the sizes' difference has the other sign", () => {
    // pair (memory, q_flock): arith's q_flock (2^(8 + 3) words) is below its memory (2^16)
    expectFailsAt(tampered(streams, 'stack_order', 0, 1, (c) => (c[0] ^= 1)), 'deref', 'assert log(sg) < 33');
  });
  it('a table column value changed: the AIR terminal does not give the last claim', () => {
    // the first XOR column (pc); a BLAKE2S count column
    expectFailsAt(tampered(streams, 'fs', fsAt.columns, 0, (c) => (c[0] ^= 1)), 'write-conflict', CLAIM);
    expectFailsAt(tampered(streams, 'fs', fsAt.columns + 101, 0, (c) => (c[1] ^= 1)), 'write-conflict', CLAIM);
  });
  const LINE = 'line[0] = l0 + Y * l1 + Y2 * l2';
  it('a memory limb at r changed: off the line through the public words', () => {
    expectFailsAt(tampered(streams, 'fs', fsAt.line + 1, 0, (c) => (c[0] ^= 1)), 'write-conflict', LINE);
  });
});

describe('one chain against the verifier\'s record: each stage\'s values', () => {
  const arith = vectorChild('arith');
  const rec = chainWitness(arith.program, arith.publicInput, arith.proof);
  const { streams, fsAt } = rec;
  const nb = rec.shape.taus[5];
  // Flock's absorbs: 64 round-1 values, per zerocheck round (c1, c2), v_a, v_b, per lincheck round
  // (c0, c2), the 64 slice values
  const zc = fsAt.flock + 64, va = zc + 2 * (8 + nb), lin = va + 2, s = lin + 16;
  it("a round-1 value changed: z is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', fsAt.flock + 5, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[GEN ** 0] = z');
  });
  it("a zerocheck round coefficient changed: χ_in is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', zc + 3, 0, (c) => (c[1] ^= 1)), 'write-conflict', 'mt[GEN ** (1 + i)] = chi[i]');
  });
  it("v_a changed: α is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', va, 0, (c) => (c[0] ^= 4)), 'write-conflict', 'mt[GEN ** 9] = al');
  });
  it("a lincheck round coefficient changed: χ'_in is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', lin + 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[GEN ** (10 + i)] = rho[7 - i]');
  });
  it("a slice value changed: the exported s is not the verifier's", () => {
    expectFailsAt(tampered(streams, 'fs', s + 63, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[GEN ** (18 + u)] = sv[u]');
  });
  it('another deferred T: the program computes the verifier\'s', () => {
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.matrix + 82, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[GEN ** 82] = lc + al2 * eqii * vs6 * SKIP_DEN_6 * ss + al2 * al * sv[0] * eat');
  });
  it("another selector, total, share weight, table eq weight, column placement, χ_out or root half: the program computes the verifier's", () => {
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.sel + 30, (c) => (c[0] ^= 1)), 'write-conflict', 'sel[GEN ** (PUSH_FIRST[b] + j)] = block_sel(eqd, gd, go, zps)');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.sel + 40, (c) => (c[0] ^= 1)), 'write-conflict', 'sel[GEN ** (COUNT_FIRST[b] + j)] = block_sel(eqd, gd, go, zps)');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.totals + 1, (c) => (c[2] ^= 1)), 'write-conflict', 'tot[GEN] = out[GEN ** (OUT_LEAVES + 1)] + 1 + ts + s0 * (st + wv[1] * p2[lb] / GEN) + s1 * (me + wv[2] * fw[3]) + s2 * (bc + wv[2] * fw[4])');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.shareWeights, (c) => (c[2] ^= 1)), 'write-conflict', 'shw[GEN ** 0] = s2');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.tableWeights + 5, (c) => (c[2] ^= 1)), 'write-conflict', 'out[GEN ** (OUT_TW + t)] = cw[out[GEN ** (OUT_SIZES + 1 + t)]]');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.place + 40, (c) => (c[0] ^= 2)), 'write-conflict', 'pl[GEN ** (STACK_FIRST[b] + j)] = go');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.chiOut + 2, (c) => (c[0] ^= 2)), 'write-conflict', 'out[GEN ** (OUT_CHI_OUT + i)] = chi[8 + i]');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.root + 1, (c) => (c[0] ^= 2)), 'write-conflict', 'out[GEN ** (OUT_ROOT + k)] = fs_observe_half(ch, 4 + ANNOUNCED + k)');
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.lb, (c) => (c[0] ^= 2)), 'write-conflict', 'out[GEN ** OUT_LB] = lb');
  });
  it("another ring-switching claim: the program computes the verifier's", () => {
    expectFailsAt(tampered(streams, 'child_expect', 0, OUT.ring, (c) => (c[3] ^= 1)), 'write-conflict', 'out[GEN ** OUT_RING] = tr');
  });
  it("another public word: α is not the verifier's (the statement moves the chain)", () => {
    expectFailsAt(tampered(streams, 'child_statement', 0, 3, (c) => (c[0] ^= 1)), 'write-conflict', 'out[GEN ** (OUT_PUBLIC + 1)] = p1');
  });
});

function replacedCell(streams: Streams, name: string, entry: number, cell: number, value: Uint32Array): Streams {
  return tampered(streams, name, entry, cell, (c) => c.set(value));
}

