// The node program's own witness streams (programs/aggregate-node.py, node_main): everything the
// node layer pops, in its order, from what proveNode has checked — the union and each key list's
// indices and first occurrences, the counts as bits, m and e, H_N's bits, each child's kind and
// its verification's streams (whirWitness: child_to_ring's and its stacked WHIR opening's, on the
// child's real public input),
// the raw signatures, and which branch the P_N batch takes. The batch's rounds and values and the
// node children's carried claims are batchHints' (../batch-hints.ts).
import { type E, eOne, eZero } from '../../../field/e';
import type { PublicInput } from '../../../vm/public-input';
import { cellOf, digestPublicInput, statementDigest } from '../../xmss-aggregate/statement';
import { pushSignature } from '../../xmss-aggregate/witness';
import type { TreeAggregate } from '../aggregate-file';
import { nodeBytecodeClaims } from '../batch';
import type { NodeClaims } from '../claims';
import type { NodeWitnessInput } from '../node-prove';
import { nodePublicInput } from '../statement';
import { gPow, pushEntry, type Streams } from './streams';
import { whirWitness } from './whir';

/** whirWitness's streams for the pieces' test dispatch, not the node's: the piece and the child's
 * statement, which the node rebuilds itself. */
const PIECE_ONLY = new Set(['piece', 'child_statement']);

const bit = (b: number): E => (b ? eOne() : eZero());
const bits = (v: number, n: number): E[] => Array.from({ length: n }, (_, k) => bit(Math.floor(v / 2 ** k) % 2));

/** A child's public input: a leaf's statement digest, or a node's D_N with the parent's H_N. */
function childPublicInput(message: Uint8Array, epoch: number, child: TreeAggregate, nodeProgramDigest: Uint8Array, carried: NodeClaims | undefined): PublicInput {
  if (child.kind === 'leaf') return digestPublicInput(statementDigest(message, epoch, child.publicKeys));
  return nodePublicInput(message, epoch, child.publicKeys, nodeProgramDigest, carried!);
}

export function nodeWitness(input: NodeWitnessInput): Streams {
  const { message, epoch, children, signers, union, nodeProgramDigest, programs } = input;
  const s: Streams = new Map();
  const push = (name: string, entry: E[]) => pushEntry(s, name, entry);
  const occurrences = (list: number) => union.indices[list].forEach((idx, i) => push('key_index', [gPow(idx), gPow(union.first[list][i] ? 1 : 0)]));
  push('count_bits', bits(union.keys.length, 16));
  push('message', [cellOf(message, 0), cellOf(message, 16)]);
  push('epoch_bits', bits(epoch, 32));
  push('node_digest_bits', Array.from({ length: 256 }, (_, k) => bit((nodeProgramDigest[k >>> 3] >>> (k & 7)) & 1)));
  for (const k of union.keys) push('union', [cellOf(k, 0), cellOf(k, 16)]);
  push('count_bits', bits(children.length, 5));
  children.forEach((c, j) => {
    push('child_kind', [gPow(c.aggregate.kind === 'leaf' ? 0 : 1)]);
    push('count_bits', bits(c.aggregate.publicKeys.length, 16));
    occurrences(j);
    const program = c.aggregate.kind === 'leaf' ? programs.leaf : programs.node;
    const opened = whirWitness(program, childPublicInput(message, epoch, c.aggregate, nodeProgramDigest, c.verdict.claims.carried), c.aggregate.proof);
    for (const [name, entries] of opened.streams) if (!PIECE_ONLY.has(name)) for (const e of entries) push(name, e);
  });
  push('count_bits', bits(signers.length, 16));
  occurrences(children.length);
  for (const signer of signers) pushSignature(push, signer);
  push('has_node', [gPow(nodeBytecodeClaims(children.map((c) => c.verdict.claims)).length > 0 ? 1 : 0)]);
  return s;
}
