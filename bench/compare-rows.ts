// `bench --compare REF`'s arithmetic: a cell is one row of one bench (its backend, size or
// program) and one time column; each round pairs the ref's run with the working tree's, run one
// after the other, so a ratio holds while the machine's speed drifts between rounds.
import type { BenchRow } from './report';
import { summarize } from './stats';

/** One bench's rows from each round of one side. */
export type Rounds = BenchRow[][];

export interface CellRatio {
  bench: string;
  /** The row's identity: its backend and its size or program. */
  cell: string;
  column: string;
  /** Each round's value on the ref and on the working tree. */
  ref: number[];
  head: number[];
  /** head / ref per round. */
  ratios: number[];
  medianRatio: number;
  minRatio: number;
  maxRatio: number;
}

/** A row's identity: every text field but its error, and its size `n`. */
export function cellKey(row: BenchRow): string {
  return Object.entries(row)
    .filter(([k, v]) => k !== 'error' && (typeof v === 'string' || k === 'n'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

const isTime = (column: string) => column.endsWith(' ms');

/** The cells both sides measured in every round, with their per-round ratios; cells one side
 * lacks in some round (a failure, a bench the ref does not have) are left out. */
export function compareRounds(bench: string, ref: Rounds, head: Rounds): CellRatio[] {
  const rounds = Math.min(ref.length, head.length);
  const index = (rows: BenchRow[]) => new Map(rows.map((r) => [cellKey(r), r]));
  const refIx = ref.slice(0, rounds).map(index);
  const headIx = head.slice(0, rounds).map(index);
  const out: CellRatio[] = [];
  for (const [cell, first] of headIx[0] ?? []) {
    for (const column of Object.keys(first).filter(isTime)) {
      const pairs = refIx.map((ix, i) => [ix.get(cell)?.[column], headIx[i].get(cell)?.[column]]);
      if (!pairs.every(([a, b]) => typeof a === 'number' && typeof b === 'number' && a > 0)) continue;
      const ratios = pairs.map(([a, b]) => (b as number) / (a as number));
      const s = summarize(ratios);
      out.push({ bench, cell, column, ref: pairs.map(([a]) => a as number), head: pairs.map(([, b]) => b as number), ratios, medianRatio: s.medianMs, minRatio: s.minMs, maxRatio: s.maxMs });
    }
  }
  return out;
}

/** The table `bench --compare` prints: medians of each side and the ratio's median and range. */
export function ratioRows(cells: CellRatio[]): BenchRow[] {
  return cells.map((c) => ({
    backend: c.cell,
    column: c.column,
    'ref ms': summarize(c.ref).medianMs,
    'head ms': summarize(c.head).medianMs,
    'head/ref': c.medianRatio,
    'min': c.minRatio,
    'max': c.maxRatio,
    rounds: c.ratios.length,
  }));
}
