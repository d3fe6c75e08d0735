// The statement builtins: the BLAKE2S instruction, K membership (an untaken JUMP whose target
// and frame cells are the two values) and the prover-advice hints, which cost no cycle and are
// re-checked in-circuit by the program.
import { describe, type Expr } from '../ast';
import type { Off } from '../ir';
import { U64_MAX } from '../u128';
import { blake2sMetadata } from '../words';
import type { CellRun, FnLower } from './lowerer';
import { cellRun } from './memory';

const FINAL_FLAG = 0xffffffff;
const KEYWORDS = ['cv', 'counter', 'final', 'last_node'];

/** Lowers `f(args)` if f is a statement builtin; false otherwise. */
export function lowerBuiltin(fl: FnLower, f: string, args: readonly Expr[]): boolean {
  switch (f) {
    case 'hint_decompose_bits':
    case 'hint_decompose_bits_exponent': {
      arity(fl, f, args, 3, '(bits, value, nbits)');
      const bitsPtr = fl.expr(args[0]);
      const value = fl.expr(args[1]);
      const nbits = fl.constIndex(args[2]);
      const kind = f === 'hint_decompose_bits' ? 'BitDecompose' : 'BitDecomposeExp';
      fl.pending.push({ kind: 'vm', hint: { kind, value, bits_ptr: bitsPtr, nbits } });
      return true;
    }
    case 'blake2s':
      lowerBlake2s(fl, args);
      return true;
    case 'assert_in_k': {
      arity(fl, f, args, 2, '(a, b)');
      const a = fl.expr(args[0]);
      const b = fl.expr(args[1]);
      const zero = fl.zero();
      fl.jump(zero, a, b);
      return true;
    }
    case 'hint_f192_limbs': {
      arity(fl, f, args, 2, '(dest, value)');
      const st = fl.stackOf(args[0]);
      if (st === undefined) fl.fail(`hint_f192_limbs's destination must be a StackBuf, got \`${describe(args[0])}\``, args[0].at);
      if (st.size < 1 || st.size > 3) fl.fail(`hint_f192_limbs's destination must have 1 to 3 cells, got StackBuf(${st.size})`, args[0].at);
      const value = fl.wordSrc(fl.expr(args[1]));
      fl.materializeRun(st.base, st.size);
      fl.pending.push({ kind: 'vm', hint: { kind: 'FieldLimbs', value, base: st.base, len: st.size } });
      return true;
    }
    case 'hint_log2_ceil':
      return fl.fail('hint_log2_ceil returns its result: bind it, `g = hint_log2_ceil(bits, nbits, floor)`');
  }
  return false;
}

function arity(fl: FnLower, f: string, args: readonly Expr[], n: number, sig: string): void {
  const kw = args.find((a) => a.k === 'kw');
  if (kw !== undefined) fl.fail(`${f} takes no keyword arguments`, kw.at);
  if (args.length !== n) fl.fail(`${f}${sig} takes ${n} arguments, got ${args.length}`);
}

/** `hint_witness(dest, "name")`: the next entry of the stream, written into dest's cells. */
export function lowerHintWitness(fl: FnLower, dest: Expr, name: string): void {
  const run = cellRun(fl, dest);
  if (run.k === 'stack') {
    fl.materializeRun(run.base, run.len);
    fl.pending.push({ kind: 'vm', hint: { kind: 'WitnessStack', name, base: run.base, len: run.len } });
  } else {
    fl.pending.push({ kind: 'vm', hint: { kind: 'WitnessHeap', name, ptr: run.ptr, lo: run.lo, len: run.len } });
  }
}

/** `blake2s(a, b, out, [cv=], [counter=], [final=], [last_node=])`: one compression. Stack
 * operands are read in place (deferred copies forwarded); heap inputs are pulled into a fresh
 * stack pair; a heap output is stored after the hash. */
function lowerBlake2s(fl: FnLower, args: readonly Expr[]): void {
  let firstKw = args.findIndex((a) => a.k === 'kw');
  if (firstKw < 0) firstKw = args.length;
  if (firstKw !== 3) fl.fail(`blake2s takes three positional arguments (a, b, out), got ${firstKw}`);
  const kwargs = new Map<string, Expr>();
  for (const a of args.slice(3)) {
    if (a.k !== 'kw') fl.fail('keyword arguments must follow the three positional blake2s arguments', a.at);
    if (!KEYWORDS.includes(a.name)) fl.fail(`unknown blake2s keyword \`${a.name}\` (cv, counter, final, last_node)`, a.at);
    if (kwargs.has(a.name)) fl.fail(`duplicate blake2s keyword \`${a.name}\``, a.at);
    kwargs.set(a.name, a.value);
  }
  const customized = kwargs.has('counter') || kwargs.has('final') || kwargs.has('last_node');
  if (kwargs.has('cv') && !customized) fl.fail('blake2s with cv= also needs counter= (and final= on the last block): a chained block is not the default one-block hash');

  const a = blake2sInput(fl, args[0]);
  const b = blake2sInput(fl, args[1]);
  const out = operand(fl, args[2]);
  let c: Off;
  let heapOut: [Off, number] | null = null;
  if (out.k === 'stack') {
    fl.materializeRun(out.base, 2);
    c = out.base;
  } else {
    c = fl.allocStack(2);
    heapOut = [out.ptr, out.lo];
  }
  const cvArg = kwargs.get('cv');
  const cv = cvArg !== undefined ? blake2sCv(fl, cvArg) : fl.defaultBlake2sCv();
  const constKw = (name: string, dflt: bigint): bigint => {
    const e = kwargs.get(name);
    if (e === undefined) return dflt;
    const v = fl.c.int(e);
    if (v === undefined) fl.fail(`blake2s \`${name}=\` must be a compile-time integer, got \`${describe(e)}\``, e.at);
    return v;
  };
  const counter = constKw('counter', 64n);
  if (counter > U64_MAX) fl.fail(`blake2s counter ${counter} does not fit in u64`, kwargs.get('counter')!.at);
  const f0 = constKw('final', customized ? 0n : 1n) !== 0n ? FINAL_FLAG : 0;
  const f1 = constKw('last_node', 0n) !== 0n ? 0xffffffff : 0;
  fl.emit({ op: 'BLAKE2S', ins: [a[0], a[1], b[0], b[1]], cv, c, metadata: blake2sMetadata(counter, f0, f1) });
  if (heapOut !== null) for (let k = 0; k < 2; k++) fl.deref(heapOut[0], heapOut[1] + k, c + k, 'cell');
}

/** A blake2s operand: exactly two cells (one 256-bit value). */
function operand(fl: FnLower, e: Expr): CellRun {
  const run = cellRun(fl, e);
  if (run.len !== 2) fl.fail(`a blake2s operand spans exactly 2 cells (two 128-bit words), \`${describe(e)}\` has ${run.len}: slice it, \`buf[lo:lo + 2]\``, e.at);
  return run;
}

/** An input operand's two chunk cells: a stack pair's real sources, or a heap pair pulled into
 * fresh stack cells. */
function blake2sInput(fl: FnLower, e: Expr): [Off, Off] {
  const run = operand(fl, e);
  if (run.k === 'stack') return [fl.wordSrc(run.base), fl.wordSrc(run.base + 1)];
  const t = fl.allocStack(2);
  for (let k = 0; k < 2; k++) fl.deref(run.ptr, run.lo + k, t + k, 'cell');
  return [t, t + 1];
}

/** The chaining value needs two consecutive cells (the instruction has one offset for it):
 * non-adjacent forwarded sources are copied into a fresh pair. */
function blake2sCv(fl: FnLower, e: Expr): Off {
  const pair = blake2sInput(fl, e);
  if (pair[1] === pair[0] + 1) return pair[0];
  const cv = fl.allocStack(2);
  fl.copy(pair[0], cv);
  fl.copy(pair[1], cv + 1);
  return cv;
}
