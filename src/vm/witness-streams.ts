// The named witness streams a run reads: a stream is a list of entries, and each hint_witness
// call pops its stream's next entry, whose length must be the destination's.
import type { E } from '../field/e';
import { Fault } from './fault';

export type WitnessStreams = ReadonlyMap<string, readonly (readonly E[])[]>;

export class WitnessCursor {
  private readonly streams: WitnessStreams;
  private readonly next = new Map<string, number>();

  constructor(streams: WitnessStreams) {
    this.streams = streams;
  }

  /** The next entry of `name`, which must hold exactly `len` words. */
  pop(name: string, len: number): readonly E[] {
    const entries = this.streams.get(name);
    if (entries === undefined) throw new Fault('witness', `no witness stream ${JSON.stringify(name)}`);
    const at = this.next.get(name) ?? 0;
    if (at >= entries.length) throw new Fault('witness', `witness stream ${JSON.stringify(name)} has run dry: the run needs entry ${at + 1}, the stream has ${entries.length}`);
    const entry = entries[at];
    if (entry.length !== len) throw new Fault('witness', `witness stream ${JSON.stringify(name)} entry ${at} holds ${entry.length} words, the destination ${len}`);
    this.next.set(name, at + 1);
    return entry;
  }
}

/** The program's streams with `overrides` replacing those of the same name. */
export function mergeStreams(own: WitnessStreams, overrides?: WitnessStreams): WitnessStreams {
  if (overrides === undefined) return own;
  const out = new Map(own);
  for (const [name, entries] of overrides) out.set(name, entries);
  return out;
}
