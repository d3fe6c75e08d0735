// The work a cpu pool's worker does: one piece of a commit, on arrays in shared memory, or a
// slice of grinding's nonce search.
// A worker runs runCpuTask on each message it gets; the pieces come from threaded.ts.
import { buildSubtrees, treeOver } from '../../merkle/tree';
import { layoutStack, type StackShape } from '../../ntt/encode';
import type { NttPiece } from '../../ntt/split';
import { forwardPiece } from '../../ntt/transform';
import { firstPassing } from '../../transcript/pow';

export type CpuTask =
  /** layoutStack of message positions [from, to). */
  | { kind: 'layout'; q: Uint32Array; codeword: Uint32Array; shape: StackShape; logInvRate: number; from: number; to: number }
  /** One piece of a forward transform (src/ntt/split.ts). */
  | { kind: 'ntt'; data: Uint32Array; nLanes: number; piece: NttPiece }
  /** buildSubtrees of leaves [from, to) into the tree whose nodes are `nodes`. */
  | { kind: 'merkle'; rows: Uint32Array; rowWords: number; leafWords: number; nodes: Uint32Array; from: number; to: number; levels: number }
  /** out[slot] = the first passing low word of grinding nonces (lo ∈ [from, to), hi), or 2^32 − 1. */
  | { kind: 'grind'; base: Uint32Array; bits: number; hi: number; from: number; to: number; out: Uint32Array; slot: number };

export function runCpuTask(task: CpuTask): void {
  switch (task.kind) {
    case 'layout':
      layoutStack(task.q, task.codeword, task.shape, task.logInvRate, task.from, task.to);
      return;
    case 'ntt':
      forwardPiece(task.data, task.nLanes, task.piece);
      return;
    case 'merkle':
      buildSubtrees(treeOver(task.nodes), task.rows, task.rowWords, task.leafWords, task.from, task.to, task.levels);
      return;
    case 'grind':
      task.out[task.slot] = firstPassing(task.base, task.bits, task.hi, task.from, task.to) >>> 0;
      return;
  }
}
