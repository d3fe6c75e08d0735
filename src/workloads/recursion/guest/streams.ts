// The node program's witness streams: name → entries, each entry the cells one hint_witness
// pops, in the program's consumption order.
import { type E, eFromK } from '../../../field/e';
import { kPow } from '../../../field/k';

export type Streams = Map<string, E[][]>;

export function pushEntry(streams: Streams, name: string, entry: E[]): void {
  let entries = streams.get(name);
  if (entries === undefined) streams.set(name, (entries = []));
  entries.push(entry);
}

const G = Uint32Array.of(2, 0);

/** g^n as a cell: how the program reads a count, a kind or a height (log-range checked). */
export const gPow = (n: number): E => eFromK(kPow(G, n));
