// The reference input generator (docs/protocol.md §10.2): PCG32-seeded ChaCha12, as rand 0.9's StdRng.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blake2s, wordsToBytes } from '../../src/hash/blake2s';
import { StdRng } from '../../src/util/std-rng';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { vectorPath } from '../vectors';

const hexWords = (w: Uint32Array): string[] => Array.from(w, (x) => x.toString(16).padStart(8, '0'));

describe('referenceMessages', () => {
  it('reproduces block 0 of n = 2^13 and its digest (§10.2)', () => {
    const m = referenceMessages(8192);
    expect(m.length).toBe(16 * 8192);
    expect(hexWords(m.subarray(0, 16)).join(' ')).toBe(
      'b11f7b2a 8520afe0 fdd71920 d175995c 82e5b2fa 17c8c03b 32622cfa 07ccd345 f678299d ffc22ea0 edea5f90 a3af8e44 fe1c61c0 6c3558fe cc8cd00c 03cc61ea',
    );
    expect(Buffer.from(blake2s(wordsToBytes(m.subarray(0, 16)))).toString('hex')).toBe(
      '1cb8a91e9a827b7393c423a5ed4348b1844df5c765c0f63e27a00167f00b3592',
    );
    expect(hexWords(m.subarray(16, 20)).join(' ')).toBe('f1bf6ef6 802a8b07 bcbee868 0ea3bc0c');
  });

  it.each([7, 8, 9, 10, 11, 12, 13])('equals blake2s_batch_n%i.inputs.bin word for word (ChaCha counter past block 0)', (k) => {
    const bytes = readFileSync(vectorPath('flock', `blake2s_batch_n${k}.inputs.bin`));
    const expected = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    const got = referenceMessages(2 ** k);
    expect(got.length).toBe(expected.length);
    expect(Buffer.from(got.buffer).equals(Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength))).toBe(true);
  });

  it('matches rand_chacha value stability: key [1,0,0,0,23,0,0,0,200,1,0,0,210,30,0,0,0…] → first u64 10719222850664546238', () => {
    const rng = StdRng.fromKey(Uint32Array.of(1, 23, 456, 7890, 0, 0, 0, 0));
    const lo = rng.nextU32(), hi = rng.nextU32();
    expect(BigInt(hi) * 2n ** 32n + BigInt(lo)).toBe(10719222850664546238n);
  });

  it('rejects a non-positive count', () => {
    expect(() => referenceMessages(0)).toThrow(RangeError);
  });
});
