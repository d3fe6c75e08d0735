// Tampering with one small stacked-opening proof: one byte changed in any region of the stream
// (roots, round messages, OOD answers, residual values, grinding nonces) or of the Merkle phases
// (row words, sibling hashes), at many sampled positions, and every structural change (scalars
// or phases missing or extra) must be rejected with a VerificationError.
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { commitColumns, placeColumns, proveStackedOpening, type StackClaims, verifyStackedOpening } from '../../src/pcs/stack';
import { VerificationError, VerifierState } from '../../src/transcript';
import type { MerklePhase, Proof } from '../../src/transcript';
import { bitSliceEvals, columnAt, eWords, kWords, RecordingProver, type Region, SplitMix64 } from './helpers';

const LABEL = 'tamper-test';
const RATE = 2;
const SAMPLES = 12;

const rng = new SplitMix64(77);
const columns = [kWords(rng, 2 ** 14), kWords(rng, 2 ** 12), kWords(rng, 2 ** 13)];
const placement = placeColumns([14, 12, 13]);
const suffix = eWords(rng, 14);
const p1 = eWords(rng, 12), p2 = eWords(rng, 13);
const claims: StackClaims = {
  ring: { offset: placement.offsets[0], vars: 14, claims: [{ suffix, s: bitSliceEvals(columns[0], suffix) }] },
  points: [
    { offset: placement.offsets[1], point: p1, value: columnAt(columns[1], p1) },
    { offset: placement.offsets[2], point: p2, value: columnAt(columns[2], p2) },
  ],
};
const { commitment } = await commitColumns(createCpuBackend(), columns, RATE);
const ps = new RecordingProver(LABEL);
await proveStackedOpening(ps, commitment, claims);
const proof = ps.finish();

function verify(p: Proof): void {
  const vs = new VerifierState(LABEL, [], p);
  verifyStackedOpening(vs, { logN: placement.logN, nLanes: placement.nLanes, logInvRate: RATE, root: commitment.root }, claims);
  vs.finish();
}

const copyPhase = (ph: MerklePhase): MerklePhase => ({ leafData: ph.leafData.map((r) => r.slice()), siblingHashes: ph.siblingHashes.map((s) => s.slice()) });
const copy = (p: Proof): Proof => ({ stream: p.stream.slice(), merkle: p.merkle.map(copyPhase) });

/** XOR a nonzero random byte into byte `at` of a word array. */
function flipByte(words: Uint32Array, at: number): void {
  const delta = 1 + (rng.next()[0] % 255);
  words[at >>> 2] ^= delta << (8 * (at & 3));
}

const pick = <T>(list: readonly T[]): T => list[rng.next()[0] % list.length];

describe('tampered proofs are rejected', () => {
  it('the honest proof is accepted', () => verify(proof));

  const regions: Region[] = ['root', 'round', 'ood', 'residual', 'nonce'];
  for (const region of regions) {
    it(`one byte of a ${region} scalar`, () => {
      const scalars = ps.regions.get(region) ?? [];
      expect(scalars.length).toBeGreaterThan(0);
      for (let i = 0; i < SAMPLES; i++) {
        const bad = copy(proof);
        const scalar = pick(scalars);
        // A nonce's first byte, every other time: the bits the grinding check reads.
        const byte = region === 'nonce' && i % 2 === 0 ? 0 : rng.next()[0] % 24;
        flipByte(bad.stream, 24 * scalar + byte);
        expect(() => verify(bad), `scalar ${scalar} byte ${byte}`).toThrow(VerificationError);
      }
    });
  }

  it('the stream regions cover every transmitted scalar', () => {
    const all = regions.flatMap((r) => ps.regions.get(r) ?? []).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: proof.stream.length / 6 }, (_, i) => i));
  });

  it('one byte of an opened row, in every phase', () => {
    proof.merkle.forEach((phase, p) => {
      for (let i = 0; i < SAMPLES; i++) {
        const bad = copy(proof);
        const row = rng.next()[0] % phase.leafData.length;
        flipByte(bad.merkle[p].leafData[row], rng.next()[0] % (4 * phase.leafData[row].length));
        expect(() => verify(bad), `phase ${p} row ${row}`).toThrow(VerificationError);
      }
    });
  });

  it('one byte of a sibling hash, in every phase', () => {
    proof.merkle.forEach((phase, p) => {
      for (let i = 0; i < SAMPLES; i++) {
        const bad = copy(proof);
        const sib = rng.next()[0] % phase.siblingHashes.length;
        bad.merkle[p].siblingHashes[sib][rng.next()[0] % 32] ^= 1 + (rng.next()[0] % 255);
        expect(() => verify(bad), `phase ${p} sibling ${sib}`).toThrow(VerificationError);
      }
    });
  });

  it('missing or extra scalars, phases, rows and siblings', () => {
    const edits: ((p: Proof) => void)[] = [
      (p) => { p.stream = p.stream.slice(0, p.stream.length - 6); },
      (p) => { p.stream = Uint32Array.from([...p.stream, 0, 0, 0, 0, 0, 0]); },
      (p) => { p.merkle.pop(); },
      (p) => { p.merkle.push(copyPhase(p.merkle[0])); },
      (p) => { p.merkle[1].leafData.pop(); },
      (p) => { p.merkle[0].leafData[3] = p.merkle[0].leafData[3].subarray(2); },
      (p) => { p.merkle[2].siblingHashes.push(new Uint8Array(32)); },
      (p) => { p.merkle[0].siblingHashes.shift(); },
    ];
    edits.forEach((edit, i) => {
      const bad = copy(proof);
      edit(bad);
      expect(() => verify(bad), `edit ${i}`).toThrow(VerificationError);
    });
  });
});
