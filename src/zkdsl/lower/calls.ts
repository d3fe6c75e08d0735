// Calls, returns and loops. A call is a fresh prover-hinted frame: the arguments and the return
// target stored into it with DEREFs, then one JUMP; the callee returns with JUMP[1, retpc,
// retfp]. @inline callees are expanded in the caller's frame instead, Const parameters
// specialise the callee per constant, and a mul_range loop becomes a tail-recursive helper
// whose exit test is the recursion's own jump condition.
import { describe, isBinary, SCALAR, shapeCells, type Bound, type Expr, type Func, type ReturnShape, type Stmt } from '../ast';
import type { Pos } from '../errors';
import type { Off } from '../ir';
import { substStmts } from '../subst';
import type { GAddr } from './scope';
import type { FnLower, RetBind } from './lowerer';

const STATEMENT_BUILTINS = new Set(['blake2s', 'assert_in_k', 'hint_decompose_bits', 'hint_decompose_bits_exponent', 'hint_f192_limbs', 'hint_witness', 'print']);

/** Lowers a call, returning one caller cell per returned value (a StackBuf return's first
 * cell); `fl.inlineStackRet` says how each binds. */
export function call(fl: FnLower, callee: string, args: readonly Expr[], nRet: number, at: Pos): Off[] {
  checkValueCall(fl, callee, at);
  fl.inlineStackRet = null;
  const def = fl.ctx.defs.get(callee);
  if (def?.inline) {
    const dsts = Array.from({ length: nRet }, () => fl.fresh());
    callInto(fl, callee, args, dsts, at);
    return dsts;
  }
  const shapes: readonly ReturnShape[] = def?.returnShapes ?? Array<ReturnShape>(nRet).fill(SCALAR);
  if (shapes.length !== nRet) fl.fail(`\`${callee}\` returns ${shapes.length} value${shapes.length === 1 ? '' : 's'}, the call binds ${nRet}`, at);
  const logical: Off[] = [];
  const physical: Off[] = [];
  const binds: RetBind[] = [];
  for (const shape of shapes) {
    if (shape.k === 'scalar') {
      const dst = fl.fresh();
      logical.push(dst);
      physical.push(dst);
      binds.push({ k: 'scalar' });
    } else {
      if (shape.n === 0) fl.fail(`\`${callee}\` returns an empty StackBuf`, at);
      const base = fl.allocStack(shape.n);
      logical.push(base);
      for (let o = base; o < base + shape.n; o++) physical.push(o);
      binds.push({ k: 'stack', base, size: shape.n });
    }
  }
  lowerCall(fl, callee, args, physical.length, null, physical, false, at);
  fl.inlineStackRet = binds;
  return logical;
}

/** `callee(args)` with its values written into `dsts`: inlined for an @inline callee, else a
 * real call. */
export function callInto(fl: FnLower, callee: string, args: readonly Expr[], dsts: readonly Off[], at: Pos): void {
  checkValueCall(fl, callee, at);
  if (tryInline(fl, callee, args, dsts, at)) return;
  const def = fl.ctx.defs.get(callee);
  if (def !== undefined) {
    if (def.returnShapes.length !== dsts.length) fl.fail(`\`${callee}\` returns ${def.returnShapes.length} value${def.returnShapes.length === 1 ? '' : 's'}, the call binds ${dsts.length}`, at);
    if (!def.returnShapes.every((s) => s.k === 'scalar')) fl.fail(`\`${callee}\` returns a StackBuf: bind the call to a name (\`x = ${callee}(...)\`)`, at);
  }
  lowerCall(fl, callee, args, dsts.length, null, dsts, false, at);
}

function checkValueCall(fl: FnLower, callee: string, at: Pos): void {
  if (STATEMENT_BUILTINS.has(callee)) fl.fail(`\`${callee}\` is a statement: it returns nothing${callee === 'blake2s' ? ' (`blake2s(a, b, out)` writes the digest into the 2-cell run `out`)' : ''}`, at);
}

/** A Const parameter's value as the literal that replaces it: `GEN ** k` stays a g-power,
 * anything else must fold to a compile-time u32. */
function constArg(fl: FnLower, a: Expr): Expr | undefined {
  if (a.k === 'lit') return a;
  if (a.k === 'gen') return { k: 'gpow', e: 1n, at: a.at };
  if (a.k === 'gpow') return a;
  const k = fl.c.index(a);
  return k === undefined ? undefined : { k: 'lit', v: BigInt(k), at: a.at };
}

/** A call's arguments by the callee's parameters: the runtime ones, and each Const parameter
 * with the literal that replaces it. */
function splitConstArgs(fl: FnLower, def: Func, args: readonly Expr[], label: string): { rtParams: string[]; rtArgs: Expr[]; substs: [string, Expr][] } {
  const rtParams: string[] = [];
  const rtArgs: Expr[] = [];
  const substs: [string, Expr][] = [];
  def.params.forEach((p, i) => {
    if (!def.constParams[i]) {
      rtParams.push(p);
      rtArgs.push(args[i]);
      return;
    }
    const c = constArg(fl, args[i]);
    if (c === undefined) fl.fail(`the argument for Const parameter \`${p}\` of \`${label}\` must be a compile-time constant, got \`${describe(args[i])}\``, args[i].at);
    substs.push([p, c]);
  });
  return { rtParams, rtArgs, substs };
}

/** Expands an @inline callee in place, its tail return binding into `dsts`. False for a callee
 * that is not @inline. */
function tryInline(fl: FnLower, callee: string, args: readonly Expr[], dsts: readonly Off[], at: Pos): boolean {
  const def = fl.ctx.defs.get(callee);
  if (def === undefined || !def.inline) return false;
  checkArity(fl, def, args, at);
  const { rtParams: params, rtArgs, substs } = splitConstArgs(fl, def, args, `@inline ${callee}`);
  let body: readonly Stmt[] = def.body;
  for (const [p, c] of substs) body = substStmts(body, p, c);
  if (def.nRet !== dsts.length) fl.fail(`\`@inline ${callee}\` returns ${def.nRet} value${def.nRet === 1 ? '' : 's'}, the call binds ${dsts.length}`, at);
  checkInlinable(fl, def, body);
  if (fl.inlineCalls.includes(callee)) fl.fail(`recursive @inline expansion is not supported: ${[...fl.inlineCalls, callee].join(' -> ')}`, at);
  // Parameters bind from the caller's arguments (a StackBuf aliases its run, a g-address
  // keeps folding), then the body runs on those names alone, in the caller's frame: the
  // caller's lazy cells stay valid and are shared.
  type Bind = { k: 'stack'; base: Off; size: number } | { k: 'addr'; ga: GAddr } | { k: 'cell'; o: Off };
  const binds: Bind[] = rtArgs.map((a): Bind => {
    const st = fl.stackOf(a);
    if (st !== undefined) return { k: 'stack', base: st.base, size: st.size };
    const ga = fl.c.gaddr(a);
    return ga !== undefined ? { k: 'addr', ga } : { k: 'cell', o: fl.expr(a) };
  });
  const s = fl.scope;
  const saved = [s.vars, s.stacks, s.consts, s.gaddrs, s.fconsts] as const;
  s.vars = new Map();
  s.stacks = new Map();
  s.consts = new Map();
  s.gaddrs = new Map();
  s.fconsts = new Map();
  params.forEach((p, i) => {
    fl.checkNotReserved(p);
    const b = binds[i];
    if (b.k === 'stack') s.stacks.set(p, { base: b.base, size: b.size });
    else if (b.k === 'addr') s.gaddrs.set(p, b.ga);
    else s.vars.set(p, b.o);
  });
  const savedRet = fl.inlineRet;
  fl.inlineRet = [...dsts];
  fl.inlineCalls.push(callee);
  for (const st of body) fl.stmt(st);
  fl.inlineCalls.pop();
  fl.inlineRet = savedRet;
  const now = fl.scope;
  [now.vars, now.stacks, now.consts, now.gaddrs, now.fconsts] = saved;
  return true;
}

function checkArity(fl: FnLower, def: Func, args: readonly Expr[], at: Pos): void {
  const kw = args.find((a) => a.k === 'kw');
  if (kw !== undefined && kw.k === 'kw') fl.fail(`keyword argument \`${kw.name}=\`: only blake2s takes keywords`, kw.at);
  if (args.length !== def.params.length) {
    fl.fail(`\`${def.name}\` takes ${def.params.length} argument${def.params.length === 1 ? '' : 's'} (${def.params.join(', ')}), the call passes ${args.length}`, at);
  }
}

/** An @inline body: straight-line code ending in its one tail return, without constructs that
 * need a frame or a dispatch of their own. */
function checkInlinable(fl: FnLower, def: Func, body: readonly Stmt[]): void {
  const last = body[body.length - 1];
  if (last === undefined || last.k !== 'return') fl.fail(`\`@inline ${def.name}\` must end in its tail \`return\``, last?.at ?? def.at);
  const bad = (s: Stmt): Stmt | undefined => {
    switch (s.k) {
      case 'let':
      case 'store':
      case 'hintwitness':
      case 'print':
      case 'asserteq':
      case 'assertne':
      case 'assertlt':
        return undefined;
      case 'call':
        return ['blake2s', 'assert_in_k', 'hint_f192_limbs'].includes(s.f) || fl.ctx.defs.get(s.f)?.inline ? undefined : s;
      case 'if':
        return s.then.map(bad).find((x) => x) ?? s.els.map(bad).find((x) => x);
      case 'unroll':
        return s.body.map(bad).find((x) => x);
      default:
        return s;
    }
  };
  for (const s of body.slice(0, -1)) {
    const b = bad(s);
    if (b === undefined) continue;
    const what: Record<string, string> = {
      return: 'a `return` before the tail one',
      for: 'a mul_range loop',
      match: 'a `match`',
      matchrange: 'a `match_range`',
      lettuple: 'a tuple assignment from a call',
      call: `a call to \`${b.k === 'call' ? b.f : ''}\`, which is not @inline`,
    };
    fl.fail(`\`@inline ${def.name}\` cannot contain ${what[b.k] ?? `\`${b.k}\``}: an inlined body is straight-line code with its only \`return\` at the end`, b.at);
  }
}

/** A callee's return shapes, for a definition or a queued specialisation. */
export function returnShapesOf(fl: FnLower, callee: string): readonly ReturnShape[] | undefined {
  return fl.ctx.defs.get(callee)?.returnShapes ?? fl.ctx.queued.get(callee)?.returnShapes;
}

/** For a callee with Const parameters: the specialisation for these constants (queued once per
 * distinct tuple, named `f__L5_G3`-style) and the runtime arguments left. */
export function specialize(fl: FnLower, callee: string, args: readonly Expr[], at: Pos): [string, readonly Expr[]] {
  const def = fl.ctx.defs.get(callee);
  if (def === undefined || !def.constParams.includes(true)) return [callee, args];
  checkArity(fl, def, args, at);
  const { rtParams, rtArgs, substs } = splitConstArgs(fl, def, args, callee);
  const tag = substs.map(([, c]) => (c.k === 'lit' ? `_L${c.v}` : `_G${(c as { e: bigint }).e}`)).join('');
  const name = `${callee}_${tag}`;
  if (!fl.ctx.queued.has(name)) {
    if (fl.ctx.queue.length >= 10_000) fl.fail(`Const specialisation explosion: 10,000 functions queued (\`${callee}\` recursing on ever new constants?)`, at);
    let body: readonly Stmt[] = def.body;
    for (const [p, c] of substs) body = substStmts(body, p, c);
    const f: Func = { name, params: rtParams, constParams: rtParams.map(() => false), nRet: def.nRet, returnShapes: def.returnShapes, body, inline: false, at: def.at };
    fl.ctx.queue.push(f);
    fl.ctx.queued.set(name, f);
  }
  return [name, rtArgs];
}

/** A real call: fresh frame, arguments, return target, JUMP (on `cond`, else always), then the
 * return values read back into `dstsIn` (or fresh cells). With `tail`, the callee is handed
 * this frame's own return target. */
export function lowerCall(fl: FnLower, callee0: string, args0: readonly Expr[], nRet: number, cond: Off | null, dstsIn: readonly Off[] | null, tail: boolean, at: Pos): Off[] {
  const [callee, args] = specialize(fl, callee0, args0, at);
  const target = fl.ctx.queued.get(callee) ?? fl.ctx.defs.get(callee);
  if (target === undefined) fl.fail(`call to undefined function \`${callee}\``, at);
  if (target.inline) fl.fail(`internal: @inline \`${callee}\` reached a real call`, at);
  checkArity(fl, target, args, at);
  const argOffs = args.map((a) => fl.expr(a));
  const nfp = fl.fresh();
  const entry = fl.fresh();
  // Nothing may sit between the retpc DEREF and the JUMP (g^2·pc names the instruction after
  // the jump), so the condition cell is made first.
  const oc = cond ?? fl.one();
  fl.set(entry, { k: 'entry', name: callee });
  fl.pending.push({ kind: 'frame', ptr: nfp, callees: [callee] });
  argOffs.forEach((ao, i) => fl.deref(nfp, 2 + i, ao, 'cell'));
  if (tail) {
    fl.deref(nfp, 1, 1, 'cell');
    fl.deref(nfp, 0, 0, 'cell');
  } else {
    fl.deref(nfp, 1, 0, 'fp');
    fl.deref(nfp, 0, 0, 'pc');
  }
  fl.jump(oc, entry, nfp);
  const dsts = dstsIn !== null ? [...dstsIn] : Array.from({ length: nRet }, () => fl.fresh());
  dsts.forEach((d, i) => fl.deref(nfp, 2 + args.length + i, d, 'cell'));
  return dsts;
}

export function lowerReturn(fl: FnLower, exprs: readonly Expr[]): void {
  if (fl.inlineRet !== null) {
    // An inlined tail return: each value binds into the caller as a `let` would (a StackBuf
    // run or a g-address aliased, a scalar written into its cell); no jump.
    const dsts = fl.inlineRet;
    const binds: RetBind[] = [];
    for (let i = 0; i < Math.min(exprs.length, dsts.length); i++) {
      const e = exprs[i];
      const st = fl.stackOf(e);
      const ga = st === undefined ? fl.c.gaddr(e) : undefined;
      if (st !== undefined) binds.push({ k: 'stack', base: st.base, size: st.size });
      else if (ga !== undefined) binds.push({ k: 'gaddr', ga });
      else {
        fl.exprInto(e, dsts[i]);
        binds.push({ k: 'scalar' });
      }
    }
    fl.inlineStackRet = binds;
    return;
  }
  if (fl.isMain) return; // main halts at the sentinel after its last statement
  if (exprs.length !== fl.returnShapes.length) {
    fl.fail(`\`${fl.fn.name}\` returns ${exprs.length} value${exprs.length === 1 ? '' : 's'} here, but its last top-level return gives it ${fl.returnShapes.length}`);
  }
  let ret = 2 + fl.nArgs;
  exprs.forEach((e, i) => {
    const shape = fl.returnShapes[i];
    if (shape.k === 'scalar') fl.exprInto(e, ret);
    else {
      const st = fl.stackOf(e);
      if (st === undefined) fl.fail(`expected a StackBuf(${shape.n}) return, got \`${describe(e)}\``, e.at);
      if (st.size !== shape.n) fl.fail(`returned StackBuf has size ${st.size}, the function returns StackBuf(${shape.n})`, e.at);
      for (let k = 0; k < shape.n; k++) fl.copy(fl.wordSrc(st.base + k), ret + k);
    }
    ret += shapeCells(shape);
  });
  fl.jump(fl.one(), 0, 1);
}

/**
 * `for v in mul_range(g^lo, stop)` as a tail-recursive helper `__loopN(v, [bound,] captures)`:
 *   body; next = v·g; if next != stop: __loopN(next, ...); return
 * entered with v = g^lo when the range is not empty (decided at compile time for a constant
 * stop, by a conditional call for a runtime one). The body's free names are captured by value.
 */
export function lowerFor(fl: FnLower, v: string, lo: bigint, hi: Bound, body: readonly Stmt[], at: Pos): void {
  const id = fl.ctx.loopCounter++;
  const loopName = `__loop${id}`;
  const boundVar = `__bound${id}`;
  const runtime = hi.k === 'runtime';
  const exit: Expr = hi.k === 'const' ? { k: 'gpow', e: hi.e, at } : { k: 'var', name: boundVar, at };
  const entryBound: Expr = hi.k === 'const' ? { k: 'gpow', e: hi.e, at } : hi.e;

  const referenced: string[] = [];
  const bound = new Set<string>([v]);
  for (const s of body) freeVarsStmt(s, referenced, bound);
  const captures: string[] = [];
  const seen = new Set<string>();
  for (const r of referenced) {
    if (bound.has(r)) continue;
    if (fl.scope.stacks.has(r)) fl.fail(`StackBuf \`${r}\` cannot be captured by a mul_range loop (a loop body is its own frame): define it inside the body, or carry the state through a HeapBuf`, at);
    if ((fl.scope.vars.has(r) || fl.scope.gaddrs.has(r)) && !seen.has(r)) {
      seen.add(r);
      captures.push(r);
    }
  }
  const outer = fl.ctx.uncaptured.get(fl.fn.name);
  const constants = referenced.filter((r) => !bound.has(r) && !seen.has(r) && (fl.scope.consts.has(r) || fl.scope.fconsts.has(r) || outer?.has(r)));
  if (constants.length > 0) fl.ctx.uncaptured.set(loopName, new Set(constants));
  const params = [v, ...(runtime ? [boundVar] : []), ...captures];
  const capArgs = (first: Expr, b: Expr): Expr[] => [first, ...(runtime ? [b] : []), ...captures.map((c): Expr => ({ k: 'var', name: c, at }))];
  const nextVar = `__next${id}`;
  const loopBody: Stmt[] = [
    ...body,
    { k: 'let', name: nextVar, e: { k: 'mul', a: { k: 'var', name: v, at }, b: { k: 'gen', at }, at }, at },
    { k: 'callifne', lhs: { k: 'var', name: nextVar, at }, rhs: exit, f: loopName, args: capArgs({ k: 'var', name: nextVar, at }, { k: 'var', name: boundVar, at }), at },
    { k: 'return', es: [], at },
  ];
  const helper: Func = { name: loopName, params, constParams: params.map(() => false), nRet: 0, returnShapes: [], body: loopBody, inline: false, at };
  fl.ctx.queue.push(helper);
  fl.ctx.queued.set(loopName, helper);

  const start: Expr = { k: 'gpow', e: lo, at };
  if (hi.k === 'const') {
    if (lo !== hi.e) call(fl, loopName, capArgs(start, { k: 'gpow', e: hi.e, at }), 0, at);
  } else {
    fl.stmt({ k: 'callifne', lhs: start, rhs: entryBound, f: loopName, args: capArgs(start, entryBound), at });
  }
}

function freeVarsExpr(e: Expr, refs: string[]): void {
  if (isBinary(e)) {
    freeVarsExpr(e.a, refs);
    freeVarsExpr(e.b, refs);
    return;
  }
  switch (e.k) {
    case 'var':
      refs.push(e.name);
      break;
    case 'index':
      freeVarsExpr(e.a, refs);
      freeVarsExpr(e.i, refs);
      break;
    case 'slice':
      freeVarsExpr(e.a, refs);
      freeVarsExpr(e.lo, refs);
      freeVarsExpr(e.hi, refs);
      break;
    case 'call':
      e.args.forEach((a) => freeVarsExpr(a, refs));
      break;
    case 'list':
      e.items.forEach((a) => freeVarsExpr(a, refs));
      break;
    case 'kw':
      freeVarsExpr(e.value, refs);
      break;
    case 'heapbufdyn':
      freeVarsExpr(e.size, refs);
      break;
    case 'genpow':
      freeVarsExpr(e.e, refs);
      break;
  }
}

function freeVarsStmt(s: Stmt, refs: string[], bound: Set<string>): void {
  const ex = (e: Expr) => freeVarsExpr(e, refs);
  const block = (b: readonly Stmt[]) => b.forEach((x) => freeVarsStmt(x, refs, bound));
  switch (s.k) {
    case 'let':
      ex(s.e);
      bound.add(s.name);
      break;
    case 'lettuple':
      s.args.forEach(ex);
      s.names.forEach((n) => bound.add(n));
      break;
    case 'asserteq':
    case 'assertne':
      ex(s.a);
      ex(s.b);
      break;
    case 'assertlt':
      ex(s.x);
      if (s.bound.k === 'runtime') ex(s.bound.e);
      break;
    case 'hintwitness':
      ex(s.dest);
      break;
    case 'print':
      ex(s.value);
      break;
    case 'if':
      ex(s.lhs);
      ex(s.rhs);
      block(s.then);
      block(s.els);
      break;
    case 'match':
      ex(s.x);
      s.cases.forEach(block);
      break;
    case 'matchrange':
      ex(s.x);
      s.arms.forEach(ex);
      s.names.forEach((n) => bound.add(n));
      break;
    case 'callifne':
      ex(s.lhs);
      ex(s.rhs);
      s.args.forEach(ex);
      break;
    case 'call':
      s.args.forEach(ex);
      break;
    case 'store':
      ex(s.a);
      ex(s.i);
      ex(s.v);
      break;
    case 'return':
      s.es.forEach(ex);
      break;
    case 'for':
      if (s.hi.k === 'runtime') ex(s.hi.e);
      bound.add(s.v);
      block(s.body);
      break;
    case 'unroll':
      ex(s.lo);
      ex(s.hi);
      bound.add(s.v);
      block(s.body);
      break;
  }
}
