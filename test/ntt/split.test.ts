// splitForward: running its rounds piece by piece (in any order within a round, as workers
// would) reproduces forwardNtt exactly, for lane counts, sizes, start layers and worker
// counts that exercise column rounds, uneven block ranges and empty shares.
import { describe, expect, it } from 'vitest';
import { forwardNtt, forwardPiece, splitForward } from '../../src/ntt';
import { SplitMix64 } from '../../src/util/splitmix64';

describe('splitForward', () => {
  it('its pieces, run round by round in reverse order within a round, equal forwardNtt', () => {
    const rng = new SplitMix64(40);
    for (const [nLanes, logSize] of [[1, 12], [64, 9], [3, 10], [20, 6], [64, 1]]) {
      for (const start of [0, 1, 2, 3]) {
        if (start > logSize) continue;
        const input = rng.words(nLanes * 2 ** logSize);
        const want = input.slice();
        forwardNtt(want, nLanes, start);
        for (const workers of [1, 2, 3, 5, 7, 16]) {
          const data = input.slice();
          const rounds = splitForward(nLanes, logSize, start, workers);
          for (const round of rounds) {
            expect(round.length).toBeLessThanOrEqual(workers);
            for (const piece of [...round].reverse()) forwardPiece(data, nLanes, piece);
          }
          expect(data, `lanes ${nLanes}, 2^${logSize}, from layer ${start}, ${workers} workers`).toEqual(want);
        }
      }
    }
  });

  it('hands whole cosets to workers when they divide evenly: one round, no waiting', () => {
    const rounds = splitForward(64, 17, 1, 2);
    expect(rounds).toHaveLength(1);
    expect(rounds[0].map((p) => p.kind === 'blocks' && [p.from, p.to])).toEqual([[0, 1], [1, 2]]);
    // Three workers on two cosets: column rounds until a layer has ≥ 24 blocks.
    const three = splitForward(64, 17, 1, 3);
    expect(three.slice(0, -1).every((r) => r.every((p) => p.kind === 'columns'))).toBe(true);
    expect(three.at(-1)!.every((p) => p.kind === 'blocks')).toBe(true);
  });
});
