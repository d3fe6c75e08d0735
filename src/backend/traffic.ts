// A proof's device traffic stage by stage (Backend.traffic, read before and after each stage,
// beside the stage's transcript rounds), added up over the stages and said in one line: what
// the provers' stats carry and the CLI, the bench, the page and the device check show.
import type { DeviceTraffic } from './backend';

/** A stage's device traffic beside its transcript rounds (ProverState.rounds). */
export interface StageTraffic extends DeviceTraffic {
  rounds: number;
}

/** The traffic between two readings of a meter. */
export function trafficSince(before: DeviceTraffic, after: DeviceTraffic): DeviceTraffic {
  return {
    uploadBytes: after.uploadBytes - before.uploadBytes,
    readBytes: after.readBytes - before.readBytes,
    submits: after.submits - before.submits,
    waits: after.waits - before.waits,
  };
}

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
