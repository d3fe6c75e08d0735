// WHIR prove → verify round trips on random witnesses and dense random weights (the verifier
// evaluates the weight's MLE directly), over the admissible sizes' small end, every rate, and
// partly filled level-0 lanes; and the rejections a wrong claim must meet.
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import type { E } from '../../src/field/e';
import { innerProduct, mleEval } from '../../src/poly';
import { commitWhir, proveWhir, verifyWhir, ShapeError, whirConfig } from '../../src/pcs/whir';
import { ProverState, VerificationError, VerifierState } from '../../src/transcript';
import type { Proof } from '../../src/transcript';
import { eWords, kWords, SplitMix64 } from './helpers';

const LABEL = 'whir-test';
const CPU = createCpuBackend();

interface Case {
  logN: number;
  rate: number;
  lanes: number;
}

async function prove(c: Case, seed: number) {
  const rng = new SplitMix64(seed);
  const words = c.lanes * 2 ** (c.logN - 6);
  const q = kWords(rng, words);
  const weight = eWords(rng, words);
  const target = innerProduct(q, 'K', weight);
  const commitment = await commitWhir(CPU, q, c.logN, c.rate);
  const ps = new ProverState(LABEL);
  await proveWhir(ps, commitment, await CPU.upload('E', weight), target);
  // The verifier's weight lives on the whole cube: zero past the committed lanes.
  const full = new Uint32Array(6 * 2 ** c.logN);
  full.set(weight);
  return { commitment, target, full, proof: ps.finish() };
}

function verify(c: Case, root: Uint8Array, target: E, full: Uint32Array, proof: Proof): void {
  const vs = new VerifierState(LABEL, [], proof);
  verifyWhir(vs, { logN: c.logN, logInvRate: c.rate, nLanes: c.lanes, root, target, weightAt: (p) => mleEval(full, 'E', p) });
  vs.finish();
}

const CASES: Case[] = [
  { logN: 15, rate: 1, lanes: 64 },
  { logN: 15, rate: 2, lanes: 64 },
  { logN: 15, rate: 3, lanes: 64 },
  { logN: 15, rate: 4, lanes: 64 },
  { logN: 15, rate: 1, lanes: 1 },
  { logN: 16, rate: 2, lanes: 33 },
  { logN: 17, rate: 3, lanes: 5 },
  { logN: 18, rate: 4, lanes: 64 },
];

describe('WHIR opening round trips', () => {
  for (const c of CASES) {
    it(`log_n ${c.logN}, rate 1/2^${c.rate}, ${c.lanes} lanes: accepted, stream as §6 counts it`, async () => {
      const { commitment, target, full, proof } = await prove(c, 100 * c.logN + c.rate + c.lanes);
      expect(commitment.nLanes).toBe(c.lanes);
      verify(c, commitment.root, target, full, proof);
      const config = whirConfig(c.logN, c.rate);
      // 2 per round polynomial: the initial one, one per fold except the very last, one intro
      // per OOD and per query batch; 2 per root; 1 per OOD value, nonce and residual value.
      const levels = config.levels.length;
      const rounds = 1 + c.logN - 1 + (levels - 1) + levels;
      expect(proof.stream.length / 6).toBe(2 * rounds + 2 * (levels - 1) + (levels - 1) + levels + config.residualLen);
      expect(proof.merkle.map((p) => p.leafData[0].length / 2)).toEqual(config.levels.map((l, i) => (i === 0 ? c.lanes : 3 << l.fold)));
    });
  }

  it('proves the same bytes twice (no hidden randomness)', async () => {
    const c = CASES[0];
    expect((await prove(c, 7)).proof).toEqual((await prove(c, 7)).proof);
  });

  it('rejects a wrong target and a wrong weight', async () => {
    const c = CASES[1];
    const { commitment, target, full, proof } = await prove(c, 9);
    const wrong = target.slice();
    wrong[4] ^= 1;
    expect(() => verify(c, commitment.root, wrong, full, proof)).toThrow(VerificationError);
    const other = full.slice();
    other[6 * 1234] ^= 1;
    expect(() => verify(c, commitment.root, target, other, proof)).toThrow(VerificationError);
    const root = commitment.root.slice();
    root[0] ^= 1;
    expect(() => verify(c, root, target, full, proof)).toThrow(VerificationError);
  });

  it('refuses misshapen inputs with ShapeError', async () => {
    const rng = new SplitMix64(3);
    const commitment = await commitWhir(CPU, kWords(rng, 2 ** 15), 15, 1);
    const short = await CPU.upload('E', eWords(rng, 2 ** 14));
    await expect(proveWhir(new ProverState(LABEL), commitment, short, eWords(rng, 1))).rejects.toThrow(ShapeError);
    const kWeight = await CPU.upload('K', kWords(rng, 2 ** 15));
    await expect(proveWhir(new ProverState(LABEL), commitment, kWeight, eWords(rng, 1))).rejects.toThrow(ShapeError);
    await expect(commitWhir(CPU, kWords(rng, 2 ** 15 + 1), 15, 1)).rejects.toThrow(ShapeError);
    const vs = new VerifierState(LABEL, [], { stream: new Uint32Array(0), merkle: [] });
    expect(() => verifyWhir(vs, { logN: 15, logInvRate: 1, nLanes: 65, root: new Uint8Array(32), target: eWords(rng, 1), weightAt: () => eWords(rng, 1) }))
      .toThrow(ShapeError);
  });
});
