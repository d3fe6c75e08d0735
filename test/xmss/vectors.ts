// The XMSS vectors (shared/vectors/xmss, from the reference crate at 5df6c37): index.json's keys
// and cases, with their files read.
import { readFileSync } from 'node:fs';
import { vectorPath } from '../vectors';

export interface VectorKey {
  key: number;
  seed: string;
  epoch_start: number;
  epoch_end: number;
  public_key: string;
  public_key_file: string;
  merkle_root: string;
  public_param: string;
}

export interface VectorCase {
  case: string;
  kind: 'valid' | 'wrong_epoch' | 'flipped_message_bit' | 'flipped_signature_byte';
  key: number;
  epoch: number;
  message: string;
  signature_file: string;
  public_key_file: string;
  expected: 'accept' | 'reject:InvalidWots' | 'reject:InvalidMerklePath';
  sign_rng_seed_u64?: number;
  randomness?: string;
  grind_attempts?: number;
  wots_encoding?: number[];
  signature_blake2s?: string;
}

export const xmssVectorPath = (name: string): string => vectorPath('xmss', name);
export const readVector = (name: string): Uint8Array => new Uint8Array(readFileSync(xmssVectorPath(name)));

export const xmssIndex = JSON.parse(readFileSync(xmssVectorPath('index.json'), 'utf8')) as {
  parameters: Record<string, number>;
  keys: VectorKey[];
  cases: VectorCase[];
};

export const fromHex = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, 'hex'));
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
