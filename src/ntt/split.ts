// Splitting a forward transform into pieces for a pool of workers. A step's butterflies
// are independent, so one step may be cut by columns (each piece takes a range of K-word
// offsets within every block) and the pieces run at once; and every block of a layer is
// an independent sub-transform of the layers below it, so once a layer has enough blocks,
// each worker takes a contiguous range of them through all the remaining steps without
// waiting for the others. The result is exact either way: the same bytes at any count.
import { forwardSchedule, stepColumns, type NttStep } from './transform';

export type NttPiece =
  /** `step` on every block of its layer, columns [colFrom, colTo). */
  | { readonly kind: 'columns'; readonly step: NttStep; readonly colFrom: number; readonly colTo: number }
  /** `steps` on blocks [from, to) of steps[0]'s layer. */
  | { readonly kind: 'blocks'; readonly steps: readonly NttStep[]; readonly from: number; readonly to: number };

/** Blocks per worker from which uneven block ranges cost little (≤ 1/8 of a share). */
const BLOCKS_PER_WORKER = 8;

/** The w-th of `parts` near-equal cuts of [0, n) (empty where n < parts). */
export function cut(n: number, parts: number, w: number): [number, number] {
  return [Math.floor((n * w) / parts), Math.floor((n * (w + 1)) / parts)];
}

/**
 * Rounds of pieces for forwardNtt(·, nLanes, startLayer) on 2^logSize positions: the
 * pieces of a round touch disjoint words (run them concurrently, at most `workers` per
 * round); rounds run in order. Leading steps whose layer has too few blocks to share out
 * evenly are cut by columns, one round each; the rest is one round of block ranges.
 */
export function splitForward(nLanes: number, logSize: number, startLayer: number, workers: number): NttPiece[][] {
  const steps = forwardSchedule(nLanes, logSize, startLayer);
  const rounds: NttPiece[][] = [];
  let i = 0;
  for (; i < steps.length; i++) {
    const blocks = 2 ** steps[i].layer;
    if (blocks % workers === 0 || blocks >= BLOCKS_PER_WORKER * workers) break;
    const cols = stepColumns(nLanes, logSize, steps[i]);
    const round: NttPiece[] = [];
    for (let w = 0; w < workers; w++) {
      const [colFrom, colTo] = cut(cols, workers, w);
      if (colTo > colFrom) round.push({ kind: 'columns', step: steps[i], colFrom, colTo });
    }
    rounds.push(round);
  }
  if (i < steps.length) {
    const tail = steps.slice(i);
    const blocks = 2 ** tail[0].layer;
    const round: NttPiece[] = [];
    for (let w = 0; w < workers; w++) {
      const [from, to] = cut(blocks, workers, w);
      if (to > from) round.push({ kind: 'blocks', steps: tail, from, to });
    }
    rounds.push(round);
  }
  return rounds;
}
