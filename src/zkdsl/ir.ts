// Lowered code: one function's instructions over its frame offsets, with jump targets and
// callee entries still symbolic, and the prover hints each instruction carries.
import type { E } from '../field/e';
import type { Hint as VmHint } from '../vm/hints';
import type { DerefMode } from '../vm/isa';
import type { FillBlock } from '../vm/program';

export type Off = number;

/** A SET immediate: a word, a function's entry pc, the halt pc, or an instruction of this
 * function (a local jump target), each resolved to g^pc once the layout is fixed. */
export type KVal =
  | { readonly k: 'const'; readonly v: E }
  | { readonly k: 'entry'; readonly name: string }
  | { readonly k: 'end' }
  | { k: 'local'; target: number };

export type LOp =
  | { readonly op: 'SET'; readonly o: Off; readonly k: KVal }
  | { op: 'XOR' | 'MUL'; a: Off; b: Off; readonly c: Off }
  | { readonly op: 'DEREF'; alpha: Off; readonly beta: number; gamma: Off; readonly mode: DerefMode }
  | { readonly op: 'JUMP'; oc: Off; od: Off; of: Off }
  | { readonly op: 'BLAKE2S'; readonly ins: Off[]; cv: Off; readonly c: Off; readonly metadata: E };

/** A hint as lowering makes it: the VM's own, or a frame allocation whose size is known only
 * once every function is laid out (the largest of several callees for a shared frame). */
export type LHint =
  | { readonly kind: 'frame'; readonly ptr: Off; readonly callees: readonly string[] }
  | { readonly kind: 'vm'; hint: VmHint };

export interface LInstr {
  op: LOp;
  /** Applied, in order, just before the instruction. */
  readonly hints: LHint[];
  /** The source line of the statement that made it (for run errors). */
  readonly line: number;
}

export interface Lowered {
  readonly name: string;
  code: LInstr[];
  readonly frameSize: number;
  /** One past the last cell the caller touches (retpc, retfp, arguments, return cells). */
  readonly abiEnd: number;
  /** Where the fill blocks start (code.length when there are none). */
  readonly fillerStart: number;
  /** The fill blocks, with pcs relative to this function's code. */
  filler: FillBlock[];
}
