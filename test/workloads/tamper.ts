// Tamper helpers: what the verifier makes of some bytes, and a sweep of one-bit flips over the
// regions of a reference proof.
import { ProofFormatError } from '../../src/transcript/errors';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { proofRegions, samplePositions } from './regions';
import { readInputs, readProof } from './vectors';

/** What the verifier makes of the bytes. */
export function outcome(inputs: Uint32Array, bytes: Uint8Array): 'valid' | 'invalid' | 'malformed' {
  try {
    return verifyHashBatch(inputs, bytes).valid ? 'valid' : 'invalid';
  } catch (e) {
    if (e instanceof ProofFormatError) return 'malformed';
    throw e;
  }
}

/** Flips one bit (which one varies with the position) at each sampled position; returns the misjudged. */
export function tamperSweep(k: number, budget: number, floor: number): { tried: number; wrong: string[]; regions: number } {
  const inputs = readInputs(k), proof = readProof(k);
  const regions = proofRegions(proof, k);
  const wrong: string[] = [];
  const sample = samplePositions(regions, budget, floor, 0x5eed + k);
  for (const { region, at } of sample) {
    const bad = proof.slice();
    bad[at] ^= 1 << (at % 8);
    const got = outcome(inputs, bad);
    const want = region.length ? 'malformed' : 'invalid';
    if (got !== want) wrong.push(`byte ${at} (${region.name}): ${got}, expected ${want}`);
  }
  return { tried: sample.length, wrong, regions: regions.length };
}
