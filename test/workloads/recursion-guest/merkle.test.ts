// Piece (c) of the node program (programs/aggregate-node.py): every query a child's WHIR
// verification opened — its leaf image hashed block by block, its full authentication path
// walked to the phase's root — checked in the VM; and each tampered part (a sibling, a leaf-row
// lane, a position bit, the root) stops the run at the assertion that catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { recordChild } from '../../../src/workloads/recursion/guest/child';
import { openingsWitness } from '../../../src/workloads/recursion/guest/merkle';
import { type Child, expectFailsAt, leafChild, run, tampered, vectorChild } from './children';

const NODE_SLOT = 'nodes[2 * l + c] = lr[4 * l + c] + bits[l] * (lr[4 * l + c] + lr[4 * l + 2 + c])';
const LAST_HASH = 'blake2s(lr[4 * l:4 * l + 2], lr[4 * l + 2:4 * l + 4], nodes[2 * l + 2:2 * l + 4])';

function opensAll(child: Child): void {
  const { phases } = recordChild(child.program, child.publicInput, child.proof);
  const queries = phases.reduce((n, p) => n + p.openings.length, 0);
  const levels = phases.reduce((n, p) => n + p.openings.length * Math.log2(p.nLeaves), 0);
  const exec = run(openingsWitness(phases));
  expect(exec.programCycles).toBeGreaterThan(8 * levels);
  console.log(`${child.name}: ${phases.length} phases, ${queries} queries, ${levels} path levels: ${exec.programCycles} cycles`);
}

describe('the Merkle openings', () => {
  for (const name of ['arith', 'big']) it(`checks every query ${name}'s verifier opened`, () => opensAll(vectorChild(name)));

  describe('on a leaf aggregate', () => {
    let leaf: Child;
    beforeAll(async () => {
      leaf = await leafChild(1);
    }, 120_000);
    it("checks every query the leaf's verifier opened", () => opensAll(leaf));
  });
});

describe('a tampered opening stops the run', () => {
  const child = vectorChild('arith');
  const { phases } = recordChild(child.program, child.publicInput, child.proof);
  const honest = openingsWitness(phases);
  const height = Math.log2(phases[0].nLeaves);
  const q = phases[0].queries[0];

  it('the honest hints run', () => {
    expect(() => run(honest)).not.toThrow();
  });

  it("a sibling changed: the next level's node is not in its slot", () => {
    // level 3's sibling is the slot the node is not in
    const slot = (q >>> 3) & 1 ? 0 : 2;
    expectFailsAt(tampered(honest, 'siblings', 0, 4 * 3 + slot, (c) => (c[1] ^= 1 << 7)), 'write-conflict', NODE_SLOT);
  });

  it('the top sibling changed: the last hash is not the root', () => {
    const slot = (q >>> (height - 1)) & 1 ? 0 : 2;
    expectFailsAt(tampered(honest, 'siblings', 0, 4 * (height - 1) + slot, (c) => (c[0] ^= 1)), 'write-conflict', LAST_HASH);
  });

  it('a leaf-row lane changed: the leaf digest is not in level 0\'s slot', () => {
    expectFailsAt(tampered(honest, 'leaf', 0, 31, (c) => (c[3] ^= 1)), 'write-conflict', NODE_SLOT);
  });

  it("a query's path bit flipped: the node is not in the slot the bit names", () => {
    expectFailsAt(tampered(honest, 'path_bits', 5, 2, (c) => (c[0] ^= 1)), 'write-conflict', NODE_SLOT);
  });

  it('a path bit that is not a bit: the boolean check', () => {
    expectFailsAt(tampered(honest, 'path_bits', 5, 2, (c) => (c[0] ^= 2)), 'write-conflict', 'bits[l] = bits[l] * bits[l]');
  });

  it("another root: the last hash", () => {
    expectFailsAt(tampered(honest, 'opening', 7, 2, (c) => (c[0] ^= 1)), 'write-conflict', LAST_HASH);
  });
});
