// The child's transcript as the node program replays it (programs/aggregate-node.py): the
// compressions of a recorded verification (child.ts) turned into the events the program runs
// and the hinted cells each one reads. Nothing here is trusted by the
// program: every hinted cell is re-checked in the VM (docs/recursion-guest.md §2).
import { type E, eFromK, eOne, eZero } from '../../../field/e';
import { kFromWords } from '../../../field/k';
import { compressBlockInto } from '../../../hash/blake2s';
import { VerificationError } from '../../../transcript/errors';
import type { TranscriptStep } from '../../../transcript/fiat-shamir';
import { TAG_POW_BASE, TAG_POW_NONCE, TAG_SCALAR, TAG_SQUEEZE } from '../../../transcript/tags';
import { gPow, pushEntry, type Streams } from './streams';

/** The grinding bits the program checks (a WHIR query phase's). */
export const POW_BITS = 17;

/** One event of the replay: an absorbed scalar (its 6 words), a squeeze (the challenge drawn),
 * or a grinding check (the nonce's 6 words and the check word C(base, nonce block)). */
export type TranscriptEvent =
  | { readonly kind: 'absorb'; readonly scalar: Uint32Array }
  | { readonly kind: 'squeeze'; readonly challenge: E }
  | { readonly kind: 'grind'; readonly nonce: Uint32Array; readonly check: Uint32Array };

/** The compressions as the program's events: a grinding base and its nonce's bind are one. */
export function transcriptEvents(steps: readonly TranscriptStep[]): TranscriptEvent[] {
  const out: TranscriptEvent[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (s.tag === TAG_SCALAR) out.push({ kind: 'absorb', scalar: s.data });
    else if (s.tag === TAG_SQUEEZE) out.push({ kind: 'squeeze', challenge: s.out.slice(0, 6) });
    else if (s.tag === TAG_POW_BASE && steps[i + 1]?.tag === TAG_POW_NONCE) {
      const nonce = steps[++i].data;
      out.push({ kind: 'grind', nonce, check: blockDigest(s.out, nonce, TAG_POW_NONCE) });
    } else throw new VerificationError(`transcript step ${i} (tag ${s.tag}) is no event of a VM verification`);
  }
  return out;
}

/** C(cv, (data, tag)), the compression the chain makes. */
function blockDigest(cv: Uint32Array, data: Uint32Array, tag: number): Uint32Array {
  const b = new Uint32Array(16);
  b.set(cv.subarray(0, 8), 0);
  b.set(data.subarray(0, 6), 8);
  b[14] = tag;
  const out = new Uint32Array(8);
  compressBlockInto(out, 0, b, 0);
  return out;
}

/** The two hinted cells of an absorbed scalar's block: (c0, c1) as one cell, c2 in K. */
export function blockCells(scalar: Uint32Array): [E, E] {
  return [Uint32Array.of(scalar[0], scalar[1], scalar[2], scalar[3], 0, 0), eFromK(kFromWords(scalar[4], scalar[5]))];
}

/** Bits POW_BITS..63 of the check word's low limb, each 0 or 1. */
export function powBits(check: Uint32Array): E[] {
  return Array.from({ length: 64 - POW_BITS }, (_, k) => {
    const j = POW_BITS + k;
    return (check[j >>> 5] >>> (j & 31)) & 1 ? eOne() : eZero();
  });
}

/** The streams of the node program's transcript replay (its `main` today): the events, each
 * one's hinted cells, and the verifier's challenges to check the squeezes against. */
export function replayWitness(events: readonly TranscriptEvent[]): Streams {
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(0)]);
  pushEntry(streams, 'n_events', [gPow(events.length)]);
  for (const ev of events) {
    if (ev.kind === 'absorb') {
      pushEntry(streams, 'events', [gPow(0)]);
      pushEntry(streams, 'fs', blockCells(ev.scalar));
    } else if (ev.kind === 'squeeze') {
      pushEntry(streams, 'events', [gPow(1)]);
      pushEntry(streams, 'challenges', [ev.challenge]);
    } else {
      pushEntry(streams, 'events', [gPow(2)]);
      pushEntry(streams, 'fs', blockCells(ev.nonce));
      pushEntry(streams, 'pow_bits', powBits(ev.check));
    }
  }
  return streams;
}
