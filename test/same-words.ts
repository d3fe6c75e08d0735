// Large typed arrays compared by their bytes: vitest's toEqual walks them element by element
// (about a minute of CI in native/opening alone); a failure still names the first differing word.
import { expect } from 'vitest';
import { firstDifference } from '../bench/device-check/compare';

type Words = Uint32Array | Uint8Array;

export function expectSameWords(got: Words, want: Words, label = ''): void {
  expect(firstDifference(got, want), `${label}: first differing word (length ${got.length}, want ${want.length})`).toBe(-1);
}

export function expectSameOutputs(got: readonly Words[], want: readonly Words[], label = ''): void {
  expect(got.length, `${label}: outputs`).toBe(want.length);
  got.forEach((words, i) => expectSameWords(words, want[i], `output ${i} ${label}`));
}
