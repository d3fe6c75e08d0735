// What the lowerer knows at a program point: the name bindings, and the lazily made cells
// (constants, range-check bounds, the frame's own fp, the BLAKE2s IV) whose SET sits wherever
// it was first needed. A runtime branch saves a Scope and restores it at the join, so nothing
// made on one path is trusted on another.
import type { E } from '../../field/e';
import type { Off } from '../ir';

/** A value equal to m[base]·g^exp, or the constant g^exp when base is null: heap pointers and
 * index cursors kept symbolic, so a later access folds the exponent into DEREF's β. */
export interface GAddr {
  readonly base: Off | null;
  readonly exp: bigint;
}

export class Scope {
  /** Names bound to one cell. */
  vars = new Map<string, Off>();
  /** StackBuf names: the base of `size` consecutive frame cells. */
  stacks = new Map<string, { readonly base: Off; readonly size: number }>();
  /** Names bound to a compile-time integer (usable as an index, a bound, an exponent). */
  consts = new Map<string, bigint>();
  /** Names bound to a symbolic g-address. */
  gaddrs = new Map<string, GAddr>();
  /** Names bound to a compile-time word that is not a g-power. */
  fconsts = new Map<string, E>();
  /** The cell holding this frame's own fp (local jumps reload fp from a cell). */
  selfFp: Off | null = null;
  /** Range-check bound k → the cell holding g^(k-1). */
  bounds = new Map<bigint, Off>();
  /** Word (wordKey) → the cell a SET gave it. */
  constCells = new Map<string, Off>();
  zero: Off | null = null;
  /** Two consecutive cells holding the BLAKE2s IV. */
  blake2sIv: Off | null = null;

  clone(): Scope {
    const s = new Scope();
    s.vars = new Map(this.vars);
    s.stacks = new Map(this.stacks);
    s.consts = new Map(this.consts);
    s.gaddrs = new Map(this.gaddrs);
    s.fconsts = new Map(this.fconsts);
    s.selfFp = this.selfFp;
    s.bounds = new Map(this.bounds);
    s.constCells = new Map(this.constCells);
    s.zero = this.zero;
    s.blake2sIv = this.blake2sIv;
    return s;
  }
}

/** a·b on g-addresses: exponents add; two runtime bases cannot be combined symbolically. */
export function gmul(a: GAddr, b: GAddr): GAddr | undefined {
  if (a.base !== null && b.base !== null) return undefined;
  const exp = a.exp + b.exp;
  if (exp >= 1n << 128n) return undefined;
  return { base: a.base ?? b.base, exp };
}
