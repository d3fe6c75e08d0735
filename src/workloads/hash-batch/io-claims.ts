// The claims that tie q_flock to a bound statement (docs/bound-statement.md): at the I/O point
// ρ, drawn after the root, slot j of every block evaluates to MLE(P_j)(ρ), P_j the statement's
// words in that slot (padding instances past n). Both sides compute the values; the stacked
// opening discharges them as strided claims on q_flock.
import { eMulKAt } from '../../field/e';
import { eqTableFast } from '../../flock/eq-table';
import type { PointClaim } from '../../pcs/stack/claims';
import type { Channel } from '../../transcript/channel';
import { IO_SLOTS, paddingRecord, RECORD_WORDS, type HashBatchStatement } from './statement';

/** log2 of a block's 64-bit slots: q_flock word j + 256·t is slot j of block t. */
const SLOT_LOG = 8;

/** v_k = Σ_t eq(ρ, t)·P_{IO_SLOTS[k]}[t] for the 18 slots (6 words each). */
export function ioValues(st: HashBatchStatement, rho: Uint32Array): Uint32Array {
  const eq = eqTableFast(rho);
  const slots = IO_SLOTS.length;
  const values = new Uint32Array(6 * slots), term = new Uint32Array(6), tail = new Uint32Array(6);
  const addTerm = (k: number): void => {
    for (let w = 0; w < 6; w++) values[6 * k + w] ^= term[w];
  };
  for (let t = 0; t < st.n; t++) {
    for (let k = 0; k < slots; k++) {
      eMulKAt(term, 0, eq, 6 * t, st.records, RECORD_WORDS * t + 2 * k);
      addTerm(k);
    }
  }
  // Every block from n on is the padding instance: its words weigh Σ_{t ≥ n} eq(ρ, t).
  for (let i = 6 * st.n; i < eq.length; i++) tail[i % 6] ^= eq[i];
  const pad = paddingRecord();
  for (let k = 0; k < slots; k++) {
    eMulKAt(term, 0, tail, 0, pad, 2 * k);
    addTerm(k);
  }
  return values;
}

/**
 * Draws the I/O point ρ ∈ E^nBlocksLog (right after the root) and returns the 18 strided
 * claims at it on q_flock (offset 0), slots in increasing order, for the opening.
 */
export function ioClaims(ch: Channel, st: HashBatchStatement): PointClaim[] {
  const rho = ch.sampleVec(st.nBlocksLog);
  const values = ioValues(st, rho);
  return IO_SLOTS.map((slot, k) => ({ offset: 0, strideLog: SLOT_LOG, slot, point: rho, value: values.subarray(6 * k, 6 * k + 6) }));
}
