// Statements, blocks and functions from the logical lines of a program whose constants are
// already substituted (see source.ts). The statement forms and the order in which a line is
// tried against them follow the language reference (crates/lean_compiler/zkDSL.md).
import type { Bound, Expr, Func, Stmt } from './ast';
import { SourceError, type Pos } from './errors';
import { Cursor, constIntExpr, gpowBound, parseExpr } from './expr-parser';
import { tokenText, type Line, type Token } from './lexer';
import { substExpr } from './subst';
import { U64_MAX } from './u128';

/** The functions of lines [from, end): `def`s, each optionally decorated `@inline`. */
export function parseFunctions(lines: readonly Line[], from: number): Func[] {
  const p = new BlockParser(lines, from);
  const funcs: Func[] = [];
  while (p.i < lines.length) funcs.push(p.func());
  return funcs;
}

const cursor = (line: Line) => new Cursor(line.tokens, 0, line.tokens.length);

class BlockParser {
  constructor(readonly lines: readonly Line[], public i: number) {}

  func(): Func {
    let line = this.lines[this.i];
    let c = cursor(line);
    if (line.indent !== 0) throw new SourceError(line.at, 'unexpected indentation: a function starts at column 1');
    let inline = false;
    if (c.isOp('@')) {
      c.next('`@`');
      const dec = c.ident('a decorator name');
      if (dec.text !== 'inline') throw new SourceError(dec.at, `unknown decorator \`@${dec.text}\` (only \`@inline\`)`);
      c.expectEnd('`@inline`');
      inline = true;
      this.i++;
      line = this.lines[this.i];
      if (line === undefined) throw new SourceError(dec.at, '`@inline` must precede a `def`');
      c = cursor(line);
    }
    if (!c.isIdent('def')) {
      const what = line.tokens.length > 1 && line.tokens[1].kind === 'op' && line.tokens[1].text === '=' ? ' (global constants must precede the functions)' : '';
      throw new SourceError(line.at, `expected \`def\`, got \`${tokenText(line.tokens, 0, line.tokens.length)}\`${what}`);
    }
    c.next('`def`');
    const name = c.ident('a function name');
    const paramsCur = c.group('(');
    // A return annotation (`-> T`) is accepted and ignored, as Python tooling wants it.
    if (c.isOp('->')) {
      c.next('`->`');
      while (!c.done && !c.isOp(':', 0)) c.pos++;
    }
    c.expectOp(':', '`:` after the function header');
    c.expectEnd('the function header');
    const params: string[] = [];
    const constParams: boolean[] = [];
    for (const part of paramsCur.splitTop()) {
      const p = part.ident('a parameter name');
      if (params.includes(p.text)) throw new SourceError(p.at, `parameter \`${p.text}\` of \`${name.text}\` is declared twice`);
      let isConst = false;
      if (part.isOp(':')) {
        part.next('`:`');
        const ann = part.ident('a parameter annotation');
        if (ann.text !== 'Const') throw new SourceError(ann.at, `unsupported parameter annotation \`${ann.text}\` (only \`Const\`)`);
        isConst = true;
      }
      part.expectEnd(`parameter \`${p.text}\``);
      params.push(p.text);
      constParams.push(isConst);
    }
    this.i++;
    const body = this.block(0, line.at, `function \`${name.text}\``);
    let nRet = 0;
    for (const s of body) if (s.k === 'return') nRet = Math.max(nRet, s.es.length);
    return { name: name.text, params, constParams, nRet, returnShapes: [], body, inline, at: name.at };
  }

  /** The statements indented deeper than `parent`, all at the first one's indentation. */
  block(parent: number, at: Pos, what: string): Stmt[] {
    const first = this.lines[this.i];
    if (first === undefined || first.indent <= parent) throw new SourceError(at, `expected an indented block after ${what}`);
    const indent = first.indent;
    const stmts: Stmt[] = [];
    while (this.i < this.lines.length) {
      const l = this.lines[this.i];
      if (l.indent === indent) {
        stmts.push(this.stmt(indent));
        continue;
      }
      if (l.indent > indent) throw new SourceError(l.at, 'unexpected indentation');
      if (l.indent > parent) throw new SourceError(l.at, 'this line\'s indentation matches no enclosing block');
      break;
    }
    return stmts;
  }

  stmt(indent: number): Stmt {
    const line = this.lines[this.i];
    const c = cursor(line);
    const head = line.tokens[0];
    const at = head.at;
    if (head.kind === 'ident') {
      switch (head.text) {
        case 'for':
          return this.forStmt(line, indent);
        case 'if':
          return this.ifStmt(line, indent);
        case 'match':
          return this.matchStmt(line, indent);
        case 'elif':
        case 'else':
          throw new SourceError(at, `\`${head.text}\` without an \`if\` before it at this indentation`);
        case 'case':
          throw new SourceError(at, '`case` outside a `match`');
        case 'import':
        case 'from':
          throw new SourceError(at, 'imports are not supported (only the `snark_lib` stub, which the compiler skips)');
        case 'def':
          throw new SourceError(at, 'nested functions are not supported: define it at the top level');
      }
    }
    this.i++;
    if (head.kind === 'ident' && head.text === 'return') {
      c.next('`return`');
      return { k: 'return', es: c.done ? [] : c.splitTop().map(parseExpr), at };
    }
    if (head.kind === 'ident' && (head.text === 'print' || head.text === 'hint_witness') && c.isOp('(', 1) && wholeCall(c)) {
      return head.text === 'print' ? printStmt(c, at) : hintWitness(c, at);
    }
    if (head.kind === 'ident' && head.text === 'assert') {
      c.next('`assert`');
      return assertStmt(c, at);
    }
    const eq = c.findTop((t) => t.kind === 'op' && /^(=|\+=|-=|\*=|\/\/=|%=|\*\*=|\/=)$/.test(t.text));
    if (eq >= 0) return assignment(line, eq, at);
    const e = parseExpr(c);
    if (e.k === 'call') return { k: 'call', f: e.name, args: e.args, at: e.at };
    throw new SourceError(at, `statement has no effect: \`${tokenText(line.tokens, 0, line.tokens.length)}\``);
  }

  forStmt(line: Line, indent: number): Stmt {
    const c = cursor(line);
    const at = c.next('`for`').at;
    const v = c.ident('a loop variable');
    if (!c.isIdent('in')) throw new SourceError(c.here(), '`for` needs `in`');
    c.next('`in`');
    const colon = c.findTop((t) => t.kind === 'op' && t.text === ':');
    if (colon < 0 || colon !== c.end - 1) throw new SourceError(at, '`for` needs `:` at the end of the line');
    const iter = new Cursor(c.tokens, c.pos, colon);
    const fn = iter.isIdent() && iter.isOp('(', 1) ? iter.next('a range').text : '';
    if (fn !== 'unroll' && fn !== 'mul_range') throw new SourceError(iter.here(), '`for` needs `mul_range(start, stop)` or `unroll(a, b)`');
    const args = iter.group('(');
    iter.expectEnd(`\`${fn}(...)\``);
    const parts = args.splitTop();
    if (parts.length !== 2) throw new SourceError(at, `${fn} needs two bounds: \`${fn}(${fn === 'unroll' ? 'a, b' : 'start, stop'})\``);
    this.i++;
    if (fn === 'unroll') {
      const lo = parseExpr(parts[0]);
      const hi = parseExpr(parts[1]);
      return { k: 'unroll', v: v.text, lo, hi, body: this.block(indent, at, '`for`'), at };
    }
    const start = parseExpr(parts[0]);
    const lo = gpowBound(start);
    if (lo === undefined) throw new SourceError(start.at, 'a mul_range start must be a power of GEN known when parsing: `1`, `GEN`, or `GEN ** k`');
    if (lo > U64_MAX) throw new SourceError(start.at, `mul_range start exponent ${lo} does not fit in u64`);
    const stop = parseExpr(parts[1]);
    const k = gpowBound(stop);
    let hi: Bound;
    if (k !== undefined) {
      if (k > U64_MAX) throw new SourceError(stop.at, `mul_range stop exponent ${k} does not fit in u64`);
      if (lo > k) throw new SourceError(stop.at, `mul_range: start GEN ** ${lo} must not exceed stop GEN ** ${k}`);
      hi = { k: 'const', e: k };
    } else {
      // A literal other than a power of two (x^j = g^j) is no g-power: the walk would never
      // reach it. (A power-of-two literal is one, and runs as a runtime bound, as upstream.)
      if (stop.k === 'lit' && (stop.v === 0n || (stop.v & (stop.v - 1n)) !== 0n)) {
        throw new SourceError(stop.at, `mul_range stop ${stop.v} is not a power of GEN, so the counter never reaches it: write \`GEN ** k\` for k iterations`);
      }
      hi = { k: 'runtime', e: stop };
    }
    return { k: 'for', v: v.text, lo, hi, body: this.block(indent, at, '`for`'), at };
  }

  ifStmt(line: Line, indent: number): Stmt {
    const c = cursor(line);
    const at = c.next('`if`').at;
    if (!c.isOp(':', c.end - c.pos - 1)) throw new SourceError(at, '`if` needs `:` at the end of the line');
    const cond = new Cursor(c.tokens, c.pos, c.end - 1);
    const [eq, lhs, rhs] = condition(cond, at);
    this.i++;
    const then = this.block(indent, at, '`if`');
    let els: Stmt[] = [];
    const next = this.lines[this.i];
    if (next !== undefined && next.indent === indent && next.tokens[0].kind === 'ident') {
      const kw = next.tokens[0].text;
      if (kw === 'else') {
        const e = cursor(next);
        e.next('`else`');
        e.expectOp(':', '`:` after `else`');
        e.expectEnd('`else:`');
        this.i++;
        els = this.block(indent, next.at, '`else`');
      } else if (kw === 'elif') {
        els = [this.ifStmt(next, indent)];
      }
    }
    return { k: 'if', eq, lhs, rhs, then, els, at };
  }

  matchStmt(line: Line, indent: number): Stmt {
    const c = cursor(line);
    const at = c.next('`match`').at;
    if (!c.isOp(':', c.end - c.pos - 1)) throw new SourceError(at, '`match` needs `:` at the end of the line');
    const x = logOperand(new Cursor(c.tokens, c.pos, c.end - 1), '`match` matches logs: `match log(x):`');
    this.i++;
    const first = this.lines[this.i];
    if (first === undefined || first.indent <= indent) throw new SourceError(at, '`match` needs an indented block of `case k:` lines');
    const caseIndent = first.indent;
    const cases: Stmt[][] = [];
    while (this.i < this.lines.length && this.lines[this.i].indent === caseIndent) {
      const l = this.lines[this.i];
      const cc = cursor(l);
      if (!cc.isIdent('case')) throw new SourceError(l.at, `expected \`case ${cases.length}:\`, got \`${tokenText(l.tokens, 0, l.tokens.length)}\``);
      cc.next('`case`');
      const v = cc.next('a case value');
      if (v.kind === 'ident' && v.text === '_') throw new SourceError(v.at, '`case _` is not supported: the cases are 0, 1, ..., n-1 (range-check the scrutinee first)');
      if (v.kind !== 'int') throw new SourceError(v.at, `a \`case\` value must be an integer literal, got \`${v.text}\``);
      cc.expectOp(':', '`:` after the case value');
      cc.expectEnd('`case k:`');
      if (v.value !== BigInt(cases.length)) throw new SourceError(v.at, `match cases must be consecutive from 0: expected \`case ${cases.length}:\`, got \`case ${v.value}:\``);
      this.i++;
      cases.push(this.block(caseIndent, l.at, `\`case ${v.value}:\``));
    }
    const after = this.lines[this.i];
    if (after !== undefined && after.indent > indent) throw new SourceError(after.at, 'this line\'s indentation matches no enclosing block');
    return { k: 'match', x, cases, at };
  }
}

/** Whether the cursor's whole line is one `name(...)`. */
function wholeCall(c: Cursor): boolean {
  const probe = new Cursor(c.tokens, c.pos + 1, c.end);
  probe.group('(');
  return probe.done;
}

/** `a == b` or `a != b` (the first top-level `==`, else the first `!=`). */
function condition(c: Cursor, at: Pos): [boolean, Expr, Expr] {
  for (const [op, eq] of [['==', true], ['!=', false]] as const) {
    const i = c.findTop((t) => t.kind === 'op' && t.text === op);
    if (i >= 0) return [eq, parseExpr(new Cursor(c.tokens, c.pos, i)), parseExpr(new Cursor(c.tokens, i + 1, c.end))];
  }
  throw new SourceError(at, 'a condition must be `a == b` or `a != b` (field (in)equality is the only predicate; order facts come from range checks)');
}

/** `log X` / `log(X)`: the expression after `log`. */
function logOperand(c: Cursor, what: string): Expr {
  if (!c.isIdent('log') || c.end - c.pos < 2) throw new SourceError(c.here(), what);
  c.next('`log`');
  return parseExpr(c);
}

function printStmt(c: Cursor, at: Pos): Stmt {
  c.next('`print`');
  const parts = c.group('(').splitTop();
  if (parts.length === 2 && parts[0].peek()?.kind === 'str' && parts[0].end - parts[0].pos === 1) {
    return { k: 'print', label: parts[0].peek()!.text, value: parseExpr(parts[1]), at };
  }
  if (parts.length === 1) {
    const p = parts[0];
    return { k: 'print', label: tokenText(p.tokens, p.pos, p.end), value: parseExpr(p), at };
  }
  throw new SourceError(at, 'print takes `print(expr)` or `print("label", expr)`');
}

function hintWitness(c: Cursor, at: Pos): Stmt {
  c.next('`hint_witness`');
  const parts = c.group('(').splitTop();
  if (parts.length !== 2) throw new SourceError(at, 'hint_witness(dest, "name") takes two arguments');
  const name = parts[1].peek();
  if (name?.kind !== 'str' || parts[1].end - parts[1].pos !== 1) throw new SourceError(parts[1].here(), 'hint_witness\'s second argument is the stream name, a string literal: "name"');
  return { k: 'hintwitness', dest: parseExpr(parts[0]), name: name.text, at };
}

function assertStmt(c: Cursor, at: Pos): Stmt {
  for (const [op, k] of [['==', 'asserteq'], ['!=', 'assertne']] as const) {
    const i = c.findTop((t) => t.kind === 'op' && t.text === op);
    if (i >= 0) return { k, a: parseExpr(new Cursor(c.tokens, c.pos, i)), b: parseExpr(new Cursor(c.tokens, i + 1, c.end)), at };
  }
  const lt = c.findTop((t) => t.kind === 'op' && t.text === '<');
  if (lt < 0) {
    const cmp = c.findTop((t) => t.kind === 'op' && /^(>|<=|>=)$/.test(t.text));
    if (cmp >= 0) throw new SourceError(c.tokens[cmp].at, `\`${c.tokens[cmp].text}\` is not an assertion: range checks are written \`assert log X < k\``);
    throw new SourceError(at, '`assert` needs `==`, `!=`, or `log X < k`');
  }
  const left = new Cursor(c.tokens, c.pos, lt);
  const right = new Cursor(c.tokens, lt + 1, c.end);
  const x = logOperand(left, 'a `<` assertion compares logs (field elements have no order): `assert log X < log Y` or `assert log X < k`');
  let bound: Bound;
  if (right.isIdent('log') && right.end - right.pos >= 2) {
    // `log GEN ** k` names the exponent k; any other compile-time value under `log` is a
    // mistake (`log 8` is the log of the field element 8), and anything else a runtime g^k.
    right.next('`log`');
    const y = parseExpr(right);
    const k = gpowBound(y);
    if (k !== undefined) bound = { k: 'const', e: k };
    else if (constIntExpr(y) !== undefined) throw new SourceError(y.at, 'a range-check bound under `log` must be a power of GEN (`log GEN ** k`) or a runtime g-power; for an exponent write the integer: `assert log X < k`');
    else bound = { k: 'runtime', e: y };
  } else {
    const b = parseExpr(right);
    const k = constIntExpr(b);
    if (k === undefined) throw new SourceError(b.at, 'a range-check bound must be `log Y` or an integer known when parsing');
    bound = { k: 'const', e: k };
  }
  if (bound.k === 'const' && bound.e > U64_MAX) throw new SourceError(at, `range-check bound ${bound.e} does not fit in u64`);
  return { k: 'assertlt', x, bound, at };
}

const AUG: Record<string, string> = { '+=': '+', '-=': '-', '*=': '*', '//=': '//', '%=': '%' };

function assignment(line: Line, eq: number, at: Pos): Stmt {
  const tokens = line.tokens;
  const op = tokens[eq];
  if (op.text === '**=' || op.text === '/=') throw new SourceError(op.at, `\`${op.text}\` is not supported (a binding is immutable; write \`x = x ${op.text.slice(0, -1)} e\`)`);
  const lhs = new Cursor(tokens, 0, eq);
  let rhs = new Cursor(tokens, eq + 1, tokens.length);
  if (lhs.done) throw new SourceError(op.at, 'assignment without a target');
  if (rhs.done) throw new SourceError(op.at, 'assignment without a value');
  if (op.text !== '=') {
    // `x OP= e` is `x = x OP (e)`.
    const mk = (text: string, kind: Token['kind'] = 'op'): Token => ({ kind, text, at: op.at, pre: ' ' });
    const desugared = [...tokens.slice(0, eq), mk('='), ...tokens.slice(0, eq), mk(AUG[op.text]), mk('('), ...tokens.slice(eq + 1), mk(')')];
    rhs = new Cursor(desugared, eq + 1, desugared.length);
  }
  if (rhs.isIdent('match_range') && rhs.isOp('(', 1)) return matchRange(lhs, rhs, at);
  const value = parseExpr(rhs);
  const targets = lhs.splitTop();
  if (targets.length === 1) {
    const t = targets[0];
    if (t.isIdent() && t.end - t.pos === 1) return { k: 'let', name: t.peek()!.text, e: value, at };
    const target = parseExpr(t);
    if (target.k === 'index') return { k: 'store', a: target.a, i: target.i, v: value, at };
    if (target.k === 'slice') throw new SourceError(target.at, 'a slice cannot be assigned to: store its cells one by one, or fill it with hint_witness or blake2s');
    throw new SourceError(target.at, 'an assignment target is a name or an indexed cell `buf[i]`');
  }
  const names = targets.map((t) => {
    const n = t.ident('a name');
    t.expectEnd(`\`${n.text}\``);
    return n.text;
  });
  if (value.k !== 'call') throw new SourceError(value.at, 'a tuple assignment needs a function call on the right');
  return { k: 'lettuple', names, f: value.name, args: value.args, at };
}

/** `names = match_range(log(x), range(a, b), lambda i: e, ...)`: one arm per integer of the
 * ranges, which must cover 0..n without a gap, arm j being e with i replaced by j. */
function matchRange(lhs: Cursor, rhs: Cursor, at: Pos): Stmt {
  const targets = lhs.splitTop();
  const names = targets.map((t) => {
    const n = t.ident('a name (match_range results bind to names)');
    if (!t.done) throw new SourceError(t.here(), 'bind `match_range` results to names, not a store target');
    return n.text;
  });
  rhs.next('`match_range`');
  const args = rhs.group('(');
  rhs.expectEnd('`match_range(...)`');
  const chunks = args.splitTop();
  if (chunks.length === 0) throw new SourceError(at, 'match_range needs arguments');
  const x = logOperand(chunks[0], '`match_range` matches logs: `match_range(log(x), ...)`');
  const pairs = chunks.slice(1);
  if (pairs.length === 0 || pairs.length % 2 !== 0) throw new SourceError(at, 'match_range needs `range(a, b), lambda i: ...` pairs after the scrutinee');
  const arms: Expr[] = [];
  for (let p = 0; p < pairs.length; p += 2) {
    const r = parseExpr(pairs[p]);
    const [lo, hi] = r.k === 'call' && r.name === 'range' && r.args.length === 2 ? r.args.map(constIntExpr) : [undefined, undefined];
    if (lo === undefined || hi === undefined || lo >= hi) throw new SourceError(r.at, 'match_range needs `range(a, b)` with integers known when parsing, a < b');
    if (lo !== BigInt(arms.length)) throw new SourceError(r.at, `match_range ranges must be contiguous from 0: expected a range starting at ${arms.length}, got ${lo}`);
    const lam = pairs[p + 1];
    if (!lam.isIdent('lambda')) throw new SourceError(lam.here(), 'expected `lambda i: ...` after each range');
    lam.next('`lambda`');
    const param = lam.ident('the lambda parameter');
    lam.expectOp(':', '`:` after the lambda parameter');
    const body = parseExpr(lam);
    if (hi - lo > 1n << 20n) throw new SourceError(r.at, 'match_range: more than 2^20 arms');
    for (let j = lo; j < hi; j++) arms.push(substExpr(body, param.text, { k: 'lit', v: j, at: param.at }));
  }
  return { k: 'matchrange', names, x, arms, at };
}
