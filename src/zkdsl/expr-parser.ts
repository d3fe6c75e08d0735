// Expressions from tokens. Precedence, loosest first: `+ -`; `* / // %`; `**` (right-assoc);
// then atoms: literals, `GEN`, names, calls, `[a, b]` lists, `(e)`, each optionally followed by
// one `[index]` or `[lo:hi]`. Some forms fold as they are read, as in the reference: `GEN ** k`
// with a compile-time k is the constant g^k, and `HeapBuf(n)` / `StackBuf(n)` with a
// compile-time n are sized allocations.
import type { BinKind, Expr } from './ast';
import { SourceError, type Pos } from './errors';
import type { Token } from './lexer';
import { add128, mul128, pow128, sub128, U64_MAX } from './u128';

/** A cursor over tokens [pos, end) of one line. */
export class Cursor {
  constructor(readonly tokens: readonly Token[], public pos: number, readonly end: number) {}

  get done(): boolean {
    return this.pos >= this.end;
  }

  peek(offset = 0): Token | undefined {
    const i = this.pos + offset;
    return i < this.end ? this.tokens[i] : undefined;
  }

  isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.kind === 'op' && t.text === text;
  }

  isIdent(text?: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.kind === 'ident' && (text === undefined || t.text === text);
  }

  /** Where the next token is, or the end of the line for an error past the last token. */
  here(): Pos {
    const t = this.peek() ?? this.tokens[this.end - 1] ?? this.tokens[this.tokens.length - 1];
    return t ? t.at : { line: 0, col: 0 };
  }

  next(what: string): Token {
    const t = this.peek();
    if (t === undefined) throw new SourceError(this.here(), `expected ${what}, got the end of the line`);
    this.pos++;
    return t;
  }

  expectOp(text: string, what = `\`${text}\``): Token {
    const t = this.peek();
    if (t === undefined || t.kind !== 'op' || t.text !== text) {
      throw new SourceError(this.here(), `expected ${what}, got ${t === undefined ? 'the end of the line' : `\`${t.text}\``}`);
    }
    this.pos++;
    return t;
  }

  ident(what: string): Token {
    const t = this.next(what);
    if (t.kind !== 'ident') throw new SourceError(t.at, `expected ${what}, got \`${t.text}\``);
    return t;
  }

  expectEnd(what: string): void {
    const t = this.peek();
    if (t !== undefined) throw new SourceError(t.at, `unexpected \`${t.text}\` after ${what}`);
  }

  /** The index of the first token in [pos, end) at bracket depth 0 satisfying `test`, or -1. */
  findTop(test: (t: Token) => boolean, from = this.pos): number {
    let depth = 0;
    for (let i = from; i < this.end; i++) {
      const t = this.tokens[i];
      if (t.kind === 'op' && (t.text === '(' || t.text === '[')) depth++;
      else if (t.kind === 'op' && (t.text === ')' || t.text === ']')) depth--;
      else if (depth === 0 && test(t)) return i;
    }
    return -1;
  }

  /** Sub-cursors for the comma-separated pieces of [pos, end) (an empty range gives none; a
   * trailing comma is allowed). */
  splitTop(sep = ','): Cursor[] {
    const parts: Cursor[] = [];
    let start = this.pos;
    for (;;) {
      const i = this.findTop((t) => t.kind === 'op' && t.text === sep, start);
      const stop = i < 0 ? this.end : i;
      if (stop > start || i >= 0) parts.push(new Cursor(this.tokens, start, stop));
      if (i < 0) break;
      start = i + 1;
    }
    if (parts.length > 0 && parts[parts.length - 1].done && parts.length > 1) parts.pop();
    for (const p of parts) if (p.done) throw new SourceError(p.here(), 'empty expression between commas');
    return parts;
  }

  /** The tokens between a `(`/`[` at pos and its partner, as a cursor; advances past it. */
  group(open: '(' | '['): Cursor {
    const close = open === '(' ? ')' : ']';
    const o = this.expectOp(open);
    let depth = 1;
    for (let i = this.pos; i < this.end; i++) {
      const t = this.tokens[i];
      if (t.kind !== 'op') continue;
      if (t.text === '(' || t.text === '[') depth++;
      else if (t.text === ')' || t.text === ']') {
        depth--;
        if (depth === 0) {
          if (t.text !== close) throw new SourceError(t.at, `\`${open}\` closed by \`${t.text}\``);
          const inner = new Cursor(this.tokens, this.pos, i);
          this.pos = i + 1;
          return inner;
        }
      }
    }
    throw new SourceError(o.at, `unclosed \`${open}\``);
  }
}

/** A whole expression: every token of the cursor. */
export function parseExpr(c: Cursor): Expr {
  if (c.done) throw new SourceError(c.here(), 'expected an expression');
  const e = additive(c);
  c.expectEnd('the expression');
  return e;
}

const BIN: Record<string, BinKind> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'fdiv', '//': 'div', '%': 'mod' };

function additive(c: Cursor): Expr {
  let acc = multiplicative(c);
  while (c.isOp('+') || c.isOp('-')) {
    const op = c.next('an operator');
    acc = { k: BIN[op.text], a: acc, b: multiplicative(c), at: op.at };
  }
  return acc;
}

function multiplicative(c: Cursor): Expr {
  let acc = power(c);
  while (c.isOp('*') || c.isOp('/') || c.isOp('//') || c.isOp('%')) {
    const op = c.next('an operator');
    acc = { k: BIN[op.text], a: acc, b: power(c), at: op.at };
  }
  return acc;
}

function power(c: Cursor): Expr {
  const base = postfix(c);
  if (!c.isOp('**')) return base;
  const op = c.next('`**`');
  const exp = power(c);
  if (base.k === 'gen') {
    const k = constIntExpr(exp);
    return k !== undefined ? { k: 'gpow', e: k, at: base.at } : { k: 'genpow', e: exp, at: base.at };
  }
  return { k: 'pow', a: base, b: exp, at: op.at };
}

function postfix(c: Cursor): Expr {
  const a = atom(c);
  if (!c.isOp('[')) return a;
  const at = c.here();
  const inner = c.group('[');
  if (c.isOp('[')) throw new SourceError(c.here(), 'an index can follow an index only through a name: bind the first `a[i]` to a name');
  const colon = inner.findTop((t) => t.kind === 'op' && t.text === ':');
  if (colon >= 0) {
    const lo = new Cursor(inner.tokens, inner.pos, colon);
    const hi = new Cursor(inner.tokens, colon + 1, inner.end);
    if (lo.done || hi.done) throw new SourceError(at, 'a slice needs both bounds: `buf[lo:hi]`');
    return { k: 'slice', a, lo: parseExpr(lo), hi: parseExpr(hi), at };
  }
  return { k: 'index', a, i: parseExpr(inner), at };
}

function atom(c: Cursor): Expr {
  const t = c.peek();
  if (t === undefined) throw new SourceError(c.here(), 'expected an expression, got the end of the line');
  if (t.kind === 'op' && t.text === '(') {
    const inner = c.group('(');
    return parseExpr(inner);
  }
  if (t.kind === 'op' && t.text === '[') {
    const inner = c.group('[');
    const items = inner.splitTop().map(parseExpr);
    if (items.length === 0) throw new SourceError(t.at, 'a list literal needs at least one element');
    return { k: 'list', items, at: t.at };
  }
  if (t.kind === 'int') {
    c.pos++;
    return { k: 'lit', v: t.value!, at: t.at };
  }
  if (t.kind === 'ident') {
    c.pos++;
    if (t.text === 'GEN') return { k: 'gen', at: t.at };
    if (!c.isOp('(')) return { k: 'var', name: t.text, at: t.at };
    return call(t, c.group('('));
  }
  if (t.kind === 'str') throw new SourceError(t.at, 'a string is not a value (strings name witness streams and print labels only)');
  if (t.kind === 'op' && t.text === '-') throw new SourceError(t.at, 'unary minus is not supported: field negation is the identity (`-x == x`), and integers are unsigned');
  throw new SourceError(t.at, `expected an expression, got \`${t.text}\``);
}

function call(name: Token, inner: Cursor): Expr {
  const args = inner.splitTop().map((a): Expr => {
    if (a.isIdent() && a.isOp('=', 1)) {
      const key = a.next('a keyword');
      a.next('`=`');
      if (a.done) throw new SourceError(key.at, `keyword argument \`${key.text}=\` needs a value`);
      return { k: 'kw', name: key.text, value: parseExpr(a), at: key.at };
    }
    return parseExpr(a);
  });
  const at = name.at;
  if (name.text === 'HeapBuf' || name.text === 'StackBuf') {
    if (args.length !== 1 || args[0].k === 'kw') throw new SourceError(at, `${name.text}(size) takes one argument`);
    const n = constIntExpr(args[0]);
    if (n !== undefined && n > U64_MAX) throw new SourceError(at, `${name.text} size ${n} does not fit in u64`);
    if (name.text === 'StackBuf') {
      if (n === undefined) throw new SourceError(at, 'StackBuf(n) needs a size known when parsing: an integer, a global constant, or arithmetic of those');
      return { k: 'stackbuf', n, at };
    }
    return n !== undefined ? { k: 'heapbuf', n, at } : { k: 'heapbufdyn', size: args[0], at };
  }
  return { k: 'call', name: name.text, args, at };
}

/** A compile-time integer made of literals alone (the parser's fold: constants are literals by
 * then). A single `/` divides as an integer here. Undefined for anything else, and on overflow
 * or a negative result. */
export function constIntExpr(e: Expr): bigint | undefined {
  switch (e.k) {
    case 'lit':
      return e.v;
    case 'add':
    case 'sub':
    case 'mul':
    case 'div':
    case 'fdiv':
    case 'mod':
    case 'pow': {
      const a = constIntExpr(e.a);
      const b = constIntExpr(e.b);
      if (a === undefined || b === undefined) return undefined;
      switch (e.k) {
        case 'add':
          return add128(a, b);
        case 'sub':
          return sub128(a, b);
        case 'mul':
          return mul128(a, b);
        case 'pow':
          return pow128(a, b);
        case 'mod':
          return b === 0n ? undefined : a % b;
        default:
          return b === 0n ? undefined : a / b;
      }
    }
    default:
      return undefined;
  }
}

/** The exponent of a range bound written as a power of GEN: `1` (g^0), `GEN`, `GEN ** k`. */
export function gpowBound(e: Expr): bigint | undefined {
  if (e.k === 'lit' && e.v === 1n) return 0n;
  if (e.k === 'gen') return 1n;
  if (e.k === 'gpow') return e.e;
  return undefined;
}
