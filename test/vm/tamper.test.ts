// Tampered VM proofs are never accepted: byte flips spread over every region of arith.proof and
// hash.proof (the announced sizes, the root, the GKR, the framework values, the table sumcheck's
// rounds and column values, the public-input limbs, Flock's zerocheck and lincheck, the slice
// values ring switching takes, WHIR's stream, every Merkle phase's rows and siblings, the length
// prefixes) each give `valid: false` or a ProofFormatError, never anything else.
//
// LEANVM_VM_SWEEP=all flips every byte of arith.proof instead (a local run: ~1 h of CPU).
import { describe, expect, it } from 'vitest';
import { ProofFormatError } from '../../src/transcript/errors';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { proofRegions, type Region, spread } from './regions';
import { vmBytes, vmText } from './vm-vectors';

/** Flips per region: every region is hit, the larger ones more. */
const QUOTA: Record<string, number> = {
  'announced sizes': 48, 'commitment root': 32, 'bus GKR': 160, 'framework values': 40,
  'table sumcheck rounds': 48, 'table column values': 120, 'public-input limbs': 40, 'Flock zerocheck': 100,
  'Flock lincheck rounds': 40, 'ring switch inputs (the 64 slice values)': 64, 'WHIR stream': 100, 'length prefixes': 40,
};
const MERKLE_ROWS = 36, MERKLE_SIBLINGS = 24;

type Outcome = 'invalid' | 'malformed' | 'accepted' | 'crashed';
type Tally = Record<Outcome, number> & { examples: string[] };

function outcome(program: ReturnType<typeof parseProgram>, pi: ReturnType<typeof parsePublicInputJson>, bytes: Uint8Array): [Outcome, string] {
  try {
    const v = verifyProgram(program, pi, bytes);
    return v.valid ? ['accepted', 'valid'] : ['invalid', v.reason];
  } catch (e) {
    return e instanceof ProofFormatError ? ['malformed', e.message] : ['crashed', String(e)];
  }
}

/** Flips the picked bytes of each region one at a time; counts the outcomes (and keeps the first
 * few unexpected ones) rather than stopping, so a long sweep reports everything it found. */
function tamper(name: string, pick: (r: Region) => number[]): Map<string, Tally> {
  const program = parseProgram(vmText(name, 'program.json'));
  const pi = parsePublicInputJson(vmText(name, 'public.json'));
  const proof = vmBytes(name, 'proof');
  expect(verifyProgram(program, pi, proof).valid).toBe(true);
  const tally = new Map<string, Tally>();
  for (const region of proofRegions(name)) {
    const t: Tally = { invalid: 0, malformed: 0, accepted: 0, crashed: 0, examples: [] };
    for (const at of pick(region)) {
      const mask = 1 << (at % 8); // every bit position across the region
      proof[at] ^= mask;
      const [kind, why] = outcome(program, pi, proof);
      proof[at] ^= mask;
      t[kind]++;
      if ((kind === 'accepted' || kind === 'crashed') && t.examples.length < 5) t.examples.push(`byte ${at}: ${why}`);
    }
    tally.set(region.name, t);
  }
  return tally;
}

const quota = (r: Region): number => QUOTA[r.name] ?? (r.name.endsWith('rows') ? MERKLE_ROWS : MERKLE_SIBLINGS);

function report(name: string, tally: Map<string, Tally>): number {
  let total = 0;
  for (const [region, t] of tally) {
    console.log(`${name} ${region}: ${t.invalid} invalid, ${t.malformed} malformed, ${t.accepted} accepted, ${t.crashed} crashed ${t.examples.join('; ')}`);
    total += t.invalid + t.malformed + t.accepted + t.crashed;
  }
  return total;
}

const sweep = process.env.LEANVM_VM_SWEEP === 'all';

describe('tampered VM proofs', () => {
  const flips: number[] = [];
  for (const name of sweep ? ['arith'] : ['arith', 'hash']) {
    it(`${name}: ${sweep ? 'every byte' : 'flips in every region'} rejected`, () => {
      const tally = tamper(name, (r) => (sweep ? spread(r, Infinity) : spread(r, quota(r))));
      expect(tally.size).toBe(12 + 2 * 4); // 12 stream and structure regions, rows and siblings of 4 phases
      flips.push(report(name, tally));
      for (const [region, t] of tally) {
        expect(t.invalid + t.malformed, region).toBeGreaterThan(0);
        expect(t.examples, `${region}: accepted or crashed`).toEqual([]);
      }
    }, sweep ? 12 * 3600_000 : 600_000);
  }
  it('flipped at least 2,000 bytes in all', () => {
    expect(flips.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(sweep ? vmBytes('arith', 'proof').length : 2000);
  });
});
