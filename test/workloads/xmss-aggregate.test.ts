// The XMSS aggregation workload without a prover: the statement digest against an independent
// byte-level construction, the witness streams of programs/aggregate-xmss.py against the
// signatures they come from and against a model of every check the program makes, the refusals
// (each naming its signer), the annotation and JSON forms, and the program source agreeing with
// the TypeScript (tags, bit width, stream names).
import { readFileSync } from 'node:fs';
import { blake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import { parsePublicWord, publicWordText } from '../../src/vm/public-input';
import { eFromJson, eToJson } from '../../src/vm/words';
import { StdRng } from '../../src/util/std-rng';
import {
  AGGREGATE_MAX_SIGNERS, AggregateInputError, type AggregateProblem, type AggregateSigner, KEY_LIST_TAG, N_BITS, STATEMENT_TAG,
  aggregateWitness, annotatedProgram, cellOf, checkKeyList, digestPublicInput, keyListDigest, statementDigest, witnessAnnotations,
  witnessJson,
} from '../../src/workloads/xmss-aggregate';
import { decodePublicKey, decodeSignature, encodePublicKey, encodeSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { fromHex, readVector, toHex, xmssIndex } from '../xmss/vectors';
import { replayAggregate } from './xmss-aggregate-model';

const PROGRAM = readFileSync(new URL('../../programs/aggregate-xmss.py', import.meta.url), 'utf8');
const tags = { statement: STATEMENT_TAG, keyList: KEY_LIST_TAG };
const next = xorshift32(0x61676772);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const u32Field = (v: number) => concat(Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24), new Uint8Array(12));

// The vector key 0 and its signature at epoch 7.
const vcase = xmssIndex.cases.find((c) => c.case === 'key0_e7')!;
const vector: AggregateSigner = { publicKey: decodePublicKey(readVector(vcase.public_key_file)), signature: decodeSignature(readVector(vcase.signature_file)) };
const vmessage = fromHex(vcase.message);

// Fresh keys for epochs lo ..= hi, each signing `message` at `epoch`.
function freshSigners(count: number, message: Uint8Array, epoch: number, lo = Math.max(0, epoch - 2), hi = epoch + 2): AggregateSigner[] {
  return Array.from({ length: count }, (_, i) => {
    const key = xmssKeyGen(randomBytes(next, 32), lo, hi);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(i, 0)).signature, epochs: { start: lo, end: hi } };
  });
}

const message = randomBytes(next, 32);
const EPOCH = 1000;
const fresh = freshSigners(5, message, EPOCH);
const keyBytes = (s: AggregateSigner) => (s.publicKey instanceof Uint8Array ? s.publicKey : encodePublicKey(s.publicKey));
const sortedKeys = fresh.map(keyBytes).sort((a, b) => Buffer.compare(a, b));

function refusal(f: () => unknown): AggregateInputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AggregateInputError);
    return e as AggregateInputError;
  }
  throw new Error('expected an AggregateInputError');
}

describe('the statement digest', () => {
  it('is the BLAKE2s chain of docs/xmss-aggregation.md §2, built here from bytes', () => {
    let k = blake2s(concat(KEY_LIST_TAG, u32Field(sortedKeys.length), new Uint8Array(16)));
    for (const pk of sortedKeys) k = blake2s(concat(k, pk));
    expect(toHex(keyListDigest(sortedKeys))).toBe(toHex(k));
    const d = blake2s(concat(STATEMENT_TAG, message, u32Field(EPOCH), u32Field(sortedKeys.length), k));
    expect(toHex(statementDigest(message, EPOCH, sortedKeys))).toBe(toHex(d));
    const [w0, w1] = digestPublicInput(d);
    expect(eToJson(w0)).toEqual([toHex(d.slice(0, 8).reverse()), toHex(d.slice(8, 16).reverse()), '0'.repeat(16)]);
    expect(eToJson(w1)).toEqual([toHex(d.slice(16, 24).reverse()), toHex(d.slice(24, 32).reverse()), '0'.repeat(16)]);
  });

  it('tags are the ASCII labels, zero-padded to 32 bytes', () => {
    expect(new TextDecoder().decode(STATEMENT_TAG).replace(/\0+$/, '')).toBe('leanvm-gpu/xmss-aggregate/v1');
    expect(new TextDecoder().decode(KEY_LIST_TAG).replace(/\0+$/, '')).toBe('leanvm-gpu/xmss-agg-keys/v1');
  });

  it('changes with the message, the epoch, and a key removed, added or swapped', () => {
    const base = toHex(statementDigest(message, EPOCH, sortedKeys));
    const flipped = message.slice();
    flipped[31] ^= 1;
    const other = sortedKeys.slice();
    other[2] = other[2].slice();
    other[2][31] ^= 1;
    const variants = [
      statementDigest(flipped, EPOCH, sortedKeys), statementDigest(message, EPOCH + 1, sortedKeys), statementDigest(message, EPOCH, sortedKeys.slice(1)),
      statementDigest(message, EPOCH, sortedKeys.slice(0, 4)), statementDigest(message, EPOCH, [...sortedKeys, Uint8Array.from({ length: 32 }, () => 0xff)]),
      statementDigest(message, EPOCH, other.sort((a, b) => Buffer.compare(a, b))),
    ].map(toHex);
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('takes only a strictly increasing list of 1 ..= 4095 keys of 32 bytes', () => {
    const problems: [Uint8Array[], AggregateProblem][] = [
      [[], 'no-signers'], [[sortedKeys[1], sortedKeys[0]], 'unsorted-keys'], [[sortedKeys[0], sortedKeys[0]], 'unsorted-keys'],
      [[sortedKeys[0].slice(0, 31)], 'malformed'], [Array(AGGREGATE_MAX_SIGNERS + 1).fill(sortedKeys[0]), 'too-many-signers'],
    ];
    for (const [keys, problem] of problems) expect(refusal(() => checkKeyList(keys)).problem).toBe(problem);
    expect(refusal(() => statementDigest(message.slice(1), EPOCH, sortedKeys)).problem).toBe('malformed');
    expect(refusal(() => statementDigest(message, 2 ** 32, sortedKeys)).problem).toBe('malformed');
  });
});

describe('the witness streams', () => {
  it('hold the vector signature exactly, in the program layout', () => {
    const w = aggregateWitness({ message: vmessage, epoch: vcase.epoch, signers: [vector] });
    const pk = readVector(vcase.public_key_file);
    const sig = readVector(vcase.signature_file);
    const cells = (bytes: Uint8Array, count: number) => Array.from({ length: count }, (_, i) => eToJson(cellOf(bytes, 16 * i)));
    const json = witnessJson(w);
    expect(json.n_bits).toEqual([Array.from({ length: N_BITS }, (_, k) => eToJson(Uint32Array.of(k === 0 ? 1 : 0, 0, 0, 0, 0, 0)))]);
    expect(json.message).toEqual([cells(vmessage, 2)]);
    expect(json.epoch_bits[0].map((b) => b[0] === '0000000000000001')).toEqual(Array.from({ length: 32 }, (_, k) => ((vcase.epoch >>> k) & 1) === 1));
    expect(json.pk).toEqual(cells(pk, 2).map((c) => [c]));
    expect(json.rand).toEqual([cells(concat(sig.slice(672, 696), new Uint8Array(8)), 2)]);
    expect(json.chains).toEqual(cells(sig.slice(0, 672), 42).map((c) => [c]));
    expect(json.siblings).toEqual(cells(sig.slice(696), 32).map((c) => [c]));
    // one word per pair of chains, g^(8·e_2p + e_2p+1) with g = x: the integer 2^(8·e_2p + e_2p+1)
    const e = vcase.wots_encoding!;
    expect(json.digits[0].map((x) => publicWordText(eFromJson(x, 'digit')))).toEqual(Array.from({ length: 21 }, (_, p) => (2n ** BigInt(8 * e[2 * p] + e[2 * p + 1])).toString()));
    expect(toHex(w.digest)).toBe(toHex(statementDigest(vmessage, vcase.epoch, [pk])));
    expect(w.publicInput.map(eToJson)).toEqual(digestPublicInput(w.digest).map(eToJson));
  });

  it('pass every check of the program, replayed by an independent model, for the vector key', () => {
    const w = aggregateWitness({ message: vmessage, epoch: vcase.epoch, signers: [vector] });
    const run = replayAggregate(w.streams, tags);
    expect(toHex(run.digest)).toBe(toHex(w.digest));
  });

  it('order fresh signers by key, hash that order, and pass the model', () => {
    const shuffled = [fresh[3], fresh[0], fresh[4], fresh[1], fresh[2]];
    const w = aggregateWitness({ message, epoch: EPOCH, signers: shuffled });
    expect(w.publicKeys.map(toHex)).toEqual(sortedKeys.map(toHex));
    const run = replayAggregate(w.streams, tags);
    expect(run.keys.map(toHex)).toEqual(sortedKeys.map(toHex));
    expect(toHex(run.digest)).toBe(toHex(statementDigest(message, EPOCH, sortedKeys)));
  });

  it('at both ends of the u32 epochs', () => {
    for (const epoch of [0, 2 ** 32 - 1]) {
      const signers = freshSigners(2, message, epoch, epoch === 0 ? 0 : epoch - 3, epoch === 0 ? 3 : epoch);
      const w = aggregateWitness({ message, epoch, signers });
      expect(toHex(replayAggregate(w.streams, tags).digest)).toBe(toHex(w.digest));
    }
  });

  it('a tampered stream fails the model at the check the program would stop at', () => {
    const w = aggregateWitness({ message, epoch: EPOCH, signers: fresh });
    const tamper = (name: string, entry: number, word: number, f: (x: Uint32Array) => void) => {
      const streams = new Map([...w.streams].map(([k, v]) => [k, v.map((e) => e.map((x) => x.slice()))]));
      f(streams.get(name)![entry][word]);
      return () => replayAggregate(streams, tags);
    };
    // the digit word g^k of signer 2's pair 3 → g^(k xor 1): chain 7's digit off by one
    const otherDigit = (x: Uint32Array) => {
      const k = 31 - Math.clz32(x[0] || x[1]) + (x[0] ? 0 : 32);
      x.fill(0);
      x[(k ^ 1) >> 5] = 1 << ((k ^ 1) & 31);
    };
    expect(tamper('chains', 42 + 5, 0, (x) => (x[0] ^= 1))).toThrow(/C7: signer 1:/);
    expect(tamper('siblings', 32 * 4 + 31, 0, (x) => (x[3] ^= 1 << 31))).toThrow(/C7: signer 4:/);
    expect(tamper('digits', 2, 3, otherDigit)).toThrow(/C4: signer 2: the digits are not/);
    expect(tamper('rand', 0, 1, (x) => (x[2] = 1))).toThrow(/C4: signer 0: randomness/);
    expect(tamper('pk', 2 * 3, 0, (x) => (x[0] ^= 4))).toThrow(/C7: signer 3:/);
    expect(tamper('pk', 2 * 3 + 1, 0, (x) => (x[0] ^= 4))).toThrow(/C4: signer 3:/);
    expect(tamper('n_bits', 0, 1, (x) => (x[0] = 2))).toThrow(/not a bit/);
    expect(tamper('message', 0, 1, (x) => (x[0] ^= 1))).toThrow(/C4: signer 0:/);
    expect(tamper('epoch_bits', 0, 0, (x) => (x[0] ^= 1))).toThrow(/C4: signer 0:/);
  });
});

describe('refusals name the signer before any proving', () => {
  const bad = encodeSignature(fresh[2].signature as never);
  bad[100] ^= 0x10;
  it.each<[string, () => unknown, AggregateProblem, number | undefined]>([
    ['no signers', () => aggregateWitness({ message, epoch: EPOCH, signers: [] }), 'no-signers', undefined],
    ['too many', () => aggregateWitness({ message, epoch: EPOCH, signers: Array(AGGREGATE_MAX_SIGNERS + 1).fill(fresh[0]) }), 'too-many-signers', undefined],
    ['a short message', () => aggregateWitness({ message: message.slice(1), epoch: EPOCH, signers: fresh }), 'malformed', undefined],
    ['an epoch past u32', () => aggregateWitness({ message, epoch: 2 ** 32, signers: fresh }), 'malformed', undefined],
    ['a signer that is no object', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], null as never] }), 'malformed', 1],
    ['a short key', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], { ...fresh[1], publicKey: keyBytes(fresh[1]).slice(1) }] }), 'malformed', 1],
    ['a short signature', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], fresh[1], { ...fresh[2], signature: bad.slice(1) }] }), 'malformed', 2],
    ['a key range missing the epoch', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], { ...fresh[1], epochs: { start: 0, end: EPOCH - 1 } }] }), 'epoch-out-of-range', 1],
    ['a duplicate key', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], fresh[1], fresh[2], fresh[1]] }), 'duplicate-signer', 3],
    ['a bad signature', () => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], fresh[1], { ...fresh[2], signature: bad }] }), 'bad-signature', 2],
    ['a signature of another message', () => aggregateWitness({ message: randomBytes(next, 32), epoch: EPOCH, signers: [fresh[4]] }), 'bad-signature', 0],
    ['a signature at another epoch', () => aggregateWitness({ message, epoch: EPOCH + 1, signers: [fresh[0]] }), 'bad-signature', 0],
  ])('%s', (_, f, problem, signer) => {
    const e = refusal(f);
    expect(e.problem).toBe(problem);
    expect(e.signer).toBe(signer);
    if (signer !== undefined) expect(e.message).toMatch(new RegExp(`signer ${signer}\\b`));
  });

  it('a duplicate names both listings and the key', () => {
    const e = refusal(() => aggregateWitness({ message, epoch: EPOCH, signers: [fresh[0], fresh[1], fresh[2], fresh[1]] }));
    expect(e.publicKey).toBe(toHex(keyBytes(fresh[1])));
    expect(e.message).toMatch(/signer 3 .* repeats signer 1's key/);
  });
});

describe('annotations and witness JSON', () => {
  const w = aggregateWitness({ message, epoch: EPOCH, signers: fresh.slice(0, 2) });

  it('spell every entry as the reference harness reads it, one line per entry', () => {
    const lines = witnessAnnotations(w).trimEnd().split('\n');
    expect(lines[0]).toBe(`# public_input: ${publicWordText(w.publicInput[0])}, ${publicWordText(w.publicInput[1])}`);
    const back = new Map<string, string[][]>();
    for (const l of lines.slice(1)) {
      const m = /^# witness (\w+): (.*)$/.exec(l)!;
      back.set(m[1], [...(back.get(m[1]) ?? []), m[2].split(', ').map((v) => eToJson(parsePublicWord(v)).join(':'))]);
    }
    expect([...back.keys()]).toEqual([...w.streams.keys()]);
    for (const [name, entries] of w.streams) expect(back.get(name)).toEqual(entries.map((e) => e.map((x) => eToJson(x).join(':'))));
  });

  it('go into a copy of the program before its code, leaving the rest as it was', () => {
    const copy = annotatedProgram(PROGRAM, w);
    const at = copy.indexOf('from snark_lib import *');
    expect(copy.slice(at)).toBe(PROGRAM.slice(PROGRAM.indexOf('from snark_lib import *')));
    expect(copy.slice(0, at)).toBe(PROGRAM.slice(0, PROGRAM.indexOf('from snark_lib import *')) + witnessAnnotations(w));
    expect(() => annotatedProgram(copy, w)).toThrow(/already carries/);
  });

  it('the JSON form reads back to the streams', () => {
    const json = witnessJson(w);
    for (const [name, entries] of w.streams) {
      expect(json[name].map((e) => e.map((x, i) => eFromJson(x, `${name}[${i}]`)))).toEqual(entries);
    }
  });

  it('word spellings round-trip at the 64- and 128-bit edges', () => {
    for (const text of ['0', '1', '18446744073709551615', '18446744073709551616', '340282366920938463463374607431768211455', '12345678901234567890123456789']) {
      expect(publicWordText(parsePublicWord(text))).toBe(text);
    }
    expect(() => publicWordText(Uint32Array.of(0, 0, 0, 0, 1, 0))).toThrow(/top limb/);
  });
});

describe('the program source agrees with the workload', () => {
  const constant = (name: string) => {
    const m = new RegExp(`^${name} = (\\d+)$`, 'm').exec(PROGRAM);
    if (m === null) throw new Error(`no ${name} in the program`);
    return m[1];
  };

  it('its tag constants are the tags\' cells and it reads n from N_BITS bits', () => {
    for (const [name, bytes] of [['STATEMENT_TAG', STATEMENT_TAG], ['KEY_LIST_TAG', KEY_LIST_TAG]] as const) {
      expect(constant(`${name}_0`)).toBe(publicWordText(cellOf(bytes, 0)));
      expect(constant(`${name}_1`)).toBe(publicWordText(cellOf(bytes, 16)));
    }
    expect(Number(constant('N_BITS'))).toBe(N_BITS);
    expect(AGGREGATE_MAX_SIGNERS).toBe(2 ** N_BITS - 1);
  });

  it('it pops exactly the streams the builder fills', () => {
    const popped = new Set([...PROGRAM.matchAll(/hint_witness\(.*, "(\w+)"\)$/gm)].map((m) => m[1]));
    const w = aggregateWitness({ message: vmessage, epoch: vcase.epoch, signers: [vector] });
    expect([...popped].sort()).toEqual([...w.streams.keys()].sort());
  });

  it('it carries no per-instance data', () => {
    expect(PROGRAM).not.toMatch(/^\s*# (witness \S+:|public_input:)/m);
  });
});
