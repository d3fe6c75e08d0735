// The aggregation program's checks on the compiled program: programs/aggregate-xmss.py compiled by
// our compiler and run by our VM on tampered witness streams (and public inputs); each run must
// stop at the one assertion of the source that catches the tamper (the ExecutionError's source
// line), the "digits sum to 195" check among them. `node tools/mutate.mjs
// tools/mutations/aggregate-xmss.json` removes each assertion from the source in turn and shows a
// test here fails for every one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type E, eFromK } from '../../src/field/e';
import { kPow } from '../../src/field/k';
import { StdRng } from '../../src/util/std-rng';
import { ExecutionError } from '../../src/vm/errors';
import { execute } from '../../src/vm/execute';
import type { PublicInput } from '../../src/vm/public-input';
import { type AggregateSigner, aggregateWitness, cellOf, digestPublicInput, statementDigest } from '../../src/workloads/xmss-aggregate';
import { TweakHasher } from '../../src/xmss/hash';
import { encodeDigest } from '../../src/xmss/encoding';
import { encodePublicKey, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { compileSource } from '../../src/zkdsl/index';
import { randomBytes, xorshift32 } from '../hash/prng';

const PROGRAM_URL = new URL('../../programs/aggregate-xmss.py', import.meta.url);
const PROGRAM = readFileSync(PROGRAM_URL, 'utf8');
const { program } = compileSource(PROGRAM, { file: 'aggregate-xmss.py' });

/** The assertions of the program, each by its (unique) source line. */
const AGGREGATE_ASSERTIONS = {
  'n bits are bits': 'nb[k] = nb[k] * nb[k]',
  'n is not zero': 'assert ng != 1',
  'epoch bits are bits': 'eb[k] = eb[k] * eb[k]',
  'randomness cell 1 in K': 'assert_in_k(rnd[1], rnd[1])',
  'digit pair < 64': 'assert log(u) < 64',
  'last digit pair < 64': 'assert log(ul) < 64',
  'digits are the encoding digest': 'dg[0] = acc + lane',
  'digits sum to 195': 'sm[0] = GEN ** 195',
  'path reaches the root': 'blake2s(mops[124:126], mops[126:128], rootb)',
  'digest half 0 is public': 'pub[1] = out[0]',
  'digest half 1 is public': 'pub[GEN] = out[1]',
} as const;
type Check = keyof typeof AGGREGATE_ASSERTIONS;

/** The 1-based line of the pristine source holding `text` (exactly one must). */
function lineOf(text: string): number {
  const lines = PROGRAM.split('\n').map((l, i) => [l.trim(), i + 1] as const).filter(([l]) => l === text);
  if (lines.length !== 1) throw new Error(`${lines.length} lines of the program read ${JSON.stringify(text)}`);
  return lines[0][1];
}

const next = xorshift32(0x766d6167);
const message = randomBytes(next, 32);
const EPOCH = 77;
const signers: AggregateSigner[] = Array.from({ length: 3 }, (_, i) => {
  const key = xmssKeyGen(randomBytes(next, 32), EPOCH - 1, EPOCH + 1);
  return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, EPOCH, StdRng.seedFromU64(i, 0)).signature, epochs: { start: EPOCH - 1, end: EPOCH + 1 } };
});
const honest = aggregateWitness({ message, epoch: EPOCH, signers });
type Streams = Map<string, E[][]>;
const copyStreams = (): Streams => new Map([...honest.streams].map(([k, v]) => [k, v.map((e) => e.map((x) => x.slice()))]));
const gPow = (k: number): E => eFromK(kPow(Uint32Array.of(2, 0), k));

/** Runs the compiled program; returns the assertion (by source line) that stopped it, or null. */
function stopsAt(streams: Streams, publicInput: PublicInput = honest.publicInput): { line: number | null; kind: string } | null {
  try {
    execute(program, publicInput, { witness: streams });
    return null;
  } catch (e) {
    if (!(e instanceof ExecutionError)) throw e;
    return { line: e.line, kind: e.kind };
  }
}

function expectStop(streams: Streams, check: Check, kind: string, publicInput?: PublicInput): void {
  expect(stopsAt(streams, publicInput)).toEqual({ line: lineOf(AGGREGATE_ASSERTIONS[check]), kind });
}

/** Streams with one word changed: stream `name`, entry, word. */
function tampered(name: string, entry: number, word: number, f: (x: E) => void): Streams {
  const s = copyStreams();
  f(s.get(name)![entry][word]);
  return s;
}

/** Signer 0's randomness replaced by one whose encoding digest has both spare bits zero (so its
 * 42 digits are a well-formed encoding) but whose digits do not sum to 195, the digits and the
 * signature's chain values re-hinted at them: every check before the sum passes. */
function offSumStreams(): Streams {
  const s = copyStreams();
  const pk = signers[0].publicKey instanceof Uint8Array ? signers[0].publicKey : encodePublicKey(signers[0].publicKey);
  const sorted = honest.publicKeys.findIndex((k) => Buffer.compare(k, pk) === 0);
  const words = (b: Uint8Array) => new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
  const hasher = new TweakHasher(words(pk.slice(16, 32)));
  const state = new Uint32Array(8);
  hasher.encodingPrefix(EPOCH, words(message), state);
  const rnd = new Uint8Array(32);
  const digits = new Uint8Array(42);
  const d = new Uint32Array(4);
  for (;;) {
    rnd.set(randomBytes(next, 24));
    hasher.encodingDigest(state, words(rnd.slice(0, 24)), 0, d);
    if (!encodeDigest(d, digits) && (d[1] >>> 31) === 0 && (d[3] >>> 31) === 0) break;
  }
  expect(digits.reduce((a, b) => a + b, 0)).not.toBe(195);
  s.get('rand')![sorted] = [cellOf(rnd, 0), cellOf(rnd, 16)];
  s.get('digits')![sorted] = Array.from({ length: 21 }, (_, p) => gPow(8 * digits[2 * p] + digits[2 * p + 1]));
  return s;
}

describe('the compiled aggregation program on tampered witnesses', () => {
  it('runs the honest witness to the end', () => {
    expect(stopsAt(copyStreams())).toBeNull();
  });

  it('has code at every assertion\'s line', () => {
    for (const text of Object.values(AGGREGATE_ASSERTIONS)) expect(program.sourceLines!.includes(lineOf(text))).toBe(true);
  });

  // The nine tamper kinds of xmss-aggregate.test.ts's model, here on the program itself.
  it.each<[string, () => Streams, Check, string]>([
    ['a chain value (signer 1, chain 5)', () => tampered('chains', 42 + 5, 0, (x) => (x[0] ^= 1)), 'path reaches the root', 'write-conflict'],
    ['a sibling (signer 2, level 31)', () => tampered('siblings', 32 * 2 + 31, 0, (x) => (x[3] ^= 1 << 31)), 'path reaches the root', 'write-conflict'],
    ['a digit (signer 2, chain 7 off by one)', () => tampered('digits', 2, 3, (x) => {
      const k = 31 - Math.clz32(x[0] || x[1]) + (x[0] ? 0 : 32);
      x.fill(0);
      x[(k ^ 1) >> 5] = 1 << ((k ^ 1) & 31);
    }), 'digits are the encoding digest', 'write-conflict'],
    ['the randomness past 24 bytes', () => tampered('rand', 0, 1, (x) => (x[2] = 1)), 'randomness cell 1 in K', 'jump'],
    ['a key root', () => tampered('pk', 2 * 1, 0, (x) => (x[0] ^= 4)), 'path reaches the root', 'write-conflict'],
    ['a key parameter', () => tampered('pk', 2 * 1 + 1, 0, (x) => (x[0] ^= 4)), 'digits are the encoding digest', 'write-conflict'],
    ['an n bit that is no bit', () => tampered('n_bits', 0, 1, (x) => (x[0] = 2)), 'n bits are bits', 'write-conflict'],
    ['the message', () => tampered('message', 0, 1, (x) => (x[0] ^= 1)), 'digits are the encoding digest', 'write-conflict'],
    ['an epoch bit', () => tampered('epoch_bits', 0, 0, (x) => (x[0] ^= 1)), 'digits are the encoding digest', 'write-conflict'],
  ])('%s', (_, streams, check, kind) => expectStop(streams(), check, kind));

  it('a well-formed encoding whose digits do not sum to 195 stops at the sum', () => {
    expectStop(offSumStreams(), 'digits sum to 195', 'write-conflict');
  });

  it('an epoch bit that is no bit', () => {
    expectStop(tampered('epoch_bits', 0, 5, (x) => (x[1] = 1)), 'epoch bits are bits', 'write-conflict');
  });

  it('n = 0', () => {
    const s = copyStreams();
    for (const x of s.get('n_bits')![0]) x.fill(0);
    expectStop(s, 'n is not zero', 'write-conflict');
  });

  it('a digit pair past 63, first and last of a signature', () => {
    expectStop(tampered('digits', 1, 4, (x) => x.set(gPow(64))), 'digit pair < 64', 'deref');
    expectStop(tampered('digits', 1, 20, (x) => x.set(gPow(64))), 'last digit pair < 64', 'deref');
  });

  it('a public input that is not the statement digest, either half', () => {
    const other = digestPublicInput(statementDigest(message, EPOCH + 1, honest.publicKeys));
    expectStop(copyStreams(), 'digest half 0 is public', 'write-conflict', [other[0], honest.publicInput[1]]);
    expectStop(copyStreams(), 'digest half 1 is public', 'write-conflict', [honest.publicInput[0], other[1]]);
  });
});
