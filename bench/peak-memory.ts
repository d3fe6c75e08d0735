// The process's peak resident set over a stretch of a bench (one size's runs), for the rows
// that put it beside the memory estimate. Linux resets the peak (VmHWM) on request; elsewhere
// the peak is the process's so far.
import { readFileSync, writeFileSync } from 'node:fs';

/** Starts a new stretch: the peak from now on (where the system can reset it). */
export function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // No reset here: peakBytes() reports the peak since the process began.
  }
}

/** The peak resident set since resetPeak, in bytes. */
export function peakBytes(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m !== null) return Number(m[1]) * 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS * 1024;
}
