import { describe, expect, it } from 'vitest';
import { forwardNtt, inverseNtt, ShapeError } from '../../src/ntt';
import { SplitMix64 } from '../../src/util/splitmix64';
import { naiveEncode } from './naive';

/** Lane t of a position-major interleaved array, as its own packed array. */
function lane(data: Uint32Array, nLanes: number, t: number): Uint32Array {
  const positions = data.length / (2 * nLanes);
  const out = new Uint32Array(2 * positions);
  for (let p = 0; p < positions; p++) {
    out[2 * p] = data[2 * (p * nLanes + t)];
    out[2 * p + 1] = data[2 * (p * nLanes + t) + 1];
  }
  return out;
}

describe('forward additive NTT', () => {
  it('equals direct evaluation Σ g_u X_u(x_v) for sizes 2^1 .. 2^10', () => {
    const rng = new SplitMix64(1);
    for (let L = 1; L <= 10; L++) {
      const g = rng.words(2 ** L);
      const data = g.slice();
      forwardNtt(data);
      expect(data, `L = ${L}`).toEqual(naiveEncode(g, L));
    }
  });

  it('from layer ν on a 2^ν-fold tiled message equals evaluating the short message on the big domain', () => {
    const rng = new SplitMix64(2);
    for (const [k, nu] of [[1, 1], [3, 2], [4, 4], [6, 3]]) {
      const g = rng.words(2 ** k);
      const data = new Uint32Array(g.length * 2 ** nu);
      for (let r = 0; r < 2 ** nu; r++) data.set(g, r * g.length);
      forwardNtt(data, 1, nu);
      expect(data, `κ=${k} ν=${nu}`).toEqual(naiveEncode(g, k + nu));
    }
  });

  it('interleaved lanes transform independently (every multiplier kind, radix-4 pairs, an odd layer out)', () => {
    // Lanes alone take other plans (fewer products per twiddle: radix-2, cheaper tables),
    // so this also checks the plans against each other: 64 × 2^8 runs two radix-4 pairs,
    // 64 × 2^9 one radix-2 layer then two pairs, 2 × 2^11 one pair.
    const rng = new SplitMix64(3);
    for (const [nLanes, L] of [[3, 6], [5, 4], [64, 8], [64, 9], [37, 7], [2, 11]]) {
      const data = rng.words(nLanes * 2 ** L);
      const lanes = Array.from({ length: nLanes }, (_, t) => lane(data, nLanes, t));
      forwardNtt(data, nLanes);
      for (let t = 0; t < nLanes; t++) {
        forwardNtt(lanes[t]);
        expect(lane(data, nLanes, t), `lanes=${nLanes} L=${L} t=${t}`).toEqual(lanes[t]);
      }
    }
  });

  it('inverseNtt undoes forwardNtt from every start layer', () => {
    const rng = new SplitMix64(4);
    for (const [nLanes, L] of [[1, 9], [64, 7], [24, 5]]) {
      for (let start = 0; start <= L; start += 2) {
        const data = rng.words(nLanes * 2 ** L);
        const copy = data.slice();
        forwardNtt(data, nLanes, start);
        if (start < L) expect(data).not.toEqual(copy);
        inverseNtt(data, nLanes, start);
        expect(data).toEqual(copy);
      }
    }
  });

  it('is linear: NTT(a + b) = NTT(a) + NTT(b)', () => {
    const rng = new SplitMix64(5);
    const [a, b] = [rng.words(512), rng.words(512)];
    const sum = a.map((w, i) => w ^ b[i]);
    forwardNtt(a, 8);
    forwardNtt(b, 8);
    forwardNtt(sum, 8);
    expect(sum).toEqual(a.map((w, i) => w ^ b[i]));
  });

  it('rejects shapes it cannot transform', () => {
    expect(() => forwardNtt(new Uint32Array(6))).toThrow(ShapeError);
    expect(() => forwardNtt(new Uint32Array(0))).toThrow(ShapeError);
    expect(() => forwardNtt(new Uint32Array(8), 0)).toThrow(/lane count/);
    expect(() => forwardNtt(new Uint32Array(12), 3, 2)).toThrow(/start layer/);
    expect(() => inverseNtt(new Uint32Array(16), 2, -1)).toThrow(/start layer/);
  });
});
