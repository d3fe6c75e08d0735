// Lowering a whole function: the frame's fixed cells, its statements (spotting the loop
// helper's tail call), then main's halt and fill blocks, or another function's implicit return.
import { eZero } from '../../field/e';
import { FILL_FRAME, FILL_SIZES } from '../../vm/filler';
import { TABLES } from '../../vm/isa';
import type { FillBlock } from '../../vm/program';
import { shapeCells, type Func } from '../ast';
import { SourceError } from '../errors';
import type { LOp, Lowered } from '../ir';
import { FnLower, type LowerContext } from './lowerer';

export function lowerFunction(f: Func, ctx: LowerContext, withFiller: boolean): Lowered {
  f.params.forEach((p) => {
    if (ctx.arrays.has(p)) throw new SourceError(f.at, `parameter \`${p}\` of \`${f.name}\` collides with a global constant array, whose name is reserved`);
  });
  const nRetCells = f.returnShapes.reduce((n, s) => n + shapeCells(s), 0);
  const abiEnd = 2 + f.params.length + nRetCells;
  const fl = new FnLower(ctx, f, f.params.length, f.returnShapes, abiEnd);
  f.params.forEach((p, i) => fl.scope.vars.set(p, 2 + i));
  f.body.forEach((s, i) => {
    // A conditional call followed only by a bare return, in a function returning nothing (the
    // loop helper's shape), is a tail call: no unwind chain.
    const next = f.body[i + 1];
    fl.tailCall = f.name !== 'main' && f.nRet === 0 && s.k === 'callifne' && next?.k === 'return' && next.es.length === 0;
    fl.stmt(s);
  });
  let filler: FillBlock[] = [];
  if (fl.isMain) {
    halt(fl);
    if (withFiller) filler = fillBlocks(fl);
  } else if (f.body[f.body.length - 1]?.k !== 'return') {
    // Never fall off the end into whatever the layout puts next.
    fl.stmt({ k: 'return', es: [], at: f.at });
  }
  return { name: f.name, code: fl.code, frameSize: fl.next, abiEnd, fillerStart: fl.fillerStart ?? fl.code.length, filler };
}

/** main's end: jump to the halt sentinel g^(B-1) with fp = g^0. */
function halt(fl: FnLower): void {
  const one = fl.one();
  const dest = fl.fresh();
  fl.set(dest, { k: 'end' });
  fl.jump(one, dest, one);
}

/**
 * Past main's halt, per table and size, a block of that many dummy instructions of the table's
 * opcode and a JUMP back to its own first instruction. Nothing jumps into a block: the
 * interpreter traverses them after the halt to bring each table to a power of two, every
 * traversal a closed walk of the state channel. Each dummy reads and writes cells of the frame
 * the interpreter gives it (FILL_FRAME), so the value it writes is the value already there.
 */
function fillBlocks(fl: FnLower): FillBlock[] {
  const F = FILL_FRAME;
  const dummy: Record<(typeof TABLES)[number], LOp> = {
    XOR: { op: 'XOR', a: F.SCRATCH, b: F.SCRATCH, c: F.SCRATCH },
    MUL: { op: 'MUL', a: F.SCRATCH, b: F.SCRATCH, c: F.SCRATCH },
    SET: { op: 'SET', o: F.SCRATCH, k: { k: 'const', v: eZero() } },
    DEREF: { op: 'DEREF', alpha: F.PTR, beta: 0, gamma: F.SCRATCH, mode: 'cell' },
    // Its condition cell is never written, so it reads zero and falls through.
    JUMP: { op: 'JUMP', oc: F.ZERO, od: F.ZERO, of: F.ZERO },
    BLAKE2S: { op: 'BLAKE2S', ins: [F.DIGEST + 2, F.DIGEST + 3, F.DIGEST + 4, F.DIGEST + 5], cv: F.SCRATCH, c: F.DIGEST, metadata: eZero() },
  };
  fl.fillerStart = fl.code.length;
  const blocks: FillBlock[] = [];
  TABLES.forEach((name, table) => {
    for (const size of FILL_SIZES) {
      blocks.push({ pc: fl.code.length, size, table });
      for (let i = 0; i < size; i++) fl.emit(structuredClone(dummy[name]));
      fl.jump(F.DEST, F.DEST, F.NEXT_FP);
    }
  });
  return blocks;
}
