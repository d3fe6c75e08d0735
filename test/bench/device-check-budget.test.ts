// The device check's budget (bench/device-check/budget.ts): on a lent GPU a unit that would run
// past the budget must not start, and once one is refused every later one is too, so the
// summary names exactly where the run stopped.
import { expect, test } from 'vitest';
import { Budget } from '../../bench/device-check/budget';

/** A budget on a clock that each unit advances by its own cost. */
function fakeBudget(budgetS: number) {
  let nowMs = 0;
  const lines: string[] = [];
  const budget = new Budget(budgetS, () => nowMs, (line) => lines.push(line));
  const run = (kind: string, label: string, costS: number, scale?: number) =>
    budget.unit(kind, label, async () => {
      nowMs += costS * 1e3;
    }, scale);
  return { budget, lines, run };
}

test('a unit starts only if the last unit of its kind would still end inside the budget', async () => {
  const { budget, run } = fakeBudget(10);
  expect(await run('a', 'first', 4)).toBe(true); // no estimate yet: starts at 0 s
  expect(await run('a', 'second', 4)).toBe(true); // 4 + 4 ≤ 10
  expect(budget.stoppedAt).toBeNull();
  expect(await run('b', 'other kind', 1)).toBe(true); // no estimate for b: 8 ≤ 10
  expect(await run('a', 'third', 0)).toBe(false); // 9 + 4 > 10: refused, nothing run
  expect(budget.elapsedS()).toBe(9);
  expect(budget.stoppedAt).toBe('a third');
});

test('after a refusal every later unit is refused, and the stop is logged once with its time', async () => {
  const { budget, lines, run } = fakeBudget(5);
  expect(await run('a', 'long', 6)).toBe(true); // starts at 0, overruns: units are never cut
  expect(await run('b', 'short', 0)).toBe(false); // 6 > 5
  expect(await run('c', 'another', 0)).toBe(false);
  expect(budget.stoppedAt).toBe('b short');
  expect(lines).toEqual(['[   6.0s] BUDGET 5s reached: stopping before b short']);
});

test('a unit expected to take `scale` times the last of its kind is estimated so', async () => {
  const { budget, run } = fakeBudget(10);
  expect(await run('node', '2→1', 3)).toBe(true);
  expect(await run('node', '4→1', 3, 2)).toBe(true); // 3 + 3·2 ≤ 10
  expect(await run('node', '8→1', 0, 2)).toBe(false); // 6 + 3·2 > 10, where 6 + 3 would fit
  expect(await run('other', 'x', 0)).toBe(false);
  expect(budget.stoppedAt).toBe('node 8→1');
});
