// Branches and the checks built on jumps and products. `if` is one XOR and one conditional
// JUMP; `match` and `match_range` dispatch through a trampoline table of two-instruction slots
// (jump to g^T·x², the slot sets its block's address and jumps there); `assert !=` proves an
// inverse exists; a range check is DEREF, MUL, DEREF in the exponent.
import { eOne } from '../../field/e';
import { listEq, type Bound, type Expr, type Stmt } from '../ast';
import type { KVal, Off } from '../ir';
import { G_INV } from '../words';
import { callInto, returnShapesOf, specialize } from './calls';
import { FOLD_MAX } from './consteval';
import { materialize } from './memory';
import type { FnLower, RetBind } from './lowerer';

const LOCAL = (): KVal => ({ k: 'local', target: 0 });

export function lowerIf(fl: FnLower, eq: boolean, lhs: Expr, rhs: Expr, then: readonly Stmt[], els: readonly Stmt[]): void {
  // Both sides compile-time integers: only the taken branch is lowered, as straight-line code
  // whose bindings persist.
  const a = fl.c.index(lhs);
  const b = fl.c.index(rhs);
  if (a !== undefined && b !== undefined) {
    for (const st of (a === b) === eq ? then : els) fl.stmt(st);
    return;
  }
  let x: Off;
  if (fl.c.lit(rhs) === 0n) x = fl.expr(lhs);
  else if (fl.c.lit(lhs) === 0n) x = fl.expr(rhs);
  else x = fl.difference(lhs, rhs);
  // Made before the branches, so their SETs dominate the join.
  const sfp = fl.selfFp();
  const one = fl.one();
  // The taken jump goes to whichever block the test does not fall into.
  const [aBlock, bBlock] = eq ? [then, els] : [els, then];
  const bdest = fl.fresh();
  const bset = fl.code.length;
  fl.set(bdest, LOCAL());
  fl.jump(x, bdest, sfp);
  fl.branch(aBlock);
  if (bBlock.length === 0) {
    fl.patchLocal(bset, fl.code.length);
    return;
  }
  const edest = fl.fresh();
  const eset = fl.code.length;
  fl.set(edest, LOCAL());
  fl.jump(one, edest, sfp);
  fl.patchLocal(bset, fl.code.length);
  fl.branch(bBlock);
  fl.patchLocal(eset, fl.code.length);
}

/** `assert a != b`: x = a + b, a hinted inverse, and MUL x·inv into a cell SET to 1: x = 0
 * makes the product 0 whatever the hint. */
export function lowerAssertNe(fl: FnLower, a: Expr, b: Expr): void {
  if (a.k === 'lit' && b.k === 'lit') {
    if (a.v === b.v) fl.fail(`assert a != b: both sides are the literal ${a.v}`);
    return;
  }
  const x = fl.difference(a, b);
  const inv = fl.fresh();
  fl.pending.push({ kind: 'vm', hint: { kind: 'Inverse', value: x, dst: inv } });
  const p = fl.fresh();
  fl.arith('MUL', x, inv, p);
  fl.setConst(p, eOne());
}

/** `assert log x < k`: DEREF through x (so x = g^e, e < 2^h), MUL x·y into the cell holding
 * g^(k-1) (the runner back-solves y = g^(k-1-e)), DEREF through y (so k-1-e does not wrap). */
export function lowerAssertLt(fl: FnLower, e: Expr, bound: Bound): void {
  let kcell: Off;
  if (bound.k === 'const') {
    if (bound.e < 1n) fl.fail('range-check bound 0 (GEN ** 0) names the empty set');
    if (bound.e > FOLD_MAX) fl.fail(`range-check bound ${bound.e} exceeds 2^16 = 65536, the smallest memory size (the check is sound only up to it)`);
    kcell = fl.boundCell(bound.e);
  } else {
    // A bound that folds only now (`GEN ** i` in an unroll) would skip the 2^16 cap.
    if (fl.c.word(bound.e) !== undefined) fl.fail('a compile-time range-check bound must be written `log GEN ** k` or an integer, so that its 2^16 cap is checked', bound.e.at);
    const bcell = fl.expr(bound.e);
    const inv = fl.constCell(G_INV);
    kcell = fl.fresh();
    fl.arith('MUL', bcell, inv, kcell);
  }
  const x = fl.expr(e);
  const y = fl.fresh();
  const t1 = fl.fresh();
  const t2 = fl.fresh();
  fl.deref(x, 0, t1, 'cell');
  fl.arith('MUL', x, y, kcell);
  fl.deref(y, 0, t2, 'cell');
}

export function lowerMatch(fl: FnLower, x: Expr, cases: readonly (readonly Stmt[])[]): void {
  const xo = fl.expr(x);
  lowerMatchDispatch(fl, xo, cases.length, (j) => fl.branch(cases[j]));
}

/** `names = match_range(log(x), ...)`: the match dispatch with generated arms, each writing the
 * shared join cells. Arms that all call one function with the same runtime arguments share
 * one frame and dispatch straight into the selected entry. */
export function lowerMatchRange(fl: FnLower, names: readonly string[], x: Expr, arms: readonly Expr[]): void {
  for (const arm of arms) {
    const d = arm.k === 'call' ? fl.ctx.defs.get(arm.name) : undefined;
    if (d !== undefined && !d.inline && d.returnShapes.some((s) => s.k === 'stack')) {
      fl.fail(`\`${d.name}\` returns a StackBuf, which cannot cross a match_range join: call it and bind the result with \`x = ${d.name}(...)\``, arm.at);
    }
  }
  if (arms.every((a) => a.k === 'call')) {
    const specialized = arms.map((a) => specialize(fl, (a as { name: string }).name, (a as { args: readonly Expr[] }).args, a.at));
    const rt0 = specialized[0][1];
    if (specialized.every(([, rt]) => listEq(rt, rt0))) {
      lowerDispatchedCall(fl, names, x, specialized.map(([c]) => c), rt0);
      return;
    }
  }
  const xo = fl.expr(x);
  const rcells = names.map(() => fl.fresh());
  lowerMatchDispatch(fl, xo, arms.length, (j) =>
    fl.scoped(() => {
      const arm = arms[j];
      if (rcells.length === 1) return fl.exprInto(arm, rcells[0]);
      if (arm.k !== 'call') fl.fail('a match_range arm binding several names must be a function call', arm.at);
      fl.inlineStackRet = null;
      callInto(fl, arm.name, arm.args, rcells, arm.at);
      // An @inline arm's aliased values are written into the join cells (a real call wrote
      // them already).
      const binds = fl.inlineStackRet as RetBind[] | null;
      fl.inlineStackRet = null;
      binds?.forEach((b, i) => {
        if (b.k === 'gaddr') fl.copy(materialize(fl, b.ga), rcells[i]);
        else if (b.k === 'stack') {
          if (b.size !== 1) fl.fail(`a StackBuf(${b.size}) cannot cross a match_range join`, arm.at);
          fl.copy(fl.wordSrc(b.base), rcells[i]);
        }
      });
    }),
  );
  fl.bindJoin(names, rcells);
}

/** The fused match_range: one callee frame (sized for the largest specialisation) with the
 * join as its return address; each trampoline slot enters one specialisation. */
function lowerDispatchedCall(fl: FnLower, names: readonly string[], x: Expr, callees: readonly string[], rtArgs: readonly Expr[]): void {
  for (const callee of callees) {
    const shapes = returnShapesOf(fl, callee);
    if (shapes === undefined) continue;
    if (shapes.length !== names.length) fl.fail(`\`${callee}\` returns ${shapes.length} value${shapes.length === 1 ? '' : 's'}, the match_range binds ${names.length}`);
    if (!shapes.every((s) => s.k === 'scalar')) fl.fail(`\`${callee}\` returns a StackBuf, which cannot cross a match_range join`);
  }
  for (const callee of callees) {
    const f = fl.ctx.queued.get(callee) ?? fl.ctx.defs.get(callee);
    if (f === undefined) fl.fail(`call to undefined function \`${callee}\``);
    if (f.inline) fl.fail(`\`@inline ${callee}\` cannot be the target of a dispatched match_range (its arms would jump into a function that is never laid out): give the arms different runtime arguments, or drop @inline`);
    if (f.params.length !== rtArgs.length) fl.fail(`\`${callee}\` takes ${f.params.length} runtime argument${f.params.length === 1 ? '' : 's'}, the match_range arms pass ${rtArgs.length}`);
  }
  const rcells = names.map(() => fl.fresh());
  const argOffs = rtArgs.map((a) => fl.expr(a));
  const xo = fl.expr(x);
  const one = fl.one();
  const sfp = fl.selfFp();
  const nfp = fl.fresh();
  fl.pending.push({ kind: 'frame', ptr: nfp, callees: [...callees] });
  argOffs.forEach((ao, i) => fl.deref(nfp, 2 + i, ao, 'cell'));
  fl.deref(nfp, 1, 0, 'fp');
  const joinCell = fl.fresh();
  const joinSet = fl.code.length;
  fl.set(joinCell, LOCAL());
  fl.deref(nfp, 0, joinCell, 'cell'); // retpc = the join
  const kset = emitDispatch(fl, xo, one, sfp);
  fl.patchLocal(kset, fl.code.length);
  emitSlots(fl, callees.length, one, nfp, (j) => ({ k: 'entry', name: callees[j] }));
  fl.patchLocal(joinSet, fl.code.length);
  rcells.forEach((r, i) => fl.deref(nfp, 2 + rtArgs.length + i, r, 'cell'));
  fl.bindJoin(names, rcells);
}

/** JUMP to d = g^T·x², slot x of the table at T; returns the index of the SET holding g^T. */
function emitDispatch(fl: FnLower, xo: Off, one: Off, of: Off): number {
  const kcell = fl.fresh();
  const kset = fl.code.length;
  fl.set(kcell, LOCAL());
  const x2 = fl.fresh();
  fl.arith('MUL', xo, xo, x2);
  const d = fl.fresh();
  fl.arith('MUL', kcell, x2, d);
  fl.jump(one, d, of);
  return kset;
}

/** n slots `SET c = k(j); JUMP c`; returns each slot's SET index. */
function emitSlots(fl: FnLower, n: number, one: Off, of: Off, k: (j: number) => KVal): number[] {
  const slots: number[] = [];
  for (let j = 0; j < n; j++) {
    const c = fl.fresh();
    slots.push(fl.code.length);
    fl.set(c, k(j));
    fl.jump(one, c, of);
  }
  return slots;
}

/** The dispatch shared by match and match_range: the table, then each arm's block (every one
 * but the last jumping to the join). */
function lowerMatchDispatch(fl: FnLower, xo: Off, n: number, body: (j: number) => void): void {
  const sfp = fl.selfFp();
  const one = fl.one();
  const join = fl.fresh();
  const jset = fl.code.length;
  fl.set(join, LOCAL());
  const kset = emitDispatch(fl, xo, one, sfp);
  fl.patchLocal(kset, fl.code.length);
  const slots = emitSlots(fl, n, one, sfp, LOCAL);
  slots.forEach((slot, j) => {
    fl.patchLocal(slot, fl.code.length);
    body(j);
    if (j + 1 !== n) fl.jump(one, join, sfp);
  });
  fl.patchLocal(jset, fl.code.length);
}

