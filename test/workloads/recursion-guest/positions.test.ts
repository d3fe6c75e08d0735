// Query positions derived in the VM (programs/aggregate-node.py, challenge_bits): every query
// squeeze of a child's WHIR levels decomposed into its 192 checked bits, whose d-bit runs are
// the positions the TypeScript verifier opened; a forged bit stops the run.
import { describe, expect, it } from 'vitest';
import { recordChild } from '../../../src/workloads/recursion/guest/child';
import { positionsWitness } from '../../../src/workloads/recursion/guest/positions';
import { transcriptEvents } from '../../../src/workloads/recursion/guest/transcript';
import { expectFailsAt, run, tampered, vectorChild } from './children';

function record(name: string) {
  const child = vectorChild(name);
  const { steps, phases } = recordChild(child.program, child.publicInput, child.proof);
  return { phases, ...positionsWitness(transcriptEvents(steps), phases) };
}

describe('query positions from squeezed words', () => {
  for (const name of ['arith', 'big']) {
    it(`${name}: the squeezes' runs are the verifier's queries, and the VM derives them`, () => {
      const { phases, runs, streams } = record(name);
      phases.forEach((p, i) => expect(runs[i].slice(0, p.queries.length)).toEqual(p.queries));
      const exec = run(streams);
      const squeezes = streams.get('squeeze')!.length;
      console.log(`${name}: ${squeezes} query squeezes, ${phases.reduce((n, p) => n + p.queries.length, 0)} queries: ${exec.programCycles} cycles`);
    });
  }

  const { streams } = record('arith');
  it('a challenge bit flipped: the bits do not make the challenge', () => {
    expectFailsAt(tampered(streams, 'challenge_bits', 2, 70, (c) => (c[0] ^= 1)), 'write-conflict', 'chk[0] = a0 + a1 * Y + a2 * Y2');
  });

  it('a challenge bit that is not a bit: the boolean check', () => {
    expectFailsAt(tampered(streams, 'challenge_bits', 2, 70, (c) => (c[0] ^= 2)), 'write-conflict', 'bits[k] = bits[k] * bits[k]');
  });

  it('another position claimed: the run of bits is not it', () => {
    expectFailsAt(tampered(streams, 'positions', 1, 3, (c) => (c[0] ^= 4)), 'write-conflict', 'want[j] = bits_run(bits, j, d)');
  });
});
