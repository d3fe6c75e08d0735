// The table schemas' forms mean what the ISA says, on random rows: the prover's K evaluation and
// the verifier's E evaluation agree on every coordinate and constraint; MUL's destination limbs
// are the E product of its operands, XOR's their sum; DEREF stores the cell, g²·pc or fp by its
// flags; JUMP's constraints vanish exactly on a true is-nonzero bit and its successor is the
// taken or fallen-through state; reads push the count times g.
import { describe, expect, it } from 'vitest';
import { type E, eAdd, eFromK, eInv, eMul } from '../../src/field/e';
import { type K, kMul } from '../../src/field/k';
import { type Form, evalFormE, evalFormK, gPow } from '../../src/vm/tables/form';
import { type TableSchema, TABLE_SCHEMAS } from '../../src/vm/tables/schema';
import { xorshift32 } from '../hash/prng';

const schema = (name: string): TableSchema => TABLE_SCHEMAS.find((t) => t.name === name)!;
const rng = xorshift32(0x7ab1e5);

/** A random row of K values (2 u32 per column), with `set` overriding named columns. */
function row(t: TableSchema, set: Record<string, K> = {}): Uint32Array {
  const r = new Uint32Array(2 * t.columns.length).map(() => rng());
  for (const [name, v] of Object.entries(set)) r.set(v, 2 * t.columns.indexOf(name));
  return r;
}
const get = (t: TableSchema, r: Uint32Array, name: string): K => r.slice(2 * t.columns.indexOf(name), 2 * t.columns.indexOf(name) + 2);
const lift = (r: Uint32Array): Uint32Array => {
  const out = new Uint32Array(3 * r.length);
  for (let i = 0; i < r.length / 2; i++) out.set(r.subarray(2 * i, 2 * i + 2), 6 * i);
  return out;
};
const word = (t: TableSchema, r: Uint32Array, x: string): E => Uint32Array.of(...get(t, r, `${x}_0`), ...get(t, r, `${x}_1`), ...get(t, r, `${x}_2`));
const limbsOf = (forms: readonly Form[], r: Uint32Array): E => Uint32Array.of(...forms.flatMap((f) => [...evalFormK(f, r)]));
const K0 = Uint32Array.of(0, 0), K1 = Uint32Array.of(1, 0);
const hex = (a: Uint32Array) => Array.from(a, (x) => x.toString(16)).join(',');

describe('table forms', () => {
  it('K and E evaluations agree on every coordinate and constraint of every table', () => {
    for (const t of TABLE_SCHEMAS) {
      for (let n = 0; n < 8; n++) {
        const r = row(t), e = lift(r);
        const forms = [...t.interactions.flatMap((i) => [...i.push, ...i.pull]), ...t.constraints];
        for (const f of forms) expect(hex(evalFormE(f, e)), t.name).toBe(hex(eFromK(evalFormK(f, r))));
      }
    }
  });

  it('MUL writes the E product, XOR the sum; a read pushes g·count and pulls count', () => {
    for (const name of ['XOR', 'MUL']) {
      const t = schema(name);
      const r = row(t);
      const dest = t.interactions[4];
      const want = name === 'MUL' ? eMul(word(t, r, 'va'), word(t, r, 'vb')) : eAdd(word(t, r, 'va'), word(t, r, 'vb'));
      expect(hex(limbsOf(dest.push.slice(3, 6), r))).toBe(hex(want));
      expect(hex(limbsOf(dest.pull.slice(3, 6), r))).toBe(hex(want));
      expect(hex(evalFormK(dest.push[1], r))).toBe(hex(kMul(get(t, r, 'fp'), get(t, r, 'o_c'))));
      expect(hex(evalFormK(dest.push[2], r))).toBe(hex(kMul(gPow(1), get(t, r, 'cnt_c'))));
      expect(hex(evalFormK(dest.pull[2], r))).toBe(hex(get(t, r, 'cnt_c')));
    }
  });

  it('DEREF stores the local cell, g²·pc or fp', () => {
    const t = schema('DEREF');
    for (const [fPc, fFp] of [[K0, K0], [K1, K0], [K0, K1]]) {
      const r = row(t, { f_pc: fPc, f_fp: fFp });
      const stored = limbsOf(t.interactions[3].push.slice(3, 6), r);
      const want = fPc[0] ? eFromK(kMul(gPow(2), get(t, r, 'pc'))) : fFp[0] ? eFromK(get(t, r, 'fp')) : word(t, r, 'v3');
      expect(hex(stored)).toBe(hex(want));
      expect(hex(evalFormK(t.interactions[3].push[1], r))).toBe(hex(kMul(get(t, r, 'ptr'), get(t, r, 'beta'))));
    }
  });

  it('JUMP: the constraints pin b to c ≠ 0, and the successor follows b', () => {
    const t = schema('JUMP');
    const c = Uint32Array.of(rng() | 1, rng());
    const w = eInv(eFromK(c)).slice(0, 2);
    const taken = row(t, { c, w, b: K1 });
    const fallen = row(t, { c: K0, b: K0 });
    for (const r of [taken, fallen]) for (const f of t.constraints) expect(hex(evalFormK(f, r))).toBe('0,0');
    expect(hex(evalFormK(t.interactions[0].push[1], taken))).toBe(hex(get(t, taken, 'dest')));
    expect(hex(evalFormK(t.interactions[0].push[2], taken))).toBe(hex(get(t, taken, 'frame')));
    expect(hex(evalFormK(t.interactions[0].push[1], fallen))).toBe(hex(kMul(gPow(1), get(t, fallen, 'pc'))));
    expect(hex(evalFormK(t.interactions[0].push[2], fallen))).toBe(hex(get(t, fallen, 'fp')));
    const lying = [row(t, { c, w, b: K0 }), row(t, { c: K0, b: K1 }), row(t, { c, w: Uint32Array.of(rng(), rng()), b: K1 })];
    for (const r of lying) expect(t.constraints.some((f) => hex(evalFormK(f, r)) !== '0,0')).toBe(true);
  });

  it('BLAKE2S reads the chaining value and the output as two consecutive cells', () => {
    const t = schema('BLAKE2S');
    const r = row(t);
    const cell = (k: number) => t.interactions[2 + k].pull[1];
    const fpO = (o: string) => kMul(get(t, r, 'fp'), get(t, r, o));
    expect(hex(evalFormK(cell(4), r))).toBe(hex(fpO('o_v')));
    expect(hex(evalFormK(cell(5), r))).toBe(hex(kMul(gPow(1), fpO('o_v'))));
    expect(hex(evalFormK(cell(7), r))).toBe(hex(kMul(gPow(1), fpO('o_out'))));
    expect(hex(limbsOf(t.interactions[2 + 5].pull.slice(3, 6), r))).toBe(hex(Uint32Array.of(...get(t, r, 'cv1_lo'), ...get(t, r, 'cv1_hi'), 0, 0)));
  });
});
