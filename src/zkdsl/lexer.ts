// The zkDSL's tokens, grouped into logical lines with their indentation. A program is
// Python-shaped: `#` starts a comment, indentation is block structure, and a line whose brackets
// are still open continues on the next one. Each token keeps the whitespace before it, so the
// source text of any token run can be rebuilt after constants were substituted into it (the
// default `print` label is that text).
import { SourceError, type Pos } from './errors';

export type TokenKind = 'ident' | 'int' | 'str' | 'op';

export interface Token {
  readonly kind: TokenKind;
  /** The token's text (for 'str', without its quotes). */
  readonly text: string;
  /** 'int' only. */
  readonly value?: bigint;
  /** Where the token starts in the file, or, for a token a substitution made, where the name
   * it replaced stood. */
  readonly at: Pos;
  /** The characters between the previous token of the line and this one. */
  readonly pre: string;
}

export interface Line {
  /** Width of the leading whitespace (each space or tab counts one). */
  readonly indent: number;
  readonly tokens: readonly Token[];
  readonly at: Pos;
}

// Longest first, so `//=` wins over `//` and `/`.
const OPERATORS = ['//=', '**=', '**', '//', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/=', '%=', '->',
  '+', '-', '*', '/', '%', '(', ')', '[', ']', ',', ':', '=', '<', '>', '@', '.'];

const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentChar = (c: string) => isIdentStart(c) || isDigit(c);

/** The tokens of one piece of text: a whole source file (with newlines) or a substituted
 * value. Newlines end logical lines only at bracket depth 0. */
export function tokenize(src: string, firstLine = 1): Line[] {
  const lines: Line[] = [];
  let tokens: Token[] = [];
  let indent = 0;
  let lineStart: Pos | null = null;
  let depth = 0;
  let pre = '';
  let line = firstLine;
  let col = 1;
  let atLineStart = true;
  let i = 0;
  const push = (kind: TokenKind, text: string, at: Pos, value?: bigint) => {
    tokens.push(value === undefined ? { kind, text, at, pre } : { kind, text, at, pre, value });
    if (lineStart === null) lineStart = at;
    pre = '';
  };
  const endLine = () => {
    if (tokens.length > 0) lines.push({ indent, tokens, at: lineStart! });
    tokens = [];
    lineStart = null;
    pre = '';
  };
  while (i < src.length) {
    const c = src[i];
    if (atLineStart) {
      // Measure the indentation of a new logical line (blank and comment lines have none).
      let w = 0;
      while (i + w < src.length && (src[i + w] === ' ' || src[i + w] === '\t')) w++;
      indent = w;
      i += w;
      col += w;
      atLineStart = false;
      continue;
    }
    if (c === '\n' || c === '\r') {
      const width = c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      i += width;
      line++;
      col = 1;
      if (depth === 0) {
        endLine();
        atLineStart = true;
      } else pre += ' ';
      continue;
    }
    if (c === ' ' || c === '\t') {
      pre += c;
      i++;
      col++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n' && src[i] !== '\r') i++;
      continue;
    }
    const at: Pos = { line, col };
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < src.length && isIdentChar(src[j])) j++;
      push('ident', src.slice(i, j), at);
      col += j - i;
      i = j;
      continue;
    }
    if (isDigit(c)) {
      let j = i + 1;
      while (j < src.length && isIdentChar(src[j])) j++;
      const text = src.slice(i, j);
      push('int', text, at, integerLiteral(text, at));
      col += j - i;
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j++;
      if (src[j] !== c) throw new SourceError(at, 'unterminated string literal');
      push('str', src.slice(i + 1, j), at);
      col += j + 1 - i;
      i = j + 1;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op === undefined) throw new SourceError(at, `unexpected character ${JSON.stringify(c)}`);
    if (op === '(' || op === '[') depth++;
    if (op === ')' || op === ']') depth = Math.max(0, depth - 1);
    push('op', op, at);
    col += op.length;
    i += op.length;
  }
  endLine();
  return lines;
}

/** A decimal (or 0x-hex) integer literal: at most 128 bits, the widest a source literal is. */
function integerLiteral(text: string, at: Pos): bigint {
  const ok = /^(0|[0-9]+)$/.test(text) || /^0[xX][0-9a-fA-F]+$/.test(text);
  if (!ok) throw new SourceError(at, `malformed integer literal \`${text}\``);
  const v = BigInt(text);
  if (v >> 128n !== 0n) throw new SourceError(at, `integer literal \`${text}\` does not fit in 128 bits (a source literal fills the low two limbs; use f192(c0, c1, c2) for a full word)`);
  return v;
}

/** The source text of tokens [from, to): each token after the first with the whitespace that
 * preceded it. */
export function tokenText(tokens: readonly Token[], from: number, to: number): string {
  let s = '';
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    if (k > from) s += t.pre;
    s += t.kind === 'str' ? JSON.stringify(t.text) : t.text;
  }
  return s;
}
