// Mutants of an aggregate file (docs/xmss-aggregation.md §9) and the one rule they are judged by:
// decodeAggregate throws AggregateFormatError, or verifyAggregate says `valid: false` or throws
// AggregateFormatError. Anything else (an accepted mutant, another error, a crash) is a finding.
// Shared by test/workloads/xmss-aggregate-fuzz.test.ts (a CI slice) and tools/fuzz-aggregates.ts
// (a local run of 10^5).
import { firstDifference } from '../../bench/device-check/compare';
import type { Backend } from '../../src/backend/backend';
import { type Proof, parseProof } from '../../src/transcript/proof';
import { StdRng } from '../../src/util/std-rng';
import {
  type Aggregate, AggregateFormatError, aggregate, decodeAggregate, encodeAggregate, verifyAggregate,
} from '../../src/workloads/xmss-aggregate';
import { XMSS_PUBLIC_KEY_BYTES, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { BYTE_EDITS, below, mutateProof, type Rng } from './proof-mutants';

/** A leaf aggregate to mutate, its statement, and a proof of another statement to splice from. */
export interface FuzzSubject {
  readonly bytes: Uint8Array;
  readonly aggregate: Aggregate;
  readonly proof: Proof;
  readonly other: Proof;
  readonly message: Uint8Array;
  readonly epoch: number;
}

/** Proves a leaf aggregate of `n` fresh signers on `backend`; `other` is any other VM proof's bytes. */
export async function leafSubject(backend: Backend, n: number, other: Uint8Array): Promise<FuzzSubject> {
  const message = Uint8Array.from({ length: 32 }, (_, i) => (5 * i + 3) & 0xff);
  const epoch = 9;
  const signers = Array.from({ length: n }, (_, i) => {
    const key = xmssKeyGen(Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j) & 0xff), 8, 11);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(i, 0)).signature };
  });
  const { aggregate: agg } = await aggregate({ message, epoch, signers }, { backend });
  return { bytes: encodeAggregate(agg), aggregate: agg, proof: parseProof(agg.proof), other: parseProof(other), message, epoch };
}

const HEADER = 48;
const setU32 = (b: Uint8Array, at: number, v: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(at, v >>> 0, true);
const getU32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(at, true);
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[below(rng, xs.length)];

/** Edits of the aggregate's own fields (header, key list, proof length); the bytes stay as long
 * as the original unless the edit is of a length. */
const FIELD_EDITS: ((b: Uint8Array, rng: Rng, n: number) => Uint8Array)[] = [
  (b, rng) => { b[below(rng, 8)] ^= 1 + below(rng, 255); return b; }, // magic
  (b, rng) => { setU32(b, 8, pick(rng, [0, 2, 0xffffffff, rng()])); return b; }, // version
  (b, rng) => { b[12 + below(rng, 32)] ^= 1 << below(rng, 8); return b; }, // program digest
  (b, rng, n) => { setU32(b, 44, pick(rng, [0, n - 1, n + 1, 4095, 4096, 0xffffffff, rng()])); return b; }, // n
  (b, rng, n) => { b[HEADER + below(rng, XMSS_PUBLIC_KEY_BYTES * n)] ^= 1 << below(rng, 8); return b; }, // a key's byte
  (b, rng, n) => { // two keys swapped (out of order), or one key copied over another (a duplicate)
    const i = below(rng, n), j = (i + 1 + below(rng, n - 1)) % n;
    const ki = b.slice(HEADER + 32 * i, HEADER + 32 * (i + 1)), kj = b.slice(HEADER + 32 * j, HEADER + 32 * (j + 1));
    b.set(ki, HEADER + 32 * j);
    if (below(rng, 2) === 0) b.set(kj, HEADER + 32 * i);
    return b;
  },
  (b, rng, n) => { // the proof's length field
    const at = HEADER + XMSS_PUBLIC_KEY_BYTES * n, old = getU32(b, at);
    setU32(b, at, pick(rng, [0, old - 1, old + 1, old >>> 1, 0xffffffff, rng()]));
    return b;
  },
];

/** One mutant of the subject's bytes: a field edit, a mutated proof re-encoded inside the
 * aggregate (half of them), or a byte-level edit of the whole file. */
export function mutateAggregate(s: FuzzSubject, rng: Rng): Uint8Array {
  const n = s.aggregate.publicKeys.length;
  switch (below(rng, 4)) {
    case 0:
      return FIELD_EDITS[below(rng, FIELD_EDITS.length)](s.bytes.slice(), rng, n);
    case 1:
      return BYTE_EDITS[below(rng, BYTE_EDITS.length)](s.bytes.slice(), rng);
    default:
      return encodeAggregate({ ...s.aggregate, proof: mutateProof(s.aggregate.proof, s.proof, s.other, rng) });
  }
}

/** The parts of an aggregate file, in order, and what lies past its end. */
export const PARTS = ['header', 'keys', 'proof length', 'proof', 'past the end'] as const;
export type Part = (typeof PARTS)[number];

/** The part of the subject's file where `bytes` first differ from it (null: they do not). */
export function firstEditedPart(s: FuzzSubject, bytes: Uint8Array): Part | null {
  const at = firstDifference(bytes, s.bytes);
  if (at === -1) return null;
  const keysEnd = HEADER + XMSS_PUBLIC_KEY_BYTES * s.aggregate.publicKeys.length;
  const ends = [HEADER, keysEnd, keysEnd + 4, s.bytes.length];
  const part = ends.findIndex((end) => at < end);
  return PARTS[part === -1 ? ends.length : part];
}

/** What became of a mutant: refused at decoding, or by the verifier (a verdict or a format
 * error), or found to be the original's bytes again (an edit that changed nothing). */
export type Outcome = 'decode' | 'invalid' | 'proof-format' | 'unchanged';

/** Judges one mutant; throws (naming the case) unless it is refused with a typed error or verdict. */
export function judge(s: FuzzSubject, bytes: Uint8Array, label: string): { outcome: Outcome; reason: string } {
  let agg: Aggregate;
  try {
    agg = decodeAggregate(bytes);
  } catch (e) {
    if (e instanceof AggregateFormatError) return { outcome: 'decode', reason: e.problem };
    throw new Error(`${label}: decodeAggregate threw ${String(e)}`);
  }
  try {
    const v = verifyAggregate(agg, { message: s.message, epoch: s.epoch });
    if (v.valid) {
      // A mutant that decodes to the original aggregate (an edit undone, a splice of equal bytes) is the original.
      if (Buffer.from(encodeAggregate(agg)).equals(Buffer.from(s.bytes))) return { outcome: 'unchanged', reason: 'the original bytes' };
      throw new Error(`${label}: a mutant was accepted`);
    }
    return { outcome: 'invalid', reason: v.reason.replace(/\d+/g, 'N').slice(0, 90) };
  } catch (e) {
    if (e instanceof AggregateFormatError) return { outcome: 'proof-format', reason: e.problem };
    throw e instanceof Error && e.message.startsWith(label) ? e : new Error(`${label}: verifyAggregate threw ${String(e)}`);
  }
}
