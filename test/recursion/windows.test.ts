// The node program's windows as the pre-check reads them (src/workloads/recursion/guest/windows.ts):
// the shapes measured for real nodes (docs/recursion-guest.md §12) — a 2→1 node over leaves fits,
// a 4→1 node (bus depth 24) and a 16→1 node (depth 26, BLAKE2S 2^18) do not — and a child so
// refused is named before anything is proved.
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/vm/isa';
import type { VmProofSummary } from '../../src/vm/verify/verify';
import { childShapeProblem } from '../../src/workloads/recursion/guest/windows';

const summary = (h: number, taus: number[], mu: number, logInvRate = 1): VmProofSummary => ({
  h, tau: Object.fromEntries(TABLES.map((t, i) => [t, taus[i]])) as VmProofSummary['tau'], logInvRate, mu, nLanes: 45, streamScalars: 0, merklePhases: [],
});

describe("the node program's child windows", () => {
  it('take a leaf and a 2→1 node; refuse a 4→1 and a 16→1 node by their bus depth, a wide BLAKE2S table, a stack outside the openings', () => {
    expect(childShapeProblem(summary(17, [9, 10, 10, 11, 9, 10], 21), 15)).toBeNull();
    expect(childShapeProblem(summary(20, [18, 18, 15, 16, 15, 15], 25), 19)).toBeNull();
    expect(childShapeProblem(summary(21, [19, 19, 16, 17, 16, 16], 26), 19)).toMatch(/^its bus has depth 24, and the node program verifies depths 16\.\.23$/);
    expect(childShapeProblem(summary(23, [21, 21, 18, 19, 18, 18], 28), 19)).toMatch(/^its bus has depth 26/);
    expect(childShapeProblem(summary(17, [9, 10, 10, 11, 9, 17], 22), 15)).toMatch(/^its BLAKE2S table has 2\^17 rows, and the node program verifies at most 2\^16$/);
    expect(childShapeProblem(summary(17, [9, 10, 10, 11, 9, 10], 21, 2), 15)).toMatch(/^its stack of 2\^21 words at log inverse rate 2 is outside/);
  });
});
