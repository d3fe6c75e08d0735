// The hints of the node program's query positions (programs/aggregate-node.py, challenge_bits):
// each WHIR level's query squeezes — the ones right after its grinding nonce — with the
// challenge's 192 bits, and the d-bit runs the verifier reads as positions.
import { type E, eOne, eZero } from '../../../field/e';
import type { OpenedPhase } from '../../../transcript/verifier-state';
import { gPow, pushEntry, type Streams } from './streams';
import type { TranscriptEvent } from './transcript';

/** Bit k of a challenge read as the integer c0 + 2^64·c1 + 2^128·c2. */
const bitOf = (c: Uint32Array, k: number) => (c[k >>> 5] >>> (k & 31)) & 1;

/** The 192 bits of a challenge, least significant first, as cells. */
export function challengeBits(c: Uint32Array): E[] {
  return Array.from({ length: 192 }, (_, k) => (bitOf(c, k) ? eOne() : eZero()));
}

/** Run j of d bits as the K polynomial Σ_i bit·x^i: the integer, as a cell. */
function run(c: Uint32Array, j: number, d: number): E {
  const out = eZero();
  for (let i = 0; i < d; i++) if (bitOf(c, j * d + i)) out[i >>> 5] |= 1 << (i & 31);
  return out;
}

export interface PositionsRecord {
  readonly streams: Streams;
  /** Per phase, the positions the squeezes' runs give, in order (the last squeeze's unused runs
   * included): its queries come first. */
  readonly runs: readonly number[][];
}

/** The streams of the positions piece over every phase: phase p's squeezes follow the p-th grind. */
export function positionsWitness(events: readonly TranscriptEvent[], phases: readonly OpenedPhase[]): PositionsRecord {
  const grinds = events.flatMap((e, i) => (e.kind === 'grind' ? [i] : []));
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(3)]);
  const entries: { c: Uint32Array; d: number }[] = [];
  const runs = phases.map((phase, p) => {
    const d = Math.log2(phase.nLeaves);
    const per = Math.floor(192 / d);
    const squeezes = Math.ceil(phase.queries.length / per);
    const out: number[] = [];
    for (let k = 0; k < squeezes; k++) {
      const ev = events[grinds[p] + 1 + k];
      if (ev.kind !== 'squeeze') throw new RangeError(`phase ${p}: event ${grinds[p] + 1 + k} after its grind is no squeeze`);
      entries.push({ c: ev.challenge, d });
      for (let j = 0; j < per; j++) out.push(run(ev.challenge, j, d)[0]);
    }
    return out;
  });
  pushEntry(streams, 'n_squeezes', [gPow(entries.length)]);
  for (const { c, d } of entries) {
    pushEntry(streams, 'squeeze', [c, gPow(d - 1)]);
    pushEntry(streams, 'challenge_bits', challengeBits(c));
    pushEntry(streams, 'positions', Array.from({ length: Math.floor(192 / d) }, (_, j) => run(c, j, d)));
  }
  return { streams, runs };
}
