// K and E batch products of every native path against the TypeScript field code, on random
// operands of many lengths (whole SIMD steps, tails, empty), in place as well as out of place,
// through the addon and through the Backend interface; and the glue's argument checks.
import { expect, test } from 'vitest';
import { BackendUsageError } from '../../src/backend/backend';
import { createNativeBackend } from '../../src/backend/native/index';
import { eMulArrays } from '../../src/field/e';
import { kMulArrays } from '../../src/field/k';
import { SplitMix64 } from '../../src/util/splitmix64';
import { describeNative, eachPath } from './native';

const LENGTHS = [0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 1023, 4096 + 5];

describeNative('native field products', (module) => {
  for (const [elem, words, mul, reference] of [
    ['K', 2, module.mulK, kMulArrays],
    ['E', 6, module.mulE, eMulArrays],
  ] as const) {
    eachPath(module, `${elem} products of ${LENGTHS.length} lengths equal the TypeScript field's`, () => {
      for (const n of LENGTHS) {
        const rng = new SplitMix64(1000 * words + n);
        const a = rng.words((n * words) / 2), b = rng.words((n * words) / 2);
        const want = new Uint32Array(n * words);
        reference(a, b, want);
        const out = new Uint32Array(n * words);
        mul(a, b, out);
        expect(out, `${n} elements`).toEqual(want);
        mul(a, b, a); // out aliasing an operand
        expect(a, `${n} elements in place`).toEqual(want);
      }
    });
  }

  eachPath(module, 'edge operands: zero, one, all ones, top bits (the reduction spill), every pair', () => {
    const edge = [[0, 0], [1, 0], [0xffffffff, 0xffffffff], [0, 0x80000000], [0, 0xf0000000], [0x1b, 0], [0xffffffff, 0]];
    const pairs = edge.flatMap((x) => edge.map((y) => [x, y]));
    const a = Uint32Array.from(pairs.flatMap(([x]) => x)), b = Uint32Array.from(pairs.flatMap(([, y]) => y));
    const want = new Uint32Array(a.length), out = new Uint32Array(a.length);
    kMulArrays(a, b, want);
    module.mulK(a, b, out);
    expect(out).toEqual(want);
    // The same words as E operands, three limbs each.
    const e = a.subarray(0, a.length - (a.length % 6)), f = b.subarray(0, e.length);
    const wantE = new Uint32Array(e.length), outE = new Uint32Array(e.length);
    eMulArrays(e, f, wantE);
    module.mulE(e, f, outE);
    expect(outE).toEqual(wantE);
  });

  test('through the Backend: mulK and mulE equal kMulArrays and eMulArrays', async () => {
    const native = createNativeBackend(module);
    const rng = new SplitMix64(7);
    for (const n of [1, 37, 5000]) {
      for (const [elem, words, reference] of [['K', 2, kMulArrays], ['E', 6, eMulArrays]] as const) {
        const wa = rng.words((n * words) / 2), wb = rng.words((n * words) / 2);
        const a = await native.upload(elem, wa), b = await native.upload(elem, wb), out = await native.alloc(elem, n);
        await (elem === 'K' ? native.mulK(a, b, out) : native.mulE(a, b, out));
        const want = new Uint32Array(n * words);
        reference(wa, wb, want);
        expect(await native.download(out)).toEqual(want);
        await expect((elem === 'K' ? native.mulE : native.mulK)(a, b, out)).rejects.toThrow(BackendUsageError);
      }
    }
    await native.dispose();
  });

  test('the addon rejects what is not three Uint32Arrays of one shape, aligned for u64 reads', () => {
    const a = new Uint32Array(8);
    expect(() => module.mulK(a, new Uint32Array(6), a)).toThrow(RangeError);
    expect(() => module.mulK(a, new Float64Array(4) as unknown as Uint32Array, a)).toThrow(TypeError);
    expect(() => module.mulE(a, a, a)).toThrow(RangeError);
    const odd = new Uint32Array(9).subarray(1);
    expect(() => module.mulK(odd, odd, odd)).toThrow(/8-byte boundary/);
    expect(() => module.usePath('no-such-isa')).toThrow(RangeError);
  });
});
