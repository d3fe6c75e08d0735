// The process's peak resident set over a stretch of a bench (one size's runs), for the rows
// that put it beside the memory estimate: Linux resets the peak (VmHWM) on request, and
// peakRss (host/node/cli-files.ts) reads it; elsewhere the peak is the process's so far.
import { writeFileSync } from 'node:fs';

/** Starts a new stretch: the peak from now on (where the system can reset it). */
export function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // No reset here: peakRss() reports the peak since the process began.
  }
}
