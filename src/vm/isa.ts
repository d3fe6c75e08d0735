// The VM's instruction set (leanVM-b 5df6c37, docs/protocol.md §11.1): six instructions over fp-relative
// cells m[fp·g^o], each proved by its own table. Operands are frame offsets o (the cell fp·g^o);
// constants are full E words.
import type { E } from '../field/e';

/** The tables, in the protocol's order: table i proves opcode i, whose bus tag is g^i. */
export const TABLES = ['XOR', 'MUL', 'SET', 'DEREF', 'JUMP', 'BLAKE2S'] as const;
export type TableName = (typeof TABLES)[number];
export const N_TABLES = TABLES.length;
/** The JUMP table, which every fill traversal's closing jump lands in, and the BLAKE2S table. */
export const JUMP_TABLE = 4;
export const BLAKE2S_TABLE = 5;

/** What DEREF stores at m[m[fp·g^alpha]·g^beta]: a local cell, the return address g^(pc+2), or fp. */
export const DEREF_MODES = ['cell', 'pc', 'fp'] as const;
export type DerefMode = (typeof DEREF_MODES)[number];

/** m[c] = m[a] + m[b] (XOR) or m[a]·m[b] (MUL), in E. */
export interface ArithOp {
  readonly op: 'XOR' | 'MUL';
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** m[o] = k. */
export interface SetOp {
  readonly op: 'SET';
  readonly o: number;
  readonly k: E;
}

/** m[m[alpha]·g^beta] = m[gamma] (cell), g^(pc+2) (pc) or fp (fp). */
export interface DerefOp {
  readonly op: 'DEREF';
  readonly alpha: number;
  readonly beta: number;
  readonly gamma: number;
  readonly mode: DerefMode;
}

/** If m[oc] ≠ 0 then pc ← m[od], fp ← m[of]; else fall through. All three cells lie in K. */
export interface JumpOp {
  readonly op: 'JUMP';
  readonly oc: number;
  readonly od: number;
  readonly of: number;
}

/** One BLAKE2s compression: message chunks m[ins[0..4)], chaining value m[cv], m[cv+1], output
 * m[out], m[out+1]; metadata = (counter, f0 | f1 << 32, 0). */
export interface Blake2sOp {
  readonly op: 'BLAKE2S';
  readonly ins: readonly [number, number, number, number];
  readonly cv: number;
  readonly out: number;
  readonly metadata: E;
}

export type Instruction = ArithOp | SetOp | DerefOp | JumpOp | Blake2sOp;
export type OpName = Instruction['op'];

/** The table (and opcode exponent) of an instruction. */
export function tableOf(op: OpName): number {
  return TABLES.indexOf(op);
}
