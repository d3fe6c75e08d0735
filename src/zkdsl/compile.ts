// From a parsed program to a Program: every function lowered (main first, at pc 0, then the
// others in source order, then the loop helpers and Const specialisations in the order the
// lowering met them; templates and @inline functions are never lowered themselves), each put
// through CSE, laid out back to back, and resolved: entry pcs, local jump targets and the halt
// sentinel become g-powers, frame allocations get their callees' frame sizes.
import { eZero, type E } from '../field/e';
import type { Hint } from '../vm/hints';
import type { Instruction } from '../vm/isa';
import type { FillBlock, FnRange, Program } from '../vm/program';
import type { Ast, Func } from './ast';
import { SourceError } from './errors';
import { cse } from './cse';
import type { KVal, Lowered, LOp } from './ir';
import { lowerFunction } from './lower/function';
import type { LowerContext } from './lower/lowerer';
import { gPow } from './words';

export interface CompileOptions {
  /** Append the fill blocks (default true): without them a proof pads its tables instead. */
  readonly filler?: boolean;
  /** Witness streams to carry (the `# witness` annotations). */
  readonly witness?: ReadonlyMap<string, readonly (readonly E[])[]>;
}

export function compileAst(ast: Ast, opts: CompileOptions = {}): Program {
  const defs = new Map<string, Func>();
  for (const f of ast.funcs) {
    const prev = defs.get(f.name);
    if (prev !== undefined) throw new SourceError(f.at, `function \`${f.name}\` is defined twice (first at line ${prev.at.line})`);
    defs.set(f.name, f);
  }
  const main = defs.get('main');
  if (main === undefined) throw new SourceError({ line: 1, col: 1 }, 'the program has no `main` function');
  if (main.constParams.includes(true)) throw new SourceError(main.at, '`main` cannot take Const parameters');
  if (main.inline) throw new SourceError(main.at, '`main` cannot be @inline');
  if (main.params.length > 0) throw new SourceError(main.at, '`main` takes no parameters');

  const queue: Func[] = [main, ...ast.funcs.filter((f) => f !== main)];
  const ctx: LowerContext = { defs, arrays: ast.constArrays, queue, queued: new Map(queue.map((f) => [f.name, f])), loopCounter: 0, uncaptured: new Map() };
  const lowered: Lowered[] = [];
  for (let i = 0; i < queue.length; i++) {
    const f = queue[i];
    if (f.constParams.includes(true) || f.inline) continue;
    const low = lowerFunction(f, ctx, opts.filler ?? true);
    // CSE never drops a fill-block instruction, so the blocks move down by what it dropped.
    const dropped = cse(low.code, low.abiEnd, low.fillerStart);
    low.filler = low.filler.map((b) => ({ ...b, pc: b.pc - dropped }));
    lowered.push(low);
  }

  const entry = new Map<string, number>();
  const frameSize = new Map<string, number>();
  let pc = 0;
  for (const l of lowered) {
    entry.set(l.name, pc);
    frameSize.set(l.name, l.frameSize);
    pc += l.code.length;
  }
  // The halt sentinel needs a slot of its own past the code.
  let len = 1;
  while (len < pc + 1) len *= 2;
  const sentinel = len - 1;

  const bytecode: Instruction[] = [];
  const lines: number[] = [];
  const hints = new Map<number, Hint[]>();
  for (const l of lowered) {
    const base = entry.get(l.name)!;
    for (const ins of l.code) {
      if (ins.hints.length > 0) {
        hints.set(bytecode.length, ins.hints.map((h): Hint => (h.kind === 'vm' ? h.hint : { kind: 'Alloc', ptr: h.ptr, size: Math.max(...h.callees.map((c) => frameSize.get(c)!)) })));
      }
      bytecode.push(resolve(ins.op, entry, sentinel, base));
      lines.push(ins.line);
    }
  }
  const pad: Instruction = { op: 'SET', o: 0, k: eZero() };
  while (bytecode.length < len) bytecode.push(pad);
  const sourceLines = new Uint32Array(len);
  sourceLines.set(lines);
  const fnRanges: FnRange[] = lowered.map((l) => ({ name: l.name, entry: entry.get(l.name)!, len: l.code.length }));
  const filler: FillBlock[] = lowered.flatMap((l) => l.filler.map((b) => ({ ...b, pc: entry.get(l.name)! + b.pc })));
  return { bytecode, hints, mainFrame: frameSize.get('main')!, filler, witness: opts.witness ?? new Map(), minLogCommitted: 0, fnRanges, sourceLines };
}

function resolve(op: LOp, entry: ReadonlyMap<string, number>, sentinel: number, base: number): Instruction {
  switch (op.op) {
    case 'SET':
      return { op: 'SET', o: op.o, k: kval(op.k, entry, sentinel, base) };
    case 'XOR':
    case 'MUL':
      return { op: op.op, a: op.a, b: op.b, c: op.c };
    case 'DEREF':
      return { op: 'DEREF', alpha: op.alpha, beta: op.beta, gamma: op.gamma, mode: op.mode };
    case 'JUMP':
      return { op: 'JUMP', oc: op.oc, od: op.od, of: op.of };
    case 'BLAKE2S':
      return { op: 'BLAKE2S', ins: [op.ins[0], op.ins[1], op.ins[2], op.ins[3]], cv: op.cv, out: op.c, metadata: op.metadata };
  }
}

function kval(k: KVal, entry: ReadonlyMap<string, number>, sentinel: number, base: number): E {
  switch (k.k) {
    case 'const':
      return k.v;
    case 'entry': {
      const pc = entry.get(k.name);
      if (pc === undefined) throw new Error(`internal: no entry for \`${k.name}\``);
      return gPow(pc);
    }
    case 'end':
      return gPow(sentinel);
    case 'local':
      return gPow(base + k.target);
  }
}
