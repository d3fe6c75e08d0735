import { describe, expect, it } from 'vitest';
import { SplitMix64 } from '../../src/util/splitmix64';

const hex = ([lo, hi]: [number, number]) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

// BigInt oracle straight from the definition in vectors/README.md.
function* oracle(seed: bigint) {
  const M = (1n << 64n) - 1n;
  let s = seed;
  for (;;) {
    s = (s + 0x9e3779b97f4a7c15n) & M;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M;
    yield (z ^ (z >> 31n)).toString(16).padStart(16, '0');
  }
}

describe('SplitMix64', () => {
  it('starts as vectors/README.md says', () => {
    const g = new SplitMix64('0123456789ABCDEF');
    expect(hex(g.next())).toBe('157a3807a48faa9d');
    expect(hex(g.next())).toBe('d573529b34a1d093');
  });

  it('matches a BigInt oracle over many seeds and draws', () => {
    for (const seed of ['0', '2', 'ffffffffffffffff', '9e3779b97f4a7c15', '00000000ffffffff']) {
      const g = new SplitMix64(seed);
      const o = oracle(BigInt('0x' + seed));
      for (let i = 0; i < 2000; i++) expect(hex(g.next())).toBe(o.next().value);
    }
  });

  it('packs draws as K words, low word first', () => {
    const w = new SplitMix64(7).words(3);
    const g = new SplitMix64(7);
    for (let i = 0; i < 3; i++) expect([w[2 * i], w[2 * i + 1]]).toEqual(g.next());
  });
});
