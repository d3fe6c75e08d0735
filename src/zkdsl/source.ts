// A program file's top level: placeholders filled from the host's definitions, the `snark_lib`
// import skipped, the global constants evaluated and substituted into the functions below them,
// then the functions parsed. As in the reference, a scalar constant becomes one literal wherever
// its name appears (so it works in every position a literal does), while a constant array is
// kept whole for lowering (`NAME[i]`, `len(NAME)`).
import type { Ast } from './ast';
import { SourceError } from './errors';
import { Cursor, constIntExpr, parseExpr } from './expr-parser';
import { tokenize, tokenText, type Line, type Token } from './lexer';
import { parseFunctions } from './parser';
import { inferReturnShapes } from './shapes';
import { U64_MAX } from './u128';

const PLACEHOLDER = /_PLACEHOLDER$/;

/** Parses a program. `defines` maps placeholder names to the source text that replaces them
 * (an identifier is replaced only as a whole token). */
export function parseSource(src: string, defines: ReadonlyMap<string, string> = new Map()): Ast {
  let lines = tokenize(src);
  if (defines.size > 0) {
    const fills = new Map<string, readonly Token[]>();
    for (const [name, text] of defines) fills.set(name, replacementTokens(name, text));
    lines = lines.map((l) => substitute(l, fills));
  }
  lines = lines.filter((l) => !isSnarkLibImport(l));

  // The constants: top-level `NAME = value` lines before the first `def` (or decorator).
  const consts = new Map<string, readonly Token[]>();
  const constArrays = new Map<string, (readonly [bigint, bigint, bigint])[]>();
  let start = 0;
  for (; start < lines.length; start++) {
    const line = lines[start];
    const head = line.tokens[0];
    if (line.indent === 0 && ((head.kind === 'ident' && head.text === 'def') || (head.kind === 'op' && head.text === '@'))) break;
    if (line.indent !== 0) throw new SourceError(line.at, 'unexpected indentation at the top level');
    const toks = line.tokens;
    if (!(toks.length >= 3 && head.kind === 'ident' && toks[1].kind === 'op' && toks[1].text === '=')) {
      throw new SourceError(line.at, `top level: expected \`def\`, a global constant \`NAME = value\`, or the \`snark_lib\` import, got \`${tokenText(toks, 0, toks.length)}\``);
    }
    const name = head.text;
    if (consts.has(name) || constArrays.has(name)) throw new SourceError(head.at, `global constant \`${name}\` is declared twice`);
    const rhs = substitute({ ...line, tokens: toks.slice(2) }, consts).tokens;
    const c = new Cursor(rhs, 0, rhs.length);
    if (c.isOp('[') && rhs[rhs.length - 1].kind === 'op' && rhs[rhs.length - 1].text === ']') {
      const inner = c.group('[');
      c.expectEnd('the constant array');
      constArrays.set(name, inner.splitTop().map((part) => constWord(name, part).value));
    } else {
      const w = constWord(name, c);
      consts.set(name, w.isF192 ? f192Tokens(w.value, head) : [{ kind: 'int', text: String(w.value[0] | (w.value[1] << 64n)), value: w.value[0] | (w.value[1] << 64n), at: head.at, pre: '' }]);
    }
  }
  const fill = consts.size > 0 ? consts : null;
  const body = lines.slice(start).map((l) => checkNames(fill ? substitute(l, fill, true) : l, constArrays));
  const funcs = parseFunctions(body, 0);
  inferReturnShapes(funcs);
  return { funcs, constArrays };
}

/** `import snark_lib` / `from snark_lib import ...`, anywhere; any other import is an error. */
function isSnarkLibImport(line: Line): boolean {
  const head = line.tokens[0];
  if (head.kind !== 'ident' || (head.text !== 'import' && head.text !== 'from')) return false;
  let module = '';
  for (let i = 1; i < line.tokens.length; i++) {
    const t = line.tokens[i];
    if (t.kind === 'ident' || (t.kind === 'op' && t.text === '.')) module += t.text;
    else break;
    if (t.kind === 'ident' && line.tokens[i + 1]?.text !== '.') break;
  }
  if (module !== 'snark_lib') throw new SourceError(head.at, `unsupported import of \`${module || '?'}\`: a program is one file, and only the \`snark_lib\` stub may be imported (the compiler skips it)`);
  return true;
}

interface ConstWord {
  readonly value: readonly [bigint, bigint, bigint];
  readonly isF192: boolean;
}

/** A constant's value: `f192(c0, c1, c2)` with u64 limbs, or an integer expression (up to 128
 * bits, the low two limbs of a word). */
function constWord(name: string, c: Cursor): ConstWord {
  const what = `global constant \`${name}\``;
  if (c.done) throw new SourceError(c.here(), `${what} has no value`);
  const unknown = c.tokens.slice(c.pos, c.end).find((t) => t.kind === 'ident' && t.text !== 'f192' && t.text !== 'GEN');
  if (unknown !== undefined) {
    if (PLACEHOLDER.test(unknown.text)) throw unfilled(unknown);
    throw new SourceError(unknown.at, `${what}: \`${unknown.text}\` is not a constant declared above (a constant's value is integer arithmetic of literals and earlier constants, or f192(c0, c1, c2))`);
  }
  const e = parseExpr(c);
  if (e.k === 'call' && e.name === 'f192') {
    if (e.args.length !== 3) throw new SourceError(e.at, `${what}: f192 needs exactly three limbs`);
    const limbs = e.args.map((a) => {
      const v = constIntExpr(a);
      if (v === undefined) throw new SourceError(a.at, `${what}: an f192 limb must be a compile-time integer`);
      if (v > U64_MAX) throw new SourceError(a.at, `${what}: an f192 limb does not fit in u64`);
      return v;
    });
    return { value: [limbs[0], limbs[1], limbs[2]], isF192: true };
  }
  const v = constIntExpr(e);
  if (v === undefined) throw new SourceError(e.at, `${what}: not a compile-time integer expression (integer arithmetic \`+ - * / // % **\` of literals and earlier constants; \`GEN ** k\` is not an integer)`);
  return { value: [v & U64_MAX, v >> 64n, 0n], isF192: false };
}

function f192Tokens(v: readonly [bigint, bigint, bigint], at: Token): Token[] {
  const t = (kind: Token['kind'], text: string): Token => (kind === 'int' ? { kind, text, value: BigInt(text), at: at.at, pre: '' } : { kind, text, at: at.at, pre: '' });
  return [t('ident', 'f192'), t('op', '('), t('int', String(v[0])), t('op', ','), t('int', String(v[1])), t('op', ','), t('int', String(v[2])), t('op', ')')];
}

/** A placeholder's replacement text as tokens (one line of them). */
function replacementTokens(name: string, text: string): readonly Token[] {
  let lines: Line[];
  try {
    lines = tokenize(text);
  } catch (e) {
    throw new SourceError({ line: 0, col: 0 }, `placeholder ${name}: ${(e as Error).message}`);
  }
  if (lines.length !== 1) throw new SourceError({ line: 0, col: 0 }, `placeholder ${name}: the value must be one line of source text, got ${JSON.stringify(text)}`);
  return lines[0].tokens;
}

/** The line with every identifier named in `fills` replaced by its tokens, which take the
 * replaced name's position and the whitespace before it. With `reserved`, a name that would be
 * bound (an assignment or loop target, a parameter) is an error rather than a substitution. */
function substitute(line: Line, fills: ReadonlyMap<string, readonly Token[]>, reserved = false): Line {
  let out: Token[] | null = null;
  line.tokens.forEach((t, i) => {
    const rep = t.kind === 'ident' ? fills.get(t.text) : undefined;
    if (rep === undefined) {
      out?.push(t);
      return;
    }
    if (reserved && isBinding(line.tokens, i)) throw new SourceError(t.at, `\`${t.text}\` is a global constant: its name is reserved and cannot be rebound (rename the local, parameter or loop variable)`);
    out ??= line.tokens.slice(0, i);
    rep.forEach((r, j) => out!.push({ ...r, at: t.at, pre: j === 0 ? t.pre : r.pre }));
  });
  return out === null ? line : { ...line, tokens: out };
}

/** Whether tokens[i] is a name this line binds: `NAME = ...`, `a, NAME = ...`, `NAME += ...`,
 * `for NAME in`, a `def` parameter, or a `lambda NAME:`. */
function isBinding(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (prev?.kind === 'ident' && (prev.text === 'for' || prev.text === 'lambda')) return true;
  if (tokens[0].kind === 'ident' && tokens[0].text === 'def') return i > 2 && (prev?.text === '(' || prev?.text === ',') && (next?.text === ',' || next?.text === ')' || next?.text === ':');
  // A target before the line's first top-level `=`: the name starts the line or follows a comma.
  const eq = tokens.findIndex((t) => t.kind === 'op' && /^(=|\+=|-=|\*=|\/\/=|%=)$/.test(t.text));
  if (eq < 0 || i >= eq) return false;
  return (i === 0 || prev?.text === ',') && (next === tokens[eq] || next?.text === ',');
}

/** Rejects unfilled placeholders and rebinding a constant array's name. */
function checkNames(line: Line, arrays: ReadonlyMap<string, unknown>): Line {
  line.tokens.forEach((t, i) => {
    if (t.kind !== 'ident') return;
    if (PLACEHOLDER.test(t.text)) throw unfilled(t);
    if (arrays.has(t.text) && isBinding(line.tokens, i)) throw new SourceError(t.at, `\`${t.text}\` is a global constant array: its name is reserved and cannot be rebound (rename the local, parameter or loop variable)`);
  });
  return line;
}

function unfilled(t: Token): SourceError {
  return new SourceError(t.at, `unfilled placeholder \`${t.text}\`: give it a value with -D ${t.text}=VALUE`);
}
