// The hints of the node program's Merkle openings (programs/aggregate-node.py, open_leaf): per
// query of every phase the verifier authenticated, its leaf image as cells, its full path's
// siblings and its position's bits. The program hashes and walks them to the phase's root.
import { type E, eFromK, eOne, eZero } from '../../../field/e';
import { blake2sWordsInto, compress2to1 } from '../../../hash/blake2s';
import { MerkleError } from '../../../merkle/errors';
import type { OpenedPhase } from '../../../transcript/verifier-state';
import { gPow, pushEntry, type Streams } from './streams';

/** The leaf images the program hashes, in BLAKE2s blocks (64 bytes = 8 K words): a level-0
 * leaf of 64 K words and a deeper level's of 24. */
const LEAF_KINDS = [8, 3];

/** Four 32-bit words as one 128-bit cell (c2 = 0). */
export function wordCell(words: Uint32Array, at: number): E {
  return Uint32Array.of(words[at], words[at + 1], words[at + 2], words[at + 3], 0, 0);
}

function digestWords(bytes: Uint8Array): Uint32Array {
  const w = new Uint32Array(8);
  for (let i = 0; i < 32; i++) w[i >>> 2] |= bytes[i] << (8 * (i & 3));
  return w;
}

/** A 32-byte digest as its two cells. */
export function digestCells(bytes: Uint8Array): [E, E] {
  const w = digestWords(bytes);
  return [wordCell(w, 0), wordCell(w, 4)];
}

/** Each level's hashed pair (left, right) as four cells, the node climbing from the leaf's
 * digest: the node is the left child where bit l of the position q is 0. */
function pathPairs(image: Uint32Array, path: readonly Uint8Array[], q: number): E[] {
  let node: Uint32Array = new Uint32Array(8);
  blake2sWordsInto(node, 0, image, 0, image.length);
  const out: E[] = [];
  path.forEach((sibling, l) => {
    const sib = digestWords(sibling);
    const [left, right] = (q >>> l) & 1 ? [sib, node] : [node, sib];
    out.push(wordCell(left, 0), wordCell(left, 4), wordCell(right, 0), wordCell(right, 4));
    node = compress2to1(left, right);
  });
  return out;
}

/** Query i of `phase`: its leaf image (as cells, or `asWords` as K words, for the WHIR piece's
 * row folds), its path's hashed pairs and its position's bits. */
export function pushOpening(streams: Streams, phase: OpenedPhase, i: number, asWords = false): void {
  const o = phase.openings[i], q = phase.queries[i];
  if (asWords) pushEntry(streams, 'row_words', Array.from({ length: phase.leafWords }, (_, k) => eFromK(o.leafData.subarray(2 * k, 2 * k + 2))));
  else pushEntry(streams, 'leaf', Array.from({ length: phase.leafWords / 2 }, (_, c) => wordCell(o.leafData, 4 * c)));
  pushEntry(streams, 'siblings', pathPairs(o.leafData, o.path, q));
  pushEntry(streams, 'path_bits', Array.from({ length: Math.log2(phase.nLeaves) }, (_, l) => ((q >>> l) & 1 ? eOne() : eZero())));
}

/** The streams of the Merkle piece over every query of `phases`. */
export function openingsWitness(phases: readonly OpenedPhase[]): Streams {
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(1)]);
  const count = phases.reduce((n, p) => n + p.openings.length, 0);
  pushEntry(streams, 'n_openings', [gPow(count)]);
  for (const phase of phases) {
    const blocks = phase.leafWords / 8;
    const kind = LEAF_KINDS.indexOf(blocks);
    if (kind < 0) throw new MerkleError('shape', `a leaf of ${phase.leafWords} K words is no leaf the node program hashes`);
    const height = Math.log2(phase.nLeaves);
    const root = digestCells(phase.root);
    phase.openings.forEach((_, i) => {
      pushEntry(streams, 'opening', [gPow(kind), gPow(height - 1), root[0], root[1]]);
      pushOpening(streams, phase, i);
    });
  }
  return streams;
}
