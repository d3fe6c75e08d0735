import { describe, expect, it } from 'vitest';
import { WHIR_QUERIES } from '../../src/pcs/whir/queries';
import { MAX_LOG_N, MIN_LOG_N, WhirConfigError, whirConfig } from '../../src/pcs/whir/config';

// docs/protocol.md §6.1, rate-1 table: log_n → [folds, rates, queries].
const RATE1: Record<number, [number[], number[], number[]]> = {
  15: [[6, 3, 3], [1, 4, 6], [223, 56, 36]],
  16: [[6, 3, 3], [1, 4, 6], [223, 56, 37]],
  17: [[6, 3, 3], [1, 4, 6], [223, 56, 37]],
  18: [[6, 3, 3, 3], [1, 4, 6, 8], [224, 56, 37, 28]],
  19: [[6, 3, 3, 3], [1, 4, 6, 8], [224, 56, 37, 28]],
  20: [[6, 3, 3, 3], [1, 4, 6, 8], [224, 56, 38, 28]],
  21: [[6, 3, 3, 3, 3], [1, 4, 6, 8, 10], [224, 56, 38, 28, 22]],
  22: [[6, 3, 3, 3, 3], [1, 4, 6, 8, 10], [225, 56, 38, 28, 23]],
  23: [[6, 3, 3, 3, 3], [1, 4, 6, 8, 10], [225, 56, 38, 28, 23]],
  24: [[6, 3, 3, 3, 3, 3], [1, 4, 6, 8, 10, 12], [225, 56, 38, 28, 23, 19]],
  25: [[6, 3, 3, 3, 3, 3], [1, 4, 6, 8, 10, 12], [226, 56, 38, 28, 23, 19]],
  26: [[6, 3, 3, 3, 3, 3], [1, 4, 6, 8, 10, 12], [226, 56, 38, 28, 23, 19]],
  27: [[6, 3, 3, 3, 3, 3, 3], [1, 4, 6, 8, 10, 12, 14], [227, 56, 38, 28, 23, 19, 16]],
  28: [[6, 3, 3, 3, 3, 3, 3], [1, 4, 6, 8, 10, 12, 14], [228, 56, 38, 28, 23, 19, 16]],
};

describe('WHIR configuration', () => {
  it('matches the docs/protocol.md §6.1 rate-1 table', () => {
    for (let logN = MIN_LOG_N; logN <= MAX_LOG_N; logN++) {
      const c = whirConfig(logN, 1);
      const [folds, rates, queries] = RATE1[logN];
      expect(c.levels.map((l) => l.fold)).toEqual(folds);
      expect(c.levels.map((l) => l.logInvRate)).toEqual(rates);
      expect(c.levels.map((l) => l.queries)).toEqual(queries);
    }
  });

  it('has the §6.3 shape at log_n 21, rate 1', () => {
    const c = whirConfig(21, 1);
    expect(c.levels.map((l) => l.blockLen)).toEqual([2 ** 16, 2 ** 16, 2 ** 15, 2 ** 14, 2 ** 13]);
    expect(c.levels.map((l) => l.logMsgCols)).toEqual([15, 12, 9, 6, 3]);
    expect(c.levels.map((l) => l.oodSamples)).toEqual([0, 1, 1, 1, 1]);
    expect(c.levels.map((l) => l.grindingBits)).toEqual([17, 17, 17, 17, 17]);
    expect([c.residualVars, c.residualLen]).toEqual([3, 8]);
  });

  it('takes rates 2..4 from the pinned table (rate 2, log_n 21: 112, 45, 32, 25, 20)', () => {
    const c = whirConfig(21, 2);
    expect(c.levels.map((l) => l.queries)).toEqual([112, 45, 32, 25, 20]);
    expect(c.levels.map((l) => l.logInvRate)).toEqual([2, 5, 7, 9, 11]);
    expect(c.levels[0].logBlockLen).toBe(17);
    expect(whirConfig(28, 4).levels.map((l) => l.queries)).toEqual([57, 33, 25, 21, 18, 16, 14]);
  });

  it('is self-consistent for every supported shape', () => {
    expect(WHIR_QUERIES.length).toBe(4);
    for (let rate = 1; rate <= 4; rate++) {
      expect(WHIR_QUERIES[rate - 1].length).toBe(MAX_LOG_N - MIN_LOG_N + 1);
      for (let logN = MIN_LOG_N; logN <= MAX_LOG_N; logN++) {
        const c = whirConfig(logN, rate);
        expect(c.levels.length).toBeGreaterThanOrEqual(2);
        expect(WHIR_QUERIES[rate - 1][logN - MIN_LOG_N].length).toBe(c.levels.length);
        expect(c.levels.reduce((s, l) => s + l.fold, 0) + c.residualVars).toBe(logN);
        expect(c.residualVars).toBeLessThanOrEqual(5);
        expect(c.residualLen).toBe(2 ** c.residualVars);
        let vars = logN;
        c.levels.forEach((l, i) => {
          vars -= l.fold;
          expect(l.logMsgCols).toBe(vars);
          expect(l.blockLen).toBe(2 ** (l.logMsgCols + l.logInvRate));
          expect(l.logInvRate).toBe(i === 0 ? rate : c.levels[i - 1].logInvRate + c.levels[i - 1].fold - (i === 1 ? 3 : 1));
          expect(Number.isInteger(l.queries) && l.queries > 0).toBe(true);
        });
        expect(c.levels[c.levels.length - 1].logMsgCols).toBe(c.residualVars);
      }
    }
  });

  it('rejects sizes and rates outside the window, naming the parameter', () => {
    const bad: [number, number, 'logN' | 'logInvRate'][] = [
      [14, 1, 'logN'],
      [29, 1, 'logN'],
      [21.5, 1, 'logN'],
      [Number.NaN, 1, 'logN'],
      [21, 0, 'logInvRate'],
      [21, 5, 'logInvRate'],
      [21, 1.5, 'logInvRate'],
    ];
    for (const [logN, rate, parameter] of bad) {
      let err: unknown;
      try {
        whirConfig(logN, rate);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(WhirConfigError);
      expect((err as WhirConfigError).parameter).toBe(parameter);
      expect((err as Error).message).toContain(parameter);
    }
  });
});
