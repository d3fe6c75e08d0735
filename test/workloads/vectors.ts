// The reference hash-batch vectors (vectors/flock, README table): inputs, proofs, and the
// proof files' published sizes and BLAKE2s-256 digests.
import { blake2s } from '@noble/hashes/blake2.js';
import { readFileSync } from 'node:fs';
import { messagesFromBytes } from '../../src/workloads/hash-batch/batch';
import { vectorPath } from '../vectors';

export const SIZES = [7, 8, 9, 10, 11, 12, 13];

/** k → [proof bytes, BLAKE2s-256 of the proof file] as vectors/README.md lists them. */
export const PUBLISHED: Record<number, [number, string]> = {
  7: [147672, '38550288771f3d0e2e4ac40a4c5dc774134fa34876b479289923bd38d02b9cc3'],
  8: [161632, '49c55df335c18e311519369daac39b8f60b78878559f0da0d9b45e8a8a5d5c51'],
  9: [176728, '78add2e09bd024e4dc6d805afa1bd7c40e90982e2d5050d71bf294310222766a'],
  10: [200944, 'f8a7634da8e742b4c2b187794f9e91b8496f0c39f51da727acf34693446127a3'],
  11: [213560, '125987f0ce38a24206f197ea0155eb79777b133128b26b586ae8702d6f68fb9e'],
  12: [224608, '8e3991287651162e5cf34b1faef936f1b5f4f5ab434d0778d9681c8b9b2d4146'],
  13: [243304, '2d6e9e4d9c1347cb52c582627699e25497b68d555df24a9e8a5eadc22cac09a6'],
};

export const inputsPath = (k: number): string => vectorPath('flock', `blake2s_batch_n${k}.inputs.bin`);
export const proofPath = (k: number): string => vectorPath('flock', `blake2s_batch_n${k}.proof`);

export const readInputs = (k: number): Uint32Array => messagesFromBytes(new Uint8Array(readFileSync(inputsPath(k))));
export const readProof = (k: number): Uint8Array => new Uint8Array(readFileSync(proofPath(k)));

export const digestHex = (bytes: Uint8Array): string => Buffer.from(blake2s(bytes)).toString('hex');

/** Index of the first byte where a and b differ (−1: none); a length difference counts. The
 * GPU session's device check compares with the same function. */
export { firstDifference } from '../../bench/device-check/compare';
