// A readable listing of a program's bytecode, line for line the reference's
// (lean_compiler::disassemble): `fp[k]` is the frame cell fp·g^k, `*(p·g^β)` a dereferenced
// cell, and a K-valued immediate that is a small power of g (a pc, an index) shows as g^j.
import type { E } from '../field/e';
import { kToHex } from '../field/k';
import type { Instruction } from '../vm/isa';
import { GPow } from '../vm/gpow';

export function disassemble(bytecode: readonly Instruction[]): string {
  // Small g-powers show as such: every pc, and some room for indices past the code.
  const span = bytecode.length + 512;
  const g = new GPow(span);
  const word = (k: E): string => {
    const inK = (k[2] | k[3] | k[4] | k[5]) === 0;
    const j = inK ? g.log(k[0], k[1]) : -1;
    if (j >= 0 && j < span) return `g^${j}`;
    if (inK) return `0x${kToHex(k.subarray(0, 2))}`;
    return `0x${kToHex(k.subarray(4, 6))}${kToHex(k.subarray(2, 4))}${kToHex(k.subarray(0, 2))}`;
  };
  const lines: string[] = [];
  bytecode.forEach((ins, pc) => {
    lines.push(`${groupDigits(pc).padStart(6)}  ${line(ins, word)}\n`);
  });
  return lines.join('');
}

function line(ins: Instruction, word: (k: E) => string): string {
  switch (ins.op) {
    case 'SET':
      return `SET    fp[${ins.o}] = ${word(ins.k)}`;
    case 'XOR':
      return `XOR    fp[${ins.c}] = fp[${ins.a}] ^ fp[${ins.b}]`;
    case 'MUL':
      return `MUL    fp[${ins.c}] = fp[${ins.a}] * fp[${ins.b}]`;
    case 'DEREF': {
      const src = ins.mode === 'cell' ? `fp[${ins.gamma}]` : ins.mode === 'pc' ? 'g²·pc' : 'fp';
      const mode = { cell: 'Cell', pc: 'Pc', fp: 'Fp' }[ins.mode];
      return `DEREF  *(fp[${ins.alpha}]·g^${ins.beta}) = ${src}  [${mode}]`;
    }
    case 'JUMP':
      return `JUMP   if fp[${ins.oc}]≠0: pc=fp[${ins.od}], fp=fp[${ins.of}]`;
    case 'BLAKE2S':
      return `BLAKE2S fp[${ins.out}..]= compress(cv=fp[${ins.cv}..], m=fp[${ins.ins[0]}],fp[${ins.ins[1]}],fp[${ins.ins[2]}],fp[${ins.ins[3]}], meta=${word(ins.metadata)})`;
  }
}

/** 1234567 → "1,234,567". */
function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
