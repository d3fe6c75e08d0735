// A sumcheck round's pairs (lib/pairs.wgsl) over tables longer than a binding. At stride s a
// table of n values is cut into units of 2s, value j of a unit's low half pairing with value j
// of its high half, and term t is (unit t / s, j = t mod s). A run of whole units that fits a
// window binds one window of each table (hi_shift 0); a unit wider than a window is taken in
// runs of j, binding a window of its low half and one of its high half, the kernel seeing a
// table of one unit whose stride is the run's length (hi_shift that length).
import { BackendUsageError } from '../backend';
import type { Binding } from './recording';
import type { Store } from './store';
import { windowOf, windowUnits, type Windows } from './window';

/** Bytes a value is planned for: an E value, the widest operand (a K table's fold writes E). */
const PLAN_UNIT = 24;

export interface PairRun {
  /** The run's first term and its terms (the folded table's values). */
  readonly first: number;
  readonly terms: number;
  /** [first value, values] of the low window and of the high window. */
  readonly lo: readonly [number, number];
  readonly hi: readonly [number, number];
  /** The table as the run's kernel sees it: its values, stride and hi_shift. */
  readonly n: number;
  readonly stride: number;
  readonly hiShift: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The runs of a round at `stride` over `n` values (n a multiple of stride). */
export function pairRuns(w: Windows, n: number, stride: number): PairRun[] {
  const s = stride;
  const units = Math.ceil(n / (2 * s));
  if (n * PLAN_UNIT <= w.bytes) return [{ first: 0, terms: units * s, lo: [0, n], hi: [0, n], n, stride: s, hiShift: 0 }];
  // Values (and terms) at which a window may start: whole alignments of K and E values.
  const step = w.align / gcd(w.align, 8);
  const per = windowUnits(w, PLAN_UNIT, step);
  const unitStep = step / gcd(step, s);
  const perUnits = Math.floor(per / (2 * s) / unitStep) * unitStep;
  const out: PairRun[] = [];
  if (perUnits >= 1) {
    for (let u0 = 0; u0 < units; u0 += perUnits) {
      const values = Math.min(n, (u0 + perUnits) * 2 * s) - u0 * 2 * s;
      const lo = [u0 * 2 * s, values] as const;
      out.push({ first: u0 * s, terms: Math.min(units, u0 + perUnits) * s - u0 * s, lo, hi: lo, n: values, stride: s, hiShift: 0 });
    }
    return out;
  }
  if (s % step !== 0) throw new BackendUsageError(`pairs ${s} values apart cannot be windowed at a ${w.align}-byte alignment`);
  for (let u = 0; u < units; u++) {
    for (let j0 = 0; j0 < s; j0 += per) {
      const len = Math.min(per, s - j0);
      const lo = [u * 2 * s + j0, len] as const;
      const hiStart = u * 2 * s + s + j0;
      const hiLen = Math.max(0, Math.min(len, n - hiStart));
      const hi = hiLen === 0 ? lo : ([hiStart, hiLen] as const);
      out.push({ first: u * s + j0, terms: len, lo, hi, n: len + hiLen, stride: len, hiShift: hiLen === 0 ? 0 : len });
    }
  }
  return out;
}

/** A table's low and high windows in a run, its values `unit` bytes each. */
export function pairBindings(run: PairRun, table: Store, unit: number): [Binding, Binding] {
  const [lo, hi] = [run.lo, run.hi].map(([first, count]) => windowOf(table, first * unit, count * unit));
  return [lo, hi];
}
