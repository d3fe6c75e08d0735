// The VM form kernels' columns when they do not fit bindings (docs/gpu-scale.md). A form reads
// many columns — views, some strided, of the committed stack, the program's buffer and the g^i
// table — at the same rows, and they lie far apart in buffers longer than a binding. So a run of
// rows is copied (copyBufferToBuffer, which no binding limit bounds) from each column into one
// scratch buffer a binding holds, and the kernel reads the copies as columns of the run's
// rows. A form that reads rows at several distances (a pair's lo and hi, a bind's four rows)
// copies each range, and the copies lie as the rows of one shorter column: range k of a run
// of n rows at value k·n of the copy, so the kernel sees the same form at a smaller `half`.
import { AllocationError } from '../../util/allocation';
import type { Recording } from './recording';
import type { Store } from './store';

/** A column: values at, at + stride, … of a buffer (`unit` bytes a value). */
export interface GatherColumn {
  readonly gpu: Store;
  readonly at: number;
  readonly stride: number;
}

/** The columns of a buffer's rows that one copy takes: a strided view's slots share it. */
interface Region {
  readonly gpu: Store;
  /** The first row's first value, and values a row. */
  readonly base: number;
  readonly stride: number;
  /** Its copy's first value in the scratch. */
  readonly dst: number;
}

export class Gather {
  /** Each column's first value in the scratch (its stride is unchanged). */
  readonly at: number[];
  /** Rows a run copies at most of each range. */
  readonly rows: number;
  /** Bytes of the scratch. */
  readonly bytes: number;
  private readonly regions: Region[] = [];

  /**
   * Plans copies of `ranges` ranges of at most `maxRows` rows of `columns` into a scratch of
   * at most `limit` bytes (a binding).
   */
  constructor(
    columns: readonly GatherColumn[],
    private readonly unit: number,
    private readonly ranges: number,
    maxRows: number,
    limit: number,
  ) {
    const slots: number[] = [];
    const found = columns.map((c) => {
      const base = c.at - (c.at % c.stride);
      let r = this.regions.findIndex((g) => g.gpu === c.gpu && g.base === base && g.stride === c.stride);
      if (r < 0) r = this.regions.push({ gpu: c.gpu, base, stride: c.stride, dst: 0 }) - 1;
      slots.push(c.at - base);
      return r;
    });
    const valuesPerRow = ranges * this.regions.reduce((s, g) => s + g.stride, 0);
    this.rows = Math.min(maxRows, Math.floor(limit / (unit * valuesPerRow)));
    if (this.rows < 1) throw new AllocationError('gpu', 'a row of a form\'s columns', unit * valuesPerRow, `over the ${limit}-byte storage binding limit`);
    let dst = 0;
    this.regions = this.regions.map((g) => {
      const placed = { ...g, dst };
      dst += ranges * this.rows * g.stride;
      return placed;
    });
    this.at = found.map((r, i) => this.regions[r].dst + slots[i]);
    this.bytes = dst * unit;
  }

  /** Records the copies of a run of `n` rows (at most `rows`) from each of `starts`' rows
   * (one start a range) into `scratch`. */
  copy(rec: Recording, scratch: Store, starts: readonly number[], n: number): void {
    this.move(rec, scratch, starts, n, true);
  }

  /** Records the copies back of the ranges `starts` (the first of the plan's ranges) from
   * `scratch`: a bind in place writes the run's first ranges over themselves. */
  copyBack(rec: Recording, scratch: Store, starts: readonly number[], n: number): void {
    this.move(rec, scratch, starts, n, false);
  }

  private move(rec: Recording, scratch: Store, starts: readonly number[], n: number, into: boolean): void {
    const { unit } = this;
    for (const g of this.regions) {
      starts.forEach((row, k) => {
        const from = g.base + row * g.stride;
        // The last row's slots past the buffer's end are never read.
        const values = Math.min(n * g.stride, Math.floor(g.gpu.size / unit) - from);
        const to = g.dst + k * n * g.stride;
        if (into) rec.copy(g.gpu, from * unit, scratch, to * unit, values * unit);
        else rec.copy(scratch, to * unit, g.gpu, from * unit, values * unit);
      });
    }
  }
}
