// The VM verifier on the reference's proofs: every vector verifies, with the summary the
// reference reports (sizes, μ, lanes, stream and Merkle phases), reading the whole proof; each
// proof is invalid against another program, against a changed public-input word and with
// another rate announced. Verifying expands a proof to its raw form (the Python verifier's), the
// reference's NAME.rawproof byte for byte.
import { describe, expect, it } from 'vitest';
import { type E } from '../../src/field/e';
import { parseProgram, type Program } from '../../src/vm/program';
import { parsePublicInputJson, type PublicInput } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { VM_PROGRAMS, type VmProgramName, vmBytes, vmSummary, vmText } from './vm-vectors';

const programs = new Map<string, Program>(VM_PROGRAMS.map((n) => [n, parseProgram(vmText(n, 'program.json'))]));
const inputs = new Map<string, PublicInput>(VM_PROGRAMS.map((n) => [n, parsePublicInputJson(vmText(n, 'public.json'))]));
const verify = (program: string, pi: PublicInput, proof: Uint8Array) => verifyProgram(programs.get(program)!, pi, proof);

/** arith_rate2's program is arith's, byte for byte: the two proofs share a statement. */
const sameProgram = (a: string, b: string): boolean => vmText(a, 'program.json') === vmText(b, 'program.json');

describe('VM vectors verify', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: valid, with the reference's summary`, () => {
      const v = verify(name, inputs.get(name)!, vmBytes(name, 'proof'));
      if (!v.valid) throw new Error(v.reason);
      const s = vmSummary(name);
      expect(v.summary.h).toBe(s.announced.h);
      expect(v.summary.tau).toEqual(s.announced.tau);
      expect(v.summary.logInvRate).toBe(s.announced.log_inv_rate);
      expect(v.summary.mu).toBe(s.mu);
      expect(v.summary.nLanes).toBe(s.n_lanes);
      expect(v.summary.streamScalars).toBe(s.stream_len);
      expect(v.summary.merklePhases).toEqual(s.merkle_phases.map((p: any) => ({ rows: p.stored_rows, rowWords: p.row_words, siblings: p.sibling_hashes })));
    });
  }
});

describe('the raw form, expanded while verifying', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: NAME.rawproof byte for byte`, () => {
      const v = verifyProgram(programs.get(name)!, inputs.get(name)!, vmBytes(name, 'proof'), { raw: true });
      if (!v.valid) throw new Error(v.reason);
      expect(Buffer.compare(v.raw!, vmBytes(name, 'rawproof'))).toBe(0);
    });
  }

  it('only when asked for', () => {
    const v = verify('arith', inputs.get('arith')!, vmBytes('arith', 'proof'));
    expect(v.valid && v.raw).toBeUndefined();
  });
});

describe('VM proofs bind their statement', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: invalid against every other program`, () => {
      const proof = vmBytes(name, 'proof');
      for (const other of VM_PROGRAMS) {
        if (sameProgram(name, other)) continue;
        const v = verify(other, inputs.get(name)!, proof);
        expect(v.valid, `${name}.proof against ${other}'s program`).toBe(false);
      }
    });

    it(`${name}: invalid with any public-input word changed`, () => {
      const proof = vmBytes(name, 'proof');
      const [w0, w1] = inputs.get(name)!;
      const changed = (w: E, limb: number, bit: number): E => {
        const c = w.slice();
        c[2 * limb + (bit >>> 5)] ^= 1 << (bit & 31);
        return c;
      };
      for (const [limb, bit] of [[0, 0], [0, 63], [1, 17], [2, 0]]) {
        expect(verify(name, [changed(w0, limb, bit), w1], proof).valid).toBe(false);
        expect(verify(name, [w0, changed(w1, limb, bit)], proof).valid).toBe(false);
      }
      expect(verify(name, [w1, w0], proof).valid).toBe(false);
    });

    it(`${name}: invalid with another rate announced`, () => {
      const announced = vmSummary(name).announced.log_inv_rate as number;
      for (const rate of [1, 2, 3, 4, 0, 5]) {
        if (rate === announced) continue;
        const proof = vmBytes(name, 'proof');
        proof[8 + 24 * 7] = rate; // the eighth announced scalar's low byte
        const v = verify(name, inputs.get(name)!, proof);
        expect(v.valid, `rate ${rate}`).toBe(false);
        if (rate === 0 || rate === 5) expect(!v.valid && v.reason).toMatch(/log_inv_rate/);
      }
    });
  }

  it('a rate-1 proof and a rate-1/4 proof of the same program differ and each verifies at its own', () => {
    const [a, b] = (['arith', 'arith_rate2'] as VmProgramName[]).map((n) => verify('arith', inputs.get('arith')!, vmBytes(n, 'proof')));
    expect(a.valid && b.valid).toBe(true);
    expect(a.valid && b.valid && [a.summary.logInvRate, b.summary.logInvRate]).toEqual([1, 2]);
  });
});
