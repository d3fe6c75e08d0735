// A proof's device traffic (Backend.traffic, per stage in HashBatchProof's stats) added up over
// the stages, and said in one line: what the CLI, the bench, the page and the device check show.
import type { StageTraffic } from './prove';

/** The stages' traffic together. */
export function totalTraffic(stages: Readonly<Record<string, StageTraffic>>): StageTraffic {
  const total: StageTraffic = { uploadBytes: 0, readBytes: 0, submits: 0, waits: 0, rounds: 0 };
  for (const s of Object.values(stages)) for (const k of Object.keys(total) as (keyof StageTraffic)[]) total[k] += s[k];
  return total;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

/** "… KiB up, … KiB back, … submissions, … waits in … transcript rounds". */
export function describeTraffic(t: StageTraffic): string {
  return `${kib(t.uploadBytes)} up, ${kib(t.readBytes)} back, ${t.submits} submissions, ${t.waits} waits in ${t.rounds} transcript rounds`;
}

/** A resident proof's budget: at most 1 MiB more than the messages sent and than the proof
 * read back, at most one wait a transcript round. What it exceeds, or null. */
export function overBudget(t: StageTraffic, messageBytes: number, proofBytes: number): string | null {
  const over: string[] = [];
  if (t.uploadBytes > messageBytes + 2 ** 20) over.push(`${t.uploadBytes} bytes up for ${messageBytes} of messages`);
  if (t.readBytes > proofBytes + 2 ** 20) over.push(`${t.readBytes} bytes back for a proof of ${proofBytes}`);
  if (t.waits > t.rounds) over.push(`${t.waits} waits in ${t.rounds} transcript rounds`);
  return over.length === 0 ? null : over.join('; ');
}
