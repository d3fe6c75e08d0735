// The parsed program: expressions, statements and functions, each node carrying its source
// position for error messages. Integers are bigints: a source literal is up to 128 bits and
// compile-time integer arithmetic is checked u128 arithmetic, as in the reference.
import type { Pos } from './errors';

export type Expr =
  /** An integer literal: the raw 128-bit pattern of a word (c0, c1, 0), or a compile-time integer. */
  | { readonly k: 'lit'; readonly v: bigint; readonly at: Pos }
  /** The generator g = x, written `GEN`. */
  | { readonly k: 'gen'; readonly at: Pos }
  /** g^e with e known when parsing (`GEN ** 5`, `GEN ** (N + 1)`). */
  | { readonly k: 'gpow'; readonly e: bigint; readonly at: Pos }
  /** `GEN ** e` with e a compile-time integer known only when lowering (an unroll counter). */
  | { readonly k: 'genpow'; readonly e: Expr; readonly at: Pos }
  /** `base ** e`, base other than GEN, e a compile-time integer. */
  | { readonly k: 'pow'; readonly a: Expr; readonly b: Expr; readonly at: Pos }
  | { readonly k: 'var'; readonly name: string; readonly at: Pos }
  /** `+` (field XOR, or integer addition in index space), `*`, and the index-space-only `-`,
   * `//` (div), `%` (mod); `/` is runtime field division (fdiv). */
  | { readonly k: 'add' | 'mul' | 'sub' | 'div' | 'mod' | 'fdiv'; readonly a: Expr; readonly b: Expr; readonly at: Pos }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly Expr[]; readonly at: Pos }
  /** `name=value` inside a call's arguments (only blake2s takes keywords). */
  | { readonly k: 'kw'; readonly name: string; readonly value: Expr; readonly at: Pos }
  /** `HeapBuf(n)` with a compile-time size. */
  | { readonly k: 'heapbuf'; readonly n: bigint; readonly at: Pos }
  /** `HeapBuf(size)` with a runtime size g^k (k cells). */
  | { readonly k: 'heapbufdyn'; readonly size: Expr; readonly at: Pos }
  | { readonly k: 'stackbuf'; readonly n: bigint; readonly at: Pos }
  | { readonly k: 'index'; readonly a: Expr; readonly i: Expr; readonly at: Pos }
  | { readonly k: 'slice'; readonly a: Expr; readonly lo: Expr; readonly hi: Expr; readonly at: Pos }
  /** `[a, b, ...]`: an initialised StackBuf. */
  | { readonly k: 'list'; readonly items: readonly Expr[]; readonly at: Pos };

export type BinKind = 'add' | 'mul' | 'sub' | 'div' | 'mod' | 'fdiv';

/** The two-operand forms: the arithmetic operators and `**`. */
export type Binary = Extract<Expr, { readonly a: Expr; readonly b: Expr }>;
const BINARY = new Set<string>(['add', 'mul', 'sub', 'div', 'mod', 'fdiv', 'pow']);
export const isBinary = (e: Expr): e is Binary => BINARY.has(e.k);

/** A `mul_range` stop or a range-check bound: a compile-time exponent, or a runtime g-power. */
export type Bound = { readonly k: 'const'; readonly e: bigint } | { readonly k: 'runtime'; readonly e: Expr };

export type Stmt =
  | { readonly k: 'let'; readonly name: string; readonly e: Expr; readonly at: Pos }
  | { readonly k: 'lettuple'; readonly names: readonly string[]; readonly f: string; readonly args: readonly Expr[]; readonly at: Pos }
  | { readonly k: 'asserteq' | 'assertne'; readonly a: Expr; readonly b: Expr; readonly at: Pos }
  | { readonly k: 'assertlt'; readonly x: Expr; readonly bound: Bound; readonly at: Pos }
  | { readonly k: 'call'; readonly f: string; readonly args: readonly Expr[]; readonly at: Pos }
  | { readonly k: 'hintwitness'; readonly dest: Expr; readonly name: string; readonly at: Pos }
  | { readonly k: 'print'; readonly label: string; readonly value: Expr; readonly at: Pos }
  | { readonly k: 'if'; readonly eq: boolean; readonly lhs: Expr; readonly rhs: Expr; readonly then: readonly Stmt[]; readonly els: readonly Stmt[]; readonly at: Pos }
  | { readonly k: 'match'; readonly x: Expr; readonly cases: readonly (readonly Stmt[])[]; readonly at: Pos }
  | { readonly k: 'matchrange'; readonly names: readonly string[]; readonly x: Expr; readonly arms: readonly Expr[]; readonly at: Pos }
  | { readonly k: 'store'; readonly a: Expr; readonly i: Expr; readonly v: Expr; readonly at: Pos }
  | { readonly k: 'for'; readonly v: string; readonly lo: bigint; readonly hi: Bound; readonly body: readonly Stmt[]; readonly at: Pos }
  | { readonly k: 'unroll'; readonly v: string; readonly lo: Expr; readonly hi: Expr; readonly body: readonly Stmt[]; readonly at: Pos }
  | { readonly k: 'return'; readonly es: readonly Expr[]; readonly at: Pos }
  /** Compiler-made (loop lowering): `if lhs != rhs: f(args)`, the JUMP's own nonzero test. */
  | { readonly k: 'callifne'; readonly lhs: Expr; readonly rhs: Expr; readonly f: string; readonly args: readonly Expr[]; readonly at: Pos };

/** The representation of one returned value: a cell, or a run of n cells (a StackBuf). */
export type ReturnShape = { readonly k: 'scalar' } | { readonly k: 'stack'; readonly n: number };
export const SCALAR: ReturnShape = { k: 'scalar' };

export const shapeCells = (s: ReturnShape): number => (s.k === 'stack' ? s.n : 1);
export const shapeEq = (a: ReturnShape, b: ReturnShape): boolean => a.k === b.k && (a.k === 'scalar' || a.n === (b as { n: number }).n);

export interface Func {
  readonly name: string;
  readonly params: readonly string[];
  /** Per parameter: `x: Const` (specialised per constant at each call site). */
  readonly constParams: readonly boolean[];
  /** The most values a top-level `return` of the body returns. */
  readonly nRet: number;
  returnShapes: readonly ReturnShape[];
  readonly body: readonly Stmt[];
  readonly inline: boolean;
  readonly at: Pos;
}

export interface Ast {
  readonly funcs: Func[];
  /** Top-level `NAME = [a, b, ...]`, in declaration order: raw 128-bit values or f192 words,
   * each as its three 64-bit limbs. */
  readonly constArrays: ReadonlyMap<string, readonly (readonly [bigint, bigint, bigint])[]>;
}

/** Structural equality, positions ignored. */
export function exprEq(x: Expr, y: Expr): boolean {
  if (x.k !== y.k) return false;
  if (isBinary(x)) return exprEq(x.a, (y as Binary).a) && exprEq(x.b, (y as Binary).b);
  switch (x.k) {
    case 'lit':
      return x.v === (y as typeof x).v;
    case 'gen':
      return true;
    case 'gpow':
      return x.e === (y as typeof x).e;
    case 'genpow':
      return exprEq(x.e, (y as typeof x).e);
    case 'var':
      return x.name === (y as typeof x).name;
    case 'call': {
      const o = y as typeof x;
      return x.name === o.name && listEq(x.args, o.args);
    }
    case 'kw': {
      const o = y as typeof x;
      return x.name === o.name && exprEq(x.value, o.value);
    }
    case 'heapbuf':
    case 'stackbuf':
      return x.n === (y as typeof x).n;
    case 'heapbufdyn':
      return exprEq(x.size, (y as typeof x).size);
    case 'index':
      return exprEq(x.a, (y as typeof x).a) && exprEq(x.i, (y as typeof x).i);
    case 'slice': {
      const o = y as typeof x;
      return exprEq(x.a, o.a) && exprEq(x.lo, o.lo) && exprEq(x.hi, o.hi);
    }
    case 'list':
      return listEq(x.items, (y as typeof x).items);
    default:
      return false;
  }
}

export function listEq(a: readonly Expr[], b: readonly Expr[]): boolean {
  return a.length === b.length && a.every((e, i) => exprEq(e, b[i]));
}

/** A short source-like rendering of an expression, for messages. */
export function describe(e: Expr): string {
  if (isBinary(e)) return `${describe(e.a)} ${{ add: '+', mul: '*', sub: '-', div: '//', mod: '%', fdiv: '/', pow: '**' }[e.k]} ${describe(e.b)}`;
  switch (e.k) {
    case 'lit':
      return String(e.v);
    case 'gen':
      return 'GEN';
    case 'gpow':
      return `GEN ** ${e.e}`;
    case 'genpow':
      return `GEN ** (${describe(e.e)})`;
    case 'var':
      return e.name;
    case 'call':
      return `${e.name}(${e.args.map(describe).join(', ')})`;
    case 'kw':
      return `${e.name}=${describe(e.value)}`;
    case 'heapbuf':
      return `HeapBuf(${e.n})`;
    case 'heapbufdyn':
      return `HeapBuf(${describe(e.size)})`;
    case 'stackbuf':
      return `StackBuf(${e.n})`;
    case 'index':
      return `${describe(e.a)}[${describe(e.i)}]`;
    case 'slice':
      return `${describe(e.a)}[${describe(e.lo)}:${describe(e.hi)}]`;
    case 'list':
      return `[${e.items.map(describe).join(', ')}]`;
    default:
      return '?';
  }
}
