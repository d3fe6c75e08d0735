// Piece (a) of the node program (programs/aggregate-node.py): a child's whole transcript
// replayed in the VM, every scalar the TypeScript verifier absorbs absorbed by a BLAKE2S
// compression of the program, every squeeze equal to the verifier's challenge, every grinding
// nonce re-checked; and each kind of tampered hint stops the run at the assertion that catches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { recordChild, transcriptStart } from '../../../src/workloads/recursion/guest/child';
import { replayWitness, transcriptEvents, type TranscriptEvent } from '../../../src/workloads/recursion/guest/transcript';
import { type Child, expectFailsAt, leafChild, NODE_SOURCE, run, tampered, vectorChild } from './children';

const constant = (name: string): bigint => BigInt(new RegExp(`^${name} = (\\d+)$`, 'm').exec(NODE_SOURCE)![1]);
const cellWords = (v: bigint) => Array.from({ length: 4 }, (_, i) => Number((v >> BigInt(32 * i)) & 0xffffffffn));

describe('the transcript replay', () => {
  it('starts from the chain after the domain and the label', () => {
    const cv = Array.from(transcriptStart());
    expect([...cellWords(constant('FS_START_0')), ...cellWords(constant('FS_START_1'))]).toEqual(cv);
  });

  const children: Child[] = [vectorChild('arith'), vectorChild('arith_rate2'), vectorChild('hash'), vectorChild('big')];
  for (const child of children) {
    it(`runs ${child.name}'s whole transcript, every squeeze the verifier's challenge`, () => {
      const events = transcriptEvents(recordChild(child.program, child.publicInput, child.proof).steps);
      const count = (k: TranscriptEvent['kind']) => events.filter((e) => e.kind === k).length;
      expect(count('grind')).toBeGreaterThan(0);
      const exec = run(replayWitness(events));
      expect(exec.programCycles).toBeGreaterThan(events.length);
      console.log(`${child.name}: ${count('absorb')} absorbs, ${count('squeeze')} squeezes, ${count('grind')} grinds: ${exec.programCycles} cycles`);
    });
  }

  describe('on a leaf aggregate', () => {
    let events: TranscriptEvent[];
    beforeAll(async () => {
      const leaf = await leafChild(1);
      events = transcriptEvents(recordChild(leaf.program, leaf.publicInput, leaf.proof).steps);
    }, 120_000);

    it('runs its whole transcript', () => {
      const exec = run(replayWitness(events));
      console.log(`leaf of 1: ${events.length} events: ${exec.programCycles} cycles`);
    });
  });
});

describe('a tampered transcript hint stops the run', () => {
  const child = vectorChild('arith');
  const events = transcriptEvents(recordChild(child.program, child.publicInput, child.proof).steps);
  const honest = replayWitness(events);
  const firstGrind = events.findIndex((e) => e.kind === 'grind');
  // the grinding nonce's cells are the fs entry after every absorb before it
  const nonceEntry = events.slice(0, firstGrind).filter((e) => e.kind === 'absorb').length;

  it('the honest hints run', () => {
    expect(() => run(honest)).not.toThrow();
  });

  it('a stream scalar changed (a low limb bit): the next squeeze is not the challenge', () => {
    expectFailsAt(tampered(honest, 'fs', 20, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'want[0] = c');
  });

  it("a stream scalar's c2 limb changed: the next squeeze is not the challenge", () => {
    expectFailsAt(tampered(honest, 'fs', 20, 1, (c) => (c[1] ^= 0x80000000)), 'write-conflict', 'want[0] = c');
  });

  it('bits moved from the scalar into the tag word (c2 hint outside K): the K check', () => {
    expectFailsAt(tampered(honest, 'fs', 20, 1, (c) => (c[2] ^= 1)), 'jump', 'assert_in_k(blk[1], blk[1])');
  });

  it('a grinding nonce changed: the check word has low bits set', () => {
    expectFailsAt(tampered(honest, 'fs', nonceEntry, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'chk[0] = acc * GEN ** POW_BITS + lm[1] * Y');
  });

  it("a grinding check's bit changed: the check word disagrees", () => {
    expectFailsAt(tampered(honest, 'pow_bits', 0, 5, (c) => (c[0] ^= 1)), 'write-conflict', 'chk[0] = acc * GEN ** POW_BITS + lm[1] * Y');
  });

  it("a grinding check's bit not boolean: the bit check", () => {
    expectFailsAt(tampered(honest, 'pow_bits', 0, 5, (c) => (c[2] ^= 1)), 'write-conflict', 'bits[k] = bits[k] * bits[k]');
  });
});
