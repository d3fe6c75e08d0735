// Tamper helpers: what the verifier makes of some bytes, and a sweep of one-bit flips over the
// regions of a reference proof.
import { ProofFormatError } from '../../src/transcript/errors';
import { type HashBatchVerifyOptions, verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { proofRegions, samplePositions } from './regions';
import { readInputs, readProof } from './vectors';

/** What the verifier makes of the bytes (an empty-statement proof unless told otherwise). */
export function outcome(inputs: Uint32Array, bytes: Uint8Array, options: HashBatchVerifyOptions = { statement: 'none' }): 'valid' | 'invalid' | 'malformed' {
  try {
    return verifyHashBatch(inputs, bytes, options).valid ? 'valid' : 'invalid';
  } catch (e) {
    if (e instanceof ProofFormatError) return 'malformed';
    throw e;
  }
}

/** tamperSweep over the reference proof for 2^k messages. */
export function tamperSweep(k: number, budget: number, floor: number): { tried: number; wrong: string[]; regions: number } {
  return tamperProof(readInputs(k), readProof(k), k, budget, floor);
}

/**
 * Flips one bit (which one varies with the position) at each sampled position of a proof over
 * 2^k blocks; returns the misjudged.
 */
export function tamperProof(
  inputs: Uint32Array, proof: Uint8Array, k: number, budget: number, floor: number, options?: HashBatchVerifyOptions,
): { tried: number; wrong: string[]; regions: number } {
  const regions = proofRegions(proof, k);
  const wrong: string[] = [];
  const sample = samplePositions(regions, budget, floor, 0x5eed + k);
  for (const { region, at } of sample) {
    const bad = proof.slice();
    bad[at] ^= 1 << (at % 8);
    const got = outcome(inputs, bad, options);
    const want = region.length ? 'malformed' : 'invalid';
    if (got !== want) wrong.push(`byte ${at} (${region.name}): ${got}, expected ${want}`);
  }
  return { tried: sample.length, wrong, regions: regions.length };
}
