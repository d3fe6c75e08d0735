// One function's lowering: expressions into frame cells, statements into instructions. A frame
// is laid out as retpc (cell 0), retfp (1), the arguments, the return cells, then locals in the
// order they are first needed. Constants, range-check bounds and the frame's own fp are made
// lazily, once per scope; stack stores of copies and constants are deferred as aliases and
// forwarded to their readers, so assembling a BLAKE2s operand costs nothing.
import { type E, eEq, eIsZero, eOne, eZero } from '../../field/e';
import type { DerefMode } from '../../vm/isa';
import { describe, type Expr, type Func, type ReturnShape, type Stmt } from '../ast';
import { SourceError, type Pos } from '../errors';
import type { KVal, LHint, LInstr, LOp, Off } from '../ir';
import { substStmts } from '../subst';
import { gPow, IV_CELLS, litWord, wordKey } from '../words';
import { lowerBuiltin, lowerHintWitness } from './builtins';
import { call, callInto, lowerCall, lowerFor, lowerReturn } from './calls';
import { ConstEval, wordPow, type ConstArrays } from './consteval';
import { lowerAssertLt, lowerAssertNe, lowerIf, lowerMatch, lowerMatchRange } from './control';
import { heapAddr, materialize } from './memory';
import { Scope, type GAddr } from './scope';

/** What the lowering of every function shares: the definitions, the queue of functions still
 * to lower (loop helpers and Const specialisations join it as they are met), the loop counter. */
export interface LowerContext {
  readonly defs: ReadonlyMap<string, Func>;
  readonly arrays: ConstArrays;
  readonly queue: Func[];
  /** The queue by name. */
  readonly queued: Map<string, Func>;
  loopCounter: number;
  /** Per loop helper: the names its body reads that the enclosing function holds as
   * compile-time constants, which a helper's frame does not receive (for the error). */
  readonly uncaptured: Map<string, ReadonlySet<string>>;
}

/** A deferred stack-cell store: a copy of another cell, or a constant (read from the pooled
 * cell holding it). */
export type Alias = { readonly k: 'cell'; readonly o: Off } | { readonly k: 'const'; readonly v: E };

const aliasEq = (a: Alias | undefined, b: Alias) =>
  a !== undefined && a.k === b.k && (a.k === 'cell' ? a.o === (b as { o: Off }).o : eEq(a.v, (b as { v: E }).v));

/** How an inlined tail return binds in the caller: a StackBuf run and a g-address alias at no
 * cost; a scalar was already written into its destination cell. */
export type RetBind = { readonly k: 'stack'; readonly base: Off; readonly size: number } | { readonly k: 'gaddr'; readonly ga: GAddr } | { readonly k: 'scalar' };

export type Binding = { readonly k: 'scalar'; readonly o: Off } | { readonly k: 'stack'; readonly base: Off; readonly size: number } | { readonly k: 'gaddr'; readonly ga: GAddr } | { readonly k: 'fconst'; readonly v: E };

export function retBinding(b: RetBind | undefined, dst: Off): Binding {
  if (b?.k === 'stack') return b;
  if (b?.k === 'gaddr') return b;
  return { k: 'scalar', o: dst };
}

/** A resolved run of consecutive cells: frame cells used in place, or a heap slice (the cell
 * holding the pointer and the exponent of its first cell). */
export type CellRun = { readonly k: 'stack'; readonly base: Off; readonly len: number } | { readonly k: 'heap'; readonly ptr: Off; readonly lo: number; readonly len: number };

const ONE = eOne();

export class FnLower {
  scope = new Scope();
  next: Off;
  readonly c: ConstEval;
  code: LInstr[] = [];
  oneOff: Off | null = null;
  /** Declared size of each HeapBuf, by its pointer cell. */
  readonly heapSizes = new Map<Off, bigint>();
  /** While an @inline body is lowered: the caller cells its tail return fills. */
  inlineRet: Off[] | null = null;
  /** Set by an inlined tail return: how each returned value binds. */
  inlineStackRet: RetBind[] | null = null;
  alias = new Map<Off, Alias>();
  /** Stack cells something gives a real value to (an instruction, a digest, a hint): a store
   * into one is then the write-once assertion, not a deferrable copy. Never reverted. */
  readonly phys = new Set<Off>();
  fillerStart: number | null = null;
  pending: LHint[] = [];
  readonly inlineCalls: string[] = [];
  tailCall = false;
  /** The statement being lowered, for errors. */
  at: Pos;

  constructor(
    readonly ctx: LowerContext,
    readonly fn: Func,
    readonly nArgs: number,
    readonly returnShapes: readonly ReturnShape[],
    next: Off,
  ) {
    this.next = next;
    this.at = fn.at;
    this.c = new ConstEval(() => this.scope, ctx.arrays);
  }

  get isMain(): boolean {
    return this.fn.name === 'main';
  }

  fail(detail: string, at: Pos = this.at): never {
    throw new SourceError(at, detail);
  }

  fresh(): Off {
    return this.next++;
  }

  /** n consecutive fresh cells. */
  allocStack(n: number): Off {
    const base = this.next;
    this.next += n;
    return base;
  }

  emit(op: LOp): void {
    switch (op.op) {
      case 'SET':
        this.phys.add(op.o);
        break;
      case 'XOR':
      case 'MUL':
        this.phys.add(op.c);
        break;
      case 'DEREF':
        this.phys.add(op.gamma);
        break;
      case 'BLAKE2S':
        this.phys.add(op.c);
        this.phys.add(op.c + 1);
        break;
    }
    const hints = this.pending;
    this.pending = [];
    this.code.push({ op, hints, line: this.at.line });
  }

  set(o: Off, k: KVal): void {
    this.emit({ op: 'SET', o, k });
  }

  setConst(o: Off, v: E): void {
    this.set(o, { k: 'const', v });
  }

  deref(alpha: Off, beta: number, gamma: Off, mode: DerefMode): void {
    this.emit({ op: 'DEREF', alpha, beta, gamma, mode });
  }

  arith(op: 'XOR' | 'MUL', a: Off, b: Off, c: Off): void {
    this.emit({ op, a, b, c });
  }

  jump(oc: Off, od: Off, of: Off): void {
    this.emit({ op: 'JUMP', oc, od, of });
  }

  /** A no-op SET to hang pending hints on, so they fire exactly here. */
  anchor(): void {
    this.setConst(this.fresh(), eZero());
  }

  /** A fresh cell holding a + b: nonzero exactly when the two differ. */
  difference(a: Expr, b: Expr): Off {
    const la = this.expr(a);
    const lb = this.expr(b);
    const x = this.fresh();
    this.arith('XOR', la, lb, x);
    return x;
  }

  /** `dst = src` (MUL by the cell holding 1). */
  copy(src: Off, dst: Off): void {
    const one = this.one();
    this.arith('MUL', src, one, dst);
  }

  /** Prepares a stack run a consumer names by its physical cells (a digest, a hint
   * destination): deferred aliases are written into the cells first. */
  materializeRun(base: Off, len: number): void {
    for (let o = base; o < base + len; o++) {
      if (this.alias.has(o)) {
        const src = this.wordSrc(o);
        this.alias.delete(o);
        this.copy(src, o);
      }
      this.phys.add(o);
    }
  }

  checkNotReserved(name: string): void {
    if (this.ctx.arrays.has(name)) this.fail(`\`${name}\` is a global constant array: its name is reserved and cannot be rebound`);
  }

  /** Binds `name`, dropping its other kinds of binding (its compile-time integer role stays). */
  rebind(name: string, b: Binding): void {
    this.checkNotReserved(name);
    const s = this.scope;
    s.vars.delete(name);
    s.stacks.delete(name);
    s.gaddrs.delete(name);
    s.fconsts.delete(name);
    if (b.k === 'scalar') s.vars.set(name, b.o);
    else if (b.k === 'stack') s.stacks.set(name, { base: b.base, size: b.size });
    else if (b.k === 'gaddr') s.gaddrs.set(name, b.ga);
    else s.fconsts.set(name, b.v);
  }

  /** Binds names to the join cells a dispatch's arms wrote. */
  bindJoin(names: readonly string[], cells: readonly Off[]): void {
    names.forEach((n, i) => {
      this.scope.consts.delete(n);
      this.rebind(n, { k: 'scalar', o: cells[i] });
    });
  }

  /** The cell holding 1 (the always-taken jump condition), made once per function. */
  one(): Off {
    if (this.oneOff !== null) return this.oneOff;
    const o = this.fresh();
    this.setConst(o, ONE);
    this.oneOff = o;
    return o;
  }

  /** The cell holding the word v, made once per scope. */
  constCell(v: E): Off {
    if (eEq(v, ONE)) return this.one();
    const key = wordKey(v);
    const have = this.scope.constCells.get(key);
    if (have !== undefined) return have;
    const o = this.fresh();
    this.setConst(o, v);
    this.scope.constCells.set(key, o);
    return o;
  }

  /** The cell holding 0, made once per scope (forwarded zero words read it). */
  zero(): Off {
    if (this.scope.zero !== null) return this.scope.zero;
    const o = this.fresh();
    this.setConst(o, eZero());
    this.scope.zero = o;
    return o;
  }

  /** Two consecutive cells holding the BLAKE2s IV, made once per scope. */
  defaultBlake2sCv(): Off {
    if (this.scope.blake2sIv !== null) return this.scope.blake2sIv;
    const o = this.allocStack(2);
    IV_CELLS.forEach((v, k) => {
      this.setConst(o + k, v);
      this.scope.constCells.set(wordKey(v), o + k);
    });
    this.scope.blake2sIv = o;
    return o;
  }

  /** The cell holding this frame's fp: main's is g^0 (the cell holding 1); elsewhere it is
   * bounced through a 1-cell heap buffer once (the ISA cannot read fp into a cell). */
  selfFp(): Off {
    if (this.isMain) return this.one();
    if (this.scope.selfFp !== null) return this.scope.selfFp;
    const q = this.fresh();
    this.pending.push({ kind: 'vm', hint: { kind: 'Alloc', ptr: q, size: 1 } });
    this.deref(q, 0, 0, 'fp');
    const o = this.fresh();
    this.deref(q, 0, o, 'cell');
    this.scope.selfFp = o;
    return o;
  }

  /** The cell holding g^(k-1), a range check's product target, made once per scope and bound. */
  boundCell(k: bigint): Off {
    const have = this.scope.bounds.get(k);
    if (have !== undefined) return have;
    const o = this.fresh();
    this.setConst(o, gPow(k - 1n));
    this.scope.bounds.set(k, o);
    return o;
  }

  /** Points the local-jump SET at code index `setIdx` at instruction `target`. */
  patchLocal(setIdx: number, target: number): void {
    const op = this.code[setIdx].op;
    if (op.op !== 'SET' || op.k.k !== 'local') throw new Error(`internal: patchLocal on ${op.op}`);
    op.k.target = target;
  }

  /** Runs `f` with branch-local bindings and caches: restored afterwards, since a cell set in
   * a conditionally run region cannot be trusted outside it. Deferred stores into cells made
   * before the branch are written on the branch's path first. */
  scoped(f: () => void): void {
    const branchStart = this.next;
    const savedAliases = new Map(this.alias);
    const saved = this.scope.clone();
    f();
    const outputs = [...this.alias].filter(([dst, a]) => dst < branchStart && !aliasEq(savedAliases.get(dst), a)).map(([dst]) => dst);
    outputs.sort((a, b) => a - b);
    for (const dst of outputs) {
      const src = this.wordSrc(dst);
      this.alias.delete(dst);
      this.copy(src, dst);
    }
    // A hint pending at the end of a branch fires on the branch's path, not after the join.
    if (this.pending.length > 0) this.anchor();
    this.scope = saved;
    this.alias = savedAliases;
  }

  branch(body: readonly Stmt[]): void {
    this.scoped(() => {
      for (const st of body) this.stmt(st);
    });
  }

  // ---- reading cells ----

  stackOf(e: Expr): { readonly base: Off; readonly size: number } | undefined {
    return e.k === 'var' ? this.scope.stacks.get(e.name) : undefined;
  }

  /** A compile-time u32 index, required. */
  constIndex(e: Expr): number {
    const k = this.c.index(e);
    if (k !== undefined) return k;
    if (e.k === 'lit') this.fail(`index ${e.v} does not fit in u32`, e.at);
    return this.fail(`a compile-time integer is needed here (a literal, a constant, an unroll variable, a Const parameter, or index arithmetic of those), got a runtime value \`${describe(e)}\``, e.at);
  }

  /** The cell holding stack cell o's value, following deferred aliases. */
  wordSrc(o: Off): Off {
    const seen: Off[] = [];
    let a = this.alias.get(o);
    while (a !== undefined && a.k === 'cell') {
      seen.push(o);
      o = a.o;
      // Stores like `s[0] = s[1]` after `s[1] = s[0]` define cells only by each other, so
      // none of them has a value (upstream's compiler loops forever here).
      if (seen.includes(o)) {
        const cycle = [...seen.slice(seen.indexOf(o)), o].map((c) => this.cellName(c)).join(' = ');
        this.fail(`stack cells defined only by each other, with no value: ${cycle} (give one of them a value first)`);
      }
      a = this.alias.get(o);
    }
    if (a === undefined) return o;
    return eIsZero(a.v) ? this.zero() : this.constCell(a.v);
  }

  /** `s[k]` for a cell of a StackBuf in scope, for messages. */
  private cellName(o: Off): string {
    for (const [name, st] of this.scope.stacks) if (o >= st.base && o < st.base + st.size) return `${name}[${o - st.base}]`;
    return `frame cell ${o}`;
  }

  /** A stack store's value as a deferrable alias: a bound scalar, a stack cell, a constant. */
  copyAlias(val: Expr): Alias | undefined {
    if (val.k === 'var' && this.scope.vars.has(val.name)) return { k: 'cell', o: this.scope.vars.get(val.name)! };
    if (val.k === 'index' && this.stackOf(val.a) !== undefined) {
      const k = this.c.index(val.i);
      return k === undefined ? undefined : { k: 'cell', o: this.stackOf(val.a)!.base + k };
    }
    const w = this.c.word(val);
    return w === undefined ? undefined : { k: 'const', v: w };
  }

  /** `stack cell dst = val`: deferred while nothing else has given dst a value; otherwise the
   * store is the write-once assertion and is emitted. */
  stackStore(dst: Off, val: Expr): void {
    const aliased = this.alias.has(dst);
    if (!aliased && !this.phys.has(dst)) {
      const a = this.copyAlias(val);
      if (a !== undefined) {
        this.alias.set(dst, a);
        return;
      }
    }
    if (aliased) {
      // Give the cell the value it stood for, so this store is its second write: the assertion.
      const src = this.wordSrc(dst);
      this.alias.delete(dst);
      this.copy(src, dst);
    }
    this.exprInto(val, dst);
  }

  // ---- expressions ----

  /** The cell holding e's value. */
  expr(e: Expr): Off {
    const w = this.c.word(e);
    if (w !== undefined) return this.constCell(w);
    switch (e.k) {
      case 'genpow':
        return this.fail(`\`${describe(e)}\`: the exponent of GEN must be a compile-time integer, got the runtime \`${describe(e.e)}\``, e.at);
      case 'pow':
        return this.powExpr(e.a, e.b, e.at);
      case 'var': {
        if (this.scope.stacks.has(e.name)) this.fail(`StackBuf \`${e.name}\` used as a scalar: index it (\`${e.name}[k]\`) or pass it whole to blake2s`, e.at);
        const ga = this.scope.gaddrs.get(e.name);
        if (ga !== undefined) return materialize(this, ga);
        const o = this.scope.vars.get(e.name);
        if (o !== undefined) return o;
        if (this.ctx.arrays.has(e.name)) this.fail(`constant array \`${e.name}\` used as a value: index it with a compile-time index (\`${e.name}[i]\`)`, e.at);
        if (this.ctx.defs.has(e.name)) this.fail(`function \`${e.name}\` used as a value: call it`, e.at);
        if (this.ctx.uncaptured.get(this.fn.name)?.has(e.name)) {
          this.fail(`\`${e.name}\` is a compile-time constant of the function around this mul_range loop, and a loop body (a frame of its own) receives only runtime values: give it a cell outside the loop (e.g. read it from a HeapBuf), or compute it inside the body`, e.at);
        }
        return this.fail(`undefined name \`${e.name}\``, e.at);
      }
      case 'add':
      case 'mul': {
        const id = e.k === 'add' ? this.addIdentity(e.a, e.b) : this.mulIdentity(e.a, e.b);
        if (id !== undefined) return this.expr(id);
        const la = this.expr(e.a);
        const lb = this.expr(e.b);
        const o = this.fresh();
        this.arith(e.k === 'add' ? 'XOR' : 'MUL', la, lb, o);
        return o;
      }
      case 'fdiv': {
        // q = a / b: one MUL q·b = a whose operand q is unset, back-solved by the runner.
        const la = this.expr(e.a);
        const lb = this.expr(e.b);
        const q = this.fresh();
        this.arith('MUL', q, lb, la);
        return q;
      }
      case 'call':
        return this.callExpr(e);
      case 'heapbuf': {
        if (e.n > 0xffffffffn) this.fail(`HeapBuf size ${e.n} does not fit in u32`, e.at);
        const arr = this.fresh();
        this.heapSizes.set(arr, e.n);
        this.pending.push({ kind: 'vm', hint: { kind: 'Alloc', ptr: arr, size: Number(e.n) } });
        return arr;
      }
      case 'heapbufdyn': {
        // A runtime size is g^k for k cells. An integer the parser could not fold (it names a
        // constant array, a Const parameter, an unroll counter) would be read as that word,
        // never the count meant: upstream compiles it to a program that cannot run.
        if (this.c.int(e.size) !== undefined) {
          this.fail(`HeapBuf(${describe(e.size)}): this size is an integer known only when lowering, and a size not folded when parsing is a runtime g-power (g^k for k cells): write HeapBuf(GEN ** (${describe(e.size)}))`, e.at);
        }
        const size = this.expr(e.size);
        const arr = this.fresh();
        this.pending.push({ kind: 'vm', hint: { kind: 'AllocDyn', ptr: arr, size } });
        return arr;
      }
      case 'stackbuf':
        return this.fail('StackBuf(n) must be bound to a name: `x = StackBuf(n)`', e.at);
      case 'index': {
        const st = this.stackOf(e.a);
        if (st !== undefined) {
          const k = this.constIndex(e.i);
          if (k >= st.size) this.fail(`stack index ${k} out of bounds for \`${describe(e.a)}\` (StackBuf size ${st.size})`, e.at);
          return this.wordSrc(st.base + k);
        }
        const [base, beta] = heapAddr(this, e.a, e.i);
        const dst = this.fresh();
        this.deref(base, beta, dst, 'cell');
        return dst;
      }
      case 'sub':
      case 'div':
      case 'mod':
        return this.fail(`\`${{ sub: '-', div: '//', mod: '%' }[e.k]}\` is compile-time integer arithmetic (field subtraction is \`+\`): use it in an index, a bound or a Const argument, not as a runtime value \`${describe(e)}\``, e.at);
      case 'slice':
        return this.fail('a slice is not a scalar: it is a blake2s or hint_witness operand', e.at);
      case 'list':
        return this.fail('a list literal must be bound to a name: `x = [a, b]`', e.at);
      case 'kw':
        return this.fail(`keyword argument \`${e.name}=\`: only blake2s takes keywords`, e.at);
      default:
        return this.fail('internal: a literal folds to a constant', e.at);
    }
  }

  /** A call in expression position: hint_log2_ceil's advice, or a user call's first value. */
  private callExpr(e: Expr & { k: 'call' }): Off {
    if (e.name === 'f192') return this.fail('f192(c0, c1, c2) needs three u64 integer literals (or constants)', e.at);
    if (e.name === 'hint_log2_ceil') {
      if (e.args.length !== 3) this.fail(`hint_log2_ceil(bits, nbits, floor) takes 3 arguments, got ${e.args.length}`, e.at);
      const bitsPtr = this.expr(e.args[0]);
      const nbits = this.constIndex(e.args[1]);
      const floor = this.constIndex(e.args[2]);
      const dst = this.fresh();
      this.pending.push({ kind: 'vm', hint: { kind: 'Log2Ceil', bits_ptr: bitsPtr, dst, nbits, floor } });
      return dst;
    }
    const d = call(this, e.name, e.args, 1, e.at)[0];
    return this.takeInlineRetCell(d);
  }

  /** `base ** k` for a compile-time k: one SET when base is constant too, else
   * square-and-multiply. */
  powExpr(b: Expr, e: Expr, at: Pos): Off {
    const k = this.c.index(e);
    if (k === undefined) return this.fail(`the exponent of \`**\` must be a compile-time integer, got \`${describe(e)}\``, at);
    const bc = this.c.word(b);
    if (bc !== undefined) return this.constCell(wordPow(bc, k));
    if (k === 0) {
      const o = this.fresh();
      this.setConst(o, ONE);
      return o;
    }
    const base = this.expr(b);
    const hi = 31 - Math.clz32(k);
    let acc = base;
    for (let bit = hi - 1; bit >= 0; bit--) {
      const sq = this.fresh();
      this.arith('MUL', acc, acc, sq);
      acc = sq;
      if ((k >>> bit) & 1) {
        const m = this.fresh();
        this.arith('MUL', acc, base, m);
        acc = m;
      }
    }
    return acc;
  }

  /** The other operand of `a + b` when one is a compile-time zero. */
  addIdentity(a: Expr, b: Expr): Expr | undefined {
    const wa = this.c.word(a);
    if (wa !== undefined && eIsZero(wa)) return b;
    const wb = this.c.word(b);
    return wb !== undefined && eIsZero(wb) ? a : undefined;
  }

  /** The other operand of `a * b` when one is a compile-time one. */
  mulIdentity(a: Expr, b: Expr): Expr | undefined {
    const wa = this.c.word(a);
    if (wa !== undefined && eEq(wa, ONE)) return b;
    const wb = this.c.word(b);
    return wb !== undefined && eEq(wb, ONE) ? a : undefined;
  }

  /** e's value written straight into dst where the form allows (a heap read DEREFs into it, an
   * operation writes it), else a copy. */
  exprInto(e: Expr, dst: Off): void {
    const w = this.c.word(e);
    if (w !== undefined) {
      this.setConst(dst, w);
      return;
    }
    switch (e.k) {
      case 'index':
        if (this.stackOf(e.a) === undefined) {
          const [base, beta] = heapAddr(this, e.a, e.i);
          this.deref(base, beta, dst, 'cell');
          return;
        }
        break;
      case 'pow':
        this.copy(this.powExpr(e.a, e.b, e.at), dst);
        return;
      case 'add':
      case 'mul': {
        const id = e.k === 'add' ? this.addIdentity(e.a, e.b) : this.mulIdentity(e.a, e.b);
        if (id !== undefined) return this.exprInto(id, dst);
        const la = this.expr(e.a);
        const lb = this.expr(e.b);
        this.arith(e.k === 'add' ? 'XOR' : 'MUL', la, lb, dst);
        return;
      }
      case 'call':
        if (e.name !== 'hint_log2_ceil' && e.name !== 'f192') {
          this.inlineStackRet = null;
          callInto(this, e.name, e.args, [dst], e.at);
          const v = this.takeInlineRetCell(dst);
          if (v !== dst) this.copy(v, dst);
          return;
        }
        break;
    }
    this.copy(this.expr(e), dst);
  }

  /** An inlined single return in expression position: an aliased value materialises into a
   * plain cell; otherwise the call's destination cell holds it. */
  takeInlineRetCell(dst: Off): Off {
    const b = this.inlineStackRet?.[0];
    this.inlineStackRet = null;
    if (b?.k === 'gaddr') return materialize(this, b.ga);
    if (b?.k === 'stack') {
      if (b.size !== 1) this.fail(`a StackBuf(${b.size}) return needs a binding (\`x = f(...)\`), not an expression use`);
      return this.wordSrc(b.base);
    }
    return dst;
  }

  // ---- statements ----

  stmt(s: Stmt): void {
    const tail = this.tailCall;
    this.tailCall = false;
    const outer = this.at;
    this.at = s.at;
    switch (s.k) {
      case 'let':
        this.lowerLet(s.name, s.e);
        break;
      case 'lettuple': {
        const dsts = call(this, s.f, s.args, s.names.length, s.at);
        const binds = this.inlineStackRet;
        this.inlineStackRet = null;
        s.names.forEach((n, i) => {
          this.scope.consts.delete(n);
          this.rebind(n, retBinding(binds?.[i], dsts[i]));
        });
        break;
      }
      case 'asserteq':
        // Write-once: the difference's cell is set to zero too.
        this.setConst(this.difference(s.a, s.b), eZero());
        break;
      case 'assertne':
        lowerAssertNe(this, s.a, s.b);
        break;
      case 'assertlt':
        lowerAssertLt(this, s.x, s.bound);
        break;
      case 'hintwitness':
        lowerHintWitness(this, s.dest, s.name);
        break;
      case 'print': {
        const cell = this.expr(s.value);
        this.pending.push({ kind: 'vm', hint: { kind: 'Print', label: s.label, cell } });
        this.anchor();
        break;
      }
      case 'if':
        lowerIf(this, s.eq, s.lhs, s.rhs, s.then, s.els);
        break;
      case 'match':
        lowerMatch(this, s.x, s.cases);
        break;
      case 'matchrange':
        lowerMatchRange(this, s.names, s.x, s.arms);
        break;
      case 'call':
        if (!lowerBuiltin(this, s.f, s.args)) call(this, s.f, s.args, 0, s.at);
        break;
      case 'store': {
        const st = this.stackOf(s.a);
        if (st !== undefined) {
          const k = this.constIndex(s.i);
          if (k >= st.size) this.fail(`stack store index ${k} out of bounds for \`${describe(s.a)}\` (StackBuf size ${st.size})`, s.i.at);
          this.stackStore(st.base + k, s.v);
        } else {
          // Heap store: m[arr·idx] == val, write-once (the value first, then the address).
          const v = this.expr(s.v);
          const [base, beta] = heapAddr(this, s.a, s.i);
          this.deref(base, beta, v, 'cell');
        }
        break;
      }
      case 'return':
        lowerReturn(this, s.es);
        break;
      case 'callifne':
        lowerCall(this, s.f, s.args, 0, this.difference(s.lhs, s.rhs), null, tail, s.at);
        break;
      case 'for':
        lowerFor(this, s.v, s.lo, s.hi, s.body, s.at);
        break;
      case 'unroll': {
        const lo = this.c.index(s.lo);
        const hi = this.c.index(s.hi);
        if (lo === undefined) this.fail(`unroll bounds must be compile-time integers, got \`${describe(s.lo)}\``, s.lo.at);
        if (hi === undefined) this.fail(`unroll bounds must be compile-time integers, got \`${describe(s.hi)}\``, s.hi.at);
        if (lo > hi) this.fail(`unroll(a, b) needs a <= b, got (${lo}, ${hi})`);
        for (let j = lo; j < hi; j++) for (const st of substStmts(s.body, s.v, { k: 'lit', v: BigInt(j), at: s.at })) this.stmt(st);
        break;
      }
    }
    this.at = outer;
  }

  private lowerLet(name: string, e: Expr): void {
    if (e.k === 'stackbuf') {
      if (e.n > 0xffffffffn) this.fail(`StackBuf size ${e.n} does not fit in u32`, e.at);
      const base = this.allocStack(Number(e.n));
      this.scope.consts.delete(name);
      this.rebind(name, { k: 'stack', base, size: Number(e.n) });
      return;
    }
    if (e.k === 'list') {
      // The elements are lowered before the name rebinds, so `s = [s[1], s[0]]` swaps.
      const base = this.allocStack(e.items.length);
      e.items.forEach((el, k) => this.stackStore(base + k, el));
      this.scope.consts.delete(name);
      this.rebind(name, { k: 'stack', base, size: e.items.length });
      return;
    }
    const st = this.stackOf(e);
    if (st !== undefined) {
      this.scope.consts.delete(name);
      this.rebind(name, { k: 'stack', base: st.base, size: st.size });
      return;
    }
    // The compile-time integer role is settled first and survives the value binding below.
    const kInt = this.c.int(e);
    if (kInt !== undefined) this.scope.consts.set(name, kInt);
    else this.scope.consts.delete(name);
    const ga = this.c.gaddr(e);
    if (ga !== undefined) return this.rebind(name, { k: 'gaddr', ga });
    const w = this.c.word(e);
    if (w !== undefined) return this.rebind(name, { k: 'fconst', v: w });
    if (kInt !== undefined) {
      // Index-only arithmetic (`n // 2`): as a value, the word with those 128 bits.
      return this.rebind(name, { k: 'fconst', v: litWord(kInt) });
    }
    if (e.k === 'call' && this.ctx.defs.has(e.name)) {
      this.inlineStackRet = null;
      const o = call(this, e.name, e.args, 1, e.at)[0];
      const b = this.inlineStackRet?.[0];
      this.inlineStackRet = null;
      return this.rebind(name, retBinding(b, o));
    }
    this.rebind(name, { k: 'scalar', o: this.expr(e) });
  }
}

