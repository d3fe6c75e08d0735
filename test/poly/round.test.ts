import { describe, expect, it } from 'vitest';
import { eAdd, eMul } from '../../src/field/e';
import { foldAt, innerProduct, type Kind, ShapeError, roundMessage, WORDS } from '../../src/poly';
import { SplitMix64 } from '../../src/util/splitmix64';

/** h(X) = c0 + c1·X + c2·X² with c1 = claim + c2 (the plain convention's dropped coefficient). */
function h(c0: Uint32Array, c2: Uint32Array, claim: Uint32Array, x: Uint32Array): Uint32Array {
  const c1 = eAdd(claim, c2);
  return eAdd(c0, eMul(x, eAdd(c1, eMul(x, c2))));
}

describe('product sumcheck round message', () => {
  it('h(0) + h(1) = claim and h(r) = the folded product sum, for every variable', () => {
    const rng = new SplitMix64('rm');
    const zero = new Uint32Array(6);
    const one = Uint32Array.of(1, 0, 0, 0, 0, 0);
    for (const kind of ['K', 'E'] as Kind[]) {
      for (let n = 1; n <= 6; n++) {
        const f = rng.words((WORDS[kind] / 2) << n);
        const b = rng.words(3 << n);
        const claim = innerProduct(f, kind, b);
        for (let bit = 0; bit < n; bit++) {
          const msg = roundMessage(f, kind, b, bit);
          const c0 = msg.slice(0, 6);
          const c2 = msg.slice(6, 12);
          // c0 = h(0) = Σ f_lo·b_lo, checked against the definition without the message code.
          const size = 1 << (n - 1);
          const flo = foldAt(f, kind, bit, zero, new Uint32Array(6 * size));
          const blo = foldAt(b, 'E', bit, zero, new Uint32Array(6 * size));
          expect(c0).toEqual(innerProduct(flo, 'E', blo));
          expect(eAdd(h(c0, c2, claim, zero), h(c0, c2, claim, one))).toEqual(claim);
          const r = rng.words(3);
          const fr = foldAt(f, kind, bit, r, new Uint32Array(6 * size));
          const br = foldAt(b, 'E', bit, r, new Uint32Array(6 * size));
          expect(h(c0, c2, claim, r)).toEqual(innerProduct(fr, 'E', br));
        }
      }
    }
  });

  it('writes into a given output and rejects mismatched tables', () => {
    const rng = new SplitMix64('rm2');
    const f = rng.words(3 << 3);
    const b = rng.words(3 << 3);
    const out = new Uint32Array(12).fill(7);
    expect(roundMessage(f, 'E', b, 0, out)).toBe(out);
    expect(out).toEqual(roundMessage(f, 'E', b, 0));
    expect(() => roundMessage(f, 'E', b.subarray(0, 24), 0)).toThrow(ShapeError);
    expect(() => roundMessage(f, 'E', b, 3)).toThrow(/variable 3/);
    expect(() => roundMessage(f, 'E', b, 0, new Uint32Array(6))).toThrow(/12 words/);
  });
});
