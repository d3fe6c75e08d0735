// Timing statistics for the benches: the median of several runs and how far they spread.
import { median, min, max } from 'mathjs';

export interface Timing {
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** (max − min) / median: the spread of the runs, relative. */
  spread: number;
}

export function summarize(samplesMs: number[]): Timing {
  const med = median(samplesMs) as number;
  const lo = min(samplesMs) as number;
  const hi = max(samplesMs) as number;
  return { runs: samplesMs.length, medianMs: med, minMs: lo, maxMs: hi, spread: med > 0 ? (hi - lo) / med : 0 };
}

/** Runs `body` once to warm up, then `runs` times; returns the timings. */
export async function time(runs: number, body: () => Promise<void>): Promise<Timing> {
  await body();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await body();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}
