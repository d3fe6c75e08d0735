// A hash-batch proof's traffic budget (its stages' traffic: HashBatchProof's stats,
// src/backend/traffic.ts).
import type { StageTraffic } from '../../backend/traffic';

export { describeTraffic, totalTraffic } from '../../backend/traffic';

/** A resident proof's budget: at most 1 MiB more than the messages sent and than the proof
 * read back, at most one wait a transcript round. What it exceeds, or null. */
export function overBudget(t: StageTraffic, messageBytes: number, proofBytes: number): string | null {
  const over: string[] = [];
  if (t.uploadBytes > messageBytes + 2 ** 20) over.push(`${t.uploadBytes} bytes up for ${messageBytes} of messages`);
  if (t.readBytes > proofBytes + 2 ** 20) over.push(`${t.readBytes} bytes back for a proof of ${proofBytes}`);
  if (t.waits > t.rounds) over.push(`${t.waits} waits in ${t.rounds} transcript rounds`);
  return over.length === 0 ? null : over.join('; ');
}
