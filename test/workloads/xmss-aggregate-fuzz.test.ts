// Mutated aggregate files (test/fuzz/aggregate-mutants.ts: header fields, key lists, proof
// lengths, byte edits of the whole file, and the VM proof inside mutated byte-wise and
// structurally): none is accepted, and each is refused with a typed error or an invalid verdict,
// never another exception, and every part of the file is where some of them begin. A slice of
// 3000 for CI (about 3 minutes on one core); tools/fuzz-aggregates.ts runs 10^5 and times them.
//
// LEANVM_AGGREGATE_FUZZ=N runs N mutants instead of the CI's slice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import {
  type FuzzSubject, firstEditedPart, judge, leafSubject, mutateAggregate, type Outcome, type Part, PARTS,
} from '../fuzz/aggregate-mutants';
import { xorshift32 } from '../hash/prng';
import { vmBytes } from '../vm/vm-vectors';
import { nativeOrCpu } from '../native/fast-backend';

const CASES = Number(process.env.LEANVM_AGGREGATE_FUZZ ?? 3000);

let backend: Backend;
let subject: FuzzSubject;
beforeAll(async () => {
  backend = await nativeOrCpu('xmss-aggregate-fuzz');
  subject = await leafSubject(backend, 2, vmBytes('arith', 'proof'));
});
afterAll(() => backend.dispose());

describe('fuzzed aggregate files', () => {
  it(`${CASES} mutants of a leaf aggregate of 2 signers: none accepted, every refusal typed`, () => {
    const rng = xorshift32(0xa66f);
    const outcomes: Record<Outcome, number> = { decode: 0, invalid: 0, 'proof-format': 0, unchanged: 0 };
    const parts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;
    for (let c = 0; c < CASES; c++) {
      const mutant = mutateAggregate(subject, rng);
      const part = firstEditedPart(subject, mutant);
      if (part !== null) parts[part]++;
      outcomes[judge(subject, mutant, `mutant ${c}`).outcome]++;
    }
    console.log(`aggregate fuzz: ${JSON.stringify(outcomes)}, first edited part: ${JSON.stringify(parts)}`);
    expect(outcomes.decode + outcomes.invalid + outcomes['proof-format'] + outcomes.unchanged).toBe(CASES);
    // Each way of refusing is reached, and few mutants are the original again.
    expect(Math.min(outcomes.decode, outcomes.invalid, outcomes['proof-format'])).toBeGreaterThan(CASES / 20);
    expect(outcomes.unchanged).toBeLessThan(CASES / 20);
    // The edits reach every part of the file, not only the proof that is most of its bytes.
    expect(Math.min(...Object.values(parts))).toBeGreaterThan(CASES / 100);
  }, Math.max(600_000, 2_000 * CASES));
});
