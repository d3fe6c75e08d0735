// Piece (b) of the node program (programs/aggregate-node.py): E arithmetic on the VM's MUL and
// XOR, and a child's table sumcheck run in the VM — ξ squeezed, the opening claim made of the
// bus's side totals, every degree-3 round absorbed, its challenge squeezed and the claim carried
// — ending at the claim the TypeScript verifier's rounds reach, then its column values absorbed
// and the public-input line checked against the child's public words; a changed round
// coefficient or total stops the run at the claim, a changed memory limb or public word at the
// line.
import { describe, expect, it } from 'vitest';
import { N_CONSTRAINTS, TABLE_SCHEMAS } from '../../../src/vm/tables/schema';
import { tableSumcheckWitness } from '../../../src/workloads/recursion/guest/table-sumcheck';
import { pushEntry } from '../../../src/workloads/recursion/guest/streams';
import { type Child, expectFailsAt, finalClaim, run, tampered, vectorChild } from './children';

function witness(child: Child) {
  const rec = tableSumcheckWitness(child.program, child.publicInput, child.proof);
  pushEntry(rec.streams, 'final_claim', [finalClaim(rec)]);
  return rec;
}

describe("a child's table sumcheck in the VM", () => {
  it('weighs the bus sides after the two constraints, with three side totals; 102 columns', () => {
    expect(N_CONSTRAINTS).toBe(2);
    expect(TABLE_SCHEMAS.reduce((n, t) => n + t.columns.length, 0)).toBe(102);
    expect(tableSumcheckWitness(vectorChild('arith').program, vectorChild('arith').publicInput, vectorChild('arith').proof).totals.length).toBe(3);
  });

  for (const name of ['arith', 'big']) {
    it(`runs ${name}'s rounds to the verifier's last claim`, () => {
      const rec = witness(vectorChild(name));
      const exec = run(rec.streams);
      console.log(`${name}: ${rec.depth} rounds: ${exec.programCycles} cycles`);
    });
  }

  const rec = witness(vectorChild('big'));
  it('a round coefficient changed: the claim at the end is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', 4, 0, (c) => (c[2] ^= 1)), 'write-conflict', 'want[0] = claim');
  });

  it('a bus total changed: the claim at the end is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'bus_totals', 0, 1, (c) => (c[0] ^= 1)), 'write-conflict', 'want[0] = claim');
  });

  it('another bytecode share (the deferred value): the claim at the end is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'bytecode_share', 0, 0, (c) => (c[5] ^= 1)), 'write-conflict', 'want[0] = claim');
  });

  const LINE = 'line[0] = l0 + Y * l1 + Y2 * l2';
  it('a memory limb at r changed: off the line through the public words', () => {
    const fs = rec.streams.get('fs')!;
    expectFailsAt(tampered(rec.streams, 'fs', fs.length - 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', LINE);
  });

  it('another public word: off the line', () => {
    expectFailsAt(tampered(rec.streams, 'child_public', 0, 1, (c) => (c[0] ^= 1)), 'write-conflict', LINE);
  });
});
