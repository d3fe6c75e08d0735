// The witness streams the node program reads for its deferred-claim batch (docs/recursion.md
// §3.1): the batch's stream cut into its rounds and values, and each node child's carried claims.
import type { E } from '../../field/e';
import { type ChildClaims, nodeBytecodeClaims } from './batch';
import type { BatchProof } from './batch-prove';
import { type ClaimShape, claimScalars, MATRIX_VARS } from './claims';

const scalars = (words: Uint32Array): E[] => Array.from({ length: words.length / 6 }, (_, i) => words.slice(6 * i, 6 * i + 6));

/** Stream name → entries → E words, in the order the node program pops them. */
export function batchHints(children: readonly ChildClaims[], shape: ClaimShape, proof: BatchProof): Map<string, E[][]> {
  const all = scalars(proof.stream);
  let at = 0;
  const rounds = (vars: number): E[][] => Array.from({ length: vars }, () => [all[at++], all[at++]]);
  const values = (n: number): E[][] => [all.slice(at, (at += n))];
  const hasNode = nodeBytecodeClaims(children).length > 0;
  const streams = new Map<string, E[][]>([
    ['batch_leaf_rounds', rounds(shape.leafVars)],
    ['batch_leaf_value', values(1)],
    ['batch_node_rounds', hasNode ? rounds(shape.nodeVars) : []],
    ['batch_node_value', hasNode ? values(1) : []],
    ['batch_matrix_rounds', rounds(MATRIX_VARS)],
    ['batch_matrix_values', values(2)],
    ['child_claims', children.filter((c) => c.carried !== undefined).map((c) => scalars(claimScalars(c.carried!)))],
  ]);
  if (at !== all.length) throw new RangeError(`batchHints: the batch stream has ${all.length} scalars, its layout ${at}`);
  return streams;
}
