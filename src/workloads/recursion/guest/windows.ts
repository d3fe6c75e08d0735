// The child shapes the node program can verify: each size a child announces selects one arm of
// a dispatch in programs/aggregate-node.py (its GKR depth, Flock's BLAKE2S table, its stacked
// opening), and a size outside every arm cannot be verified in the VM, however valid the proof.
// Checked before a node is proved (prepareNode), so such a child is refused by name instead of
// failing after the batch, inside the hint builders. test/workloads/recursion-guest/node.test.ts
// pins these numbers to the program's.
import { TABLES } from '../../../vm/isa';
import { leafLayout } from '../../../vm/leaves';
import type { VmProofSummary } from '../../../vm/verify/verify';
import { GKR_DEPTHS, GKR_MIN_DEPTH } from './chain';
import { WHIR_LOGNS, WHIR_MIN_LOGN } from './whir';

/** BLAKE2S table sizes τ = 0 .. FLOCK_TAUS - 1 (the program's FLOCK_BLOCKS arms). */
export const FLOCK_TAUS = 17;

/** Why the node program cannot verify a child proof of this shape, or null when it can. */
export function childShapeProblem(summary: VmProofSummary, logBytecode: number): string | null {
  const shape = { logMemory: summary.h, taus: TABLES.map((t) => summary.tau[t]), logBytecode };
  const { depth } = leafLayout(shape);
  if (depth < GKR_MIN_DEPTH || depth >= GKR_MIN_DEPTH + GKR_DEPTHS) {
    return `its bus has depth ${depth}, and the node program verifies depths ${GKR_MIN_DEPTH}..${GKR_MIN_DEPTH + GKR_DEPTHS - 1}`;
  }
  if (summary.tau.BLAKE2S >= FLOCK_TAUS) return `its BLAKE2S table has 2^${summary.tau.BLAKE2S} rows, and the node program verifies at most 2^${FLOCK_TAUS - 1}`;
  if (summary.logInvRate !== 1 || summary.mu < WHIR_MIN_LOGN || summary.mu >= WHIR_MIN_LOGN + WHIR_LOGNS) {
    return `its stack of 2^${summary.mu} words at log inverse rate ${summary.logInvRate} is outside the node program's openings (2^${WHIR_MIN_LOGN}..2^${WHIR_MIN_LOGN + WHIR_LOGNS - 1} words, rate 1/2)`;
  }
  return null;
}
