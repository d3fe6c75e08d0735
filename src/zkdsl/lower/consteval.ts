// Compile-time readings of an expression in a scope, none of which emits code: as an integer
// (index space, where `+` adds and `//`, `%`, `-` exist), as a word (field arithmetic on
// constants), as a symbolic g-address, as a DEREF β exponent. They differ on purpose: `x + 1`
// is 3 as an index when x = 2, and x ⊕ 1 as a word.
import { type E, eAdd, eMul, eOne } from '../../field/e';
import type { Expr } from '../ast';
import { SourceError } from '../errors';
import { add128, asU32, mul128, pow128, sub128, U64_MAX } from '../u128';
import { MIN_LOG_MEM } from '../../vm/gpow';
import { gPow, litWord } from '../words';
import { gmul, type GAddr, type Scope } from './scope';

export type ConstArrays = ReadonlyMap<string, readonly (readonly [bigint, bigint, bigint])[]>;

/** The smallest memory, 2^16 cells, caps a folded β immediate and a range-check bound. */
export const FOLD_MAX = 1n << BigInt(MIN_LOG_MEM);

export class ConstEval {
  constructor(
    private readonly scopeOf: () => Scope,
    readonly arrays: ConstArrays,
  ) {}

  private get scope(): Scope {
    return this.scopeOf();
  }

  /** A compile-time integer, or undefined (a runtime value, or outside u128). */
  int(e: Expr): bigint | undefined {
    switch (e.k) {
      case 'lit':
        return e.v;
      case 'var':
        return this.scope.consts.get(e.name);
      case 'add':
      case 'sub':
      case 'mul':
      case 'pow': {
        const a = this.int(e.a);
        if (a === undefined) return undefined;
        const b = this.int(e.b);
        if (b === undefined) return undefined;
        return e.k === 'add' ? add128(a, b) : e.k === 'sub' ? sub128(a, b) : e.k === 'mul' ? mul128(a, b) : pow128(a, b);
      }
      case 'div':
      case 'mod': {
        const d = this.int(e.b);
        if (d === undefined) return undefined;
        if (d === 0n) throw new SourceError(e.at, `compile-time ${e.k === 'div' ? 'division' : 'modulo'} by zero`);
        const a = this.int(e.a);
        if (a === undefined) return undefined;
        return e.k === 'div' ? a / d : a % d;
      }
      case 'index': {
        const w = this.arrayElem(e);
        return w === undefined || w[2] !== 0n ? undefined : w[0] | (w[1] << 64n);
      }
      case 'call': {
        const n = this.len(e);
        return n === undefined ? undefined : BigInt(n);
      }
      default:
        return undefined;
    }
  }

  /** A compile-time integer that fits u32 (stack offsets, bounds, immediate exponents). */
  index(e: Expr): number | undefined {
    return asU32(this.int(e));
  }

  /** `NAME[i]` for a constant array NAME and a compile-time i: its element's limbs. */
  arrayElem(e: Expr): readonly [bigint, bigint, bigint] | undefined {
    if (e.k !== 'index' || e.a.k !== 'var') return undefined;
    const arr = this.arrays.get(e.a.name);
    if (arr === undefined) return undefined;
    const i = this.index(e.i);
    if (i === undefined) return undefined;
    if (i >= arr.length) throw new SourceError(e.at, `constant array \`${e.a.name}\` index ${i} out of bounds (len ${arr.length})`);
    return arr[i];
  }

  /** `len(NAME)` for a constant array NAME. */
  len(e: Expr): number | undefined {
    if (e.k !== 'call' || e.name !== 'len' || e.args.length !== 1 || e.args[0].k !== 'var') return undefined;
    return this.arrays.get(e.args[0].name)?.length;
  }

  /** A compile-time word: literals, g-powers, constant-bound names, and `+`/`*` of them in the
   * field; undefined for runtime values and for index-only arithmetic. */
  word(e: Expr): E | undefined {
    switch (e.k) {
      case 'lit':
        return litWord(e.v);
      case 'gen':
        return gPow(1);
      case 'gpow':
        return gPow(e.e);
      case 'genpow': {
        const k = this.index(e.e);
        return k === undefined ? undefined : gPow(k);
      }
      case 'var': {
        const f = this.scope.fconsts.get(e.name);
        if (f !== undefined) return f;
        const ga = this.scope.gaddrs.get(e.name);
        return ga !== undefined && ga.base === null ? gPow(ga.exp) : undefined;
      }
      case 'add':
      case 'mul': {
        const a = this.word(e.a);
        if (a === undefined) return undefined;
        const b = this.word(e.b);
        if (b === undefined) return undefined;
        return e.k === 'add' ? eAdd(a, b) : eMul(a, b);
      }
      case 'index': {
        const w = this.arrayElem(e);
        return w === undefined ? undefined : fromLimbs(w);
      }
      case 'call': {
        if (e.name === 'f192' && e.args.length === 3) {
          const l = e.args.map((a) => (a.k === 'lit' && a.v <= U64_MAX ? a.v : undefined));
          return l.some((x) => x === undefined) ? undefined : fromLimbs([l[0]!, l[1]!, l[2]!]);
        }
        const n = this.len(e);
        return n === undefined ? undefined : litWord(BigInt(n));
      }
      case 'pow': {
        const b = this.word(e.a);
        if (b === undefined) return undefined;
        const k = this.index(e.b);
        return k === undefined ? undefined : wordPow(b, k);
      }
      default:
        return undefined;
    }
  }

  /** The symbolic g-address of e: a constant g-power, a tracked cursor or shifted pointer, a
   * scalar name as its own base, or a product of those. */
  gaddr(e: Expr): GAddr | undefined {
    switch (e.k) {
      case 'lit':
        return e.v === 1n ? { base: null, exp: 0n } : undefined;
      case 'gen':
        return { base: null, exp: 1n };
      case 'gpow':
        return { base: null, exp: e.e };
      case 'genpow': {
        const k = this.index(e.e);
        return k === undefined ? undefined : { base: null, exp: BigInt(k) };
      }
      case 'var': {
        const ga = this.scope.gaddrs.get(e.name);
        if (ga !== undefined) return ga;
        const c = this.scope.vars.get(e.name);
        return c === undefined ? undefined : { base: c, exp: 0n };
      }
      case 'mul': {
        const a = this.gaddr(e.a);
        if (a === undefined) return undefined;
        const b = this.gaddr(e.b);
        return b === undefined ? undefined : gmul(a, b);
      }
      default:
        return undefined;
    }
  }

  /** The compile-time g-power exponent of a heap index, when below 2^16 (a β immediate):
   * `1`, `GEN`, `GEN ** k`, a power-of-two literal (2^j = x^j = g^j), a name bound to one, and
   * products of those. */
  gpowIndex(e: Expr): number | undefined {
    const cap = (k: number | undefined) => (k !== undefined && k < Number(FOLD_MAX) ? k : undefined);
    const pow2 = (n: bigint | undefined) => (n !== undefined && n > 0n && (n & (n - 1n)) === 0n && n < 1n << 64n ? n.toString(2).length - 1 : undefined);
    switch (e.k) {
      case 'lit':
        return cap(pow2(e.v));
      case 'var':
        return cap(pow2(this.scope.consts.get(e.name)));
      case 'gen':
        return 1;
      case 'gpow':
        return cap(asU32(e.e));
      case 'genpow':
        return cap(this.index(e.e));
      case 'mul': {
        const a = this.gpowIndex(e.a);
        if (a === undefined) return undefined;
        const b = this.gpowIndex(e.b);
        return b === undefined ? undefined : cap(asU32(BigInt(a + b)));
      }
      default:
        return undefined;
    }
  }

  /** A trivial constant as a u64: a literal, a literal-bound name, or GEN ** 0 (= 1). */
  lit(e: Expr): bigint | undefined {
    if (e.k === 'lit') return e.v <= U64_MAX ? e.v : undefined;
    if (e.k === 'var') {
      const n = this.scope.consts.get(e.name);
      return n !== undefined && n <= U64_MAX ? n : undefined;
    }
    if (e.k === 'gpow' && e.e === 0n) return 1n;
    return undefined;
  }
}

export function fromLimbs(l: readonly [bigint, bigint, bigint]): E {
  return Uint32Array.of(
    Number(l[0] & 0xffffffffn), Number(l[0] >> 32n),
    Number(l[1] & 0xffffffffn), Number(l[1] >> 32n),
    Number(l[2] & 0xffffffffn), Number(l[2] >> 32n),
  );
}

/** b^k in E, for a u32 k. */
export function wordPow(b: E, k: number): E {
  let acc = eOne();
  for (let bit = 31; bit >= 0; bit--) {
    acc = eMul(acc, acc);
    if ((k >>> bit) & 1) acc = eMul(acc, b);
  }
  return acc;
}

