// Compiled programs: every vector program reads back to its own bytes, its statement (bytecode
// digest, seed, transcript statement) is the reference's, and malformed files name the field.
import { describe, expect, it } from 'vitest';
import { blake2s } from '../../src/hash/blake2s';
import { bytecodeBytes, bytecodeHash, bytecodeMultilinear, fsSeed, transcriptStatement } from '../../src/vm/bytecode';
import { ProgramFormatError } from '../../src/vm/errors';
import { parseProgram, programToJson } from '../../src/vm/program';
import { parsePublicInputJson, parsePublicInputList } from '../../src/vm/public-input';
import { eToJson } from '../../src/vm/words';
import { VM_PROGRAMS, vmSummary, vmText } from './vm-vectors';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('program JSON', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: parses, writes back the same bytes, and has the reference's statement`, () => {
      const text = vmText(name, 'program.json');
      const program = parseProgram(text);
      expect(programToJson(program)).toBe(text);
      const summary = vmSummary(name);
      expect(bytecodeHash(program)).toBe(summary.bytecode_hash);
      expect(hex(blake2s(bytecodeBytes(program)))).toBe(summary.bytecode_hash);
      expect(fsSeed(program).map(eToJson)).toEqual(summary.fs_seed);
      const pi = parsePublicInputJson(vmText(name, 'public.json'));
      expect(transcriptStatement(program, pi).map(eToJson)).toEqual(summary.transcript_statement);
      expect(program.bytecode.length).toBe(summary.bytecode_len);
    });

    it(`${name}: the multilinear is built once per program object, and a second object of another bytecode gets its own`, () => {
      const program = parseProgram(vmText(name, 'program.json'));
      const words = bytecodeMultilinear(program);
      expect(bytecodeMultilinear(program)).toBe(words);
      const other = { ...program, bytecode: [...program.bytecode.slice(0, -1), { op: 'JUMP', oc: 1, od: 2, of: 3 } as const] };
      expect(bytecodeMultilinear(other)).not.toEqual(words);
      expect(bytecodeHash(other)).not.toBe(vmSummary(name).bytecode_hash);
      expect(bytecodeMultilinear(parseProgram(vmText(name, 'program.json')))).toEqual(words);
    });

    it(`${name}: the source's # public_input annotation gives the public.json words`, () => {
      const line = vmText(name, 'py').split('\n').find((l) => l.startsWith('# public_input:'))!;
      const fromAnnotation = parsePublicInputList(line.slice('# public_input:'.length));
      const fromFile = parsePublicInputJson(vmText(name, 'public.json'));
      expect(fromAnnotation.map(eToJson)).toEqual(fromFile.map(eToJson));
      const python = JSON.parse(vmText(name, 'public.json')).python_public_input_hex as string;
      const le = fromFile.flatMap((w) => [w[0], w[1], w[2], w[3]]).map((x) => hex(Uint8Array.of(x, x >>> 8, x >>> 16, x >>> 24))).join('');
      expect(le).toBe(python);
    });
  }
});

describe('malformed programs name the field', () => {
  const base = JSON.parse(vmText('calls', 'program.json'));
  const cases: [string, (p: any) => void, RegExp][] = [
    ['missing field', (p) => delete p.main_frame, /\(root\): missing field "main_frame"/],
    ['unknown field', (p) => (p.extra = 1), /unknown field "extra"/],
    ['wrong schema', (p) => (p.schema = 'v0'), /^program schema/],
    ['non-power-of-two length', (p) => { p.bytecode.pop(); p.bytecode_len = 2047; }, /bytecode_len: expected a power of two/],
    ['length mismatch', (p) => p.bytecode.pop(), /bytecode: expected bytecode_len = 2048 slots, got 2047/],
    ['operand out of range', (p) => (p.bytecode[5] = { op: 'XOR', a: 2 ** 32, b: 0, c: 0 }), /bytecode\[5\]\.a: expected an integer in 0\.\.4294967295/],
    ['negative operand', (p) => (p.bytecode[6] = { op: 'MUL', a: 1, b: -1, c: 0 }), /bytecode\[6\]\.b/],
    ['fractional operand', (p) => (p.bytecode[6] = { op: 'JUMP', oc: 1.5, od: 0, of: 0 }), /bytecode\[6\]\.oc: expected an integer, got 1\.5/],
    ['unknown op', (p) => (p.bytecode[7] = { op: 'PACK64X2', a: 0 }), /bytecode\[7\]\.op: expected one of/],
    ['bad deref mode', (p) => (p.bytecode[1] = { op: 'DEREF', alpha: 2, beta: 0, gamma: 3, mode: 'ret' }), /bytecode\[1\]\.mode/],
    ['bad constant', (p) => (p.bytecode[0] = { op: 'SET', o: 3, k: ['1', '0', '0'] }), /bytecode\[0\]\.k: expected an E word/],
    ['upper-case hex', (p) => (p.bytecode[0] = { op: 'SET', o: 3, k: ['000000000000000A', '0000000000000000', '0000000000000000'] }), /bytecode\[0\]\.k/],
    ['blake2s top metadata limb', (p) => (p.bytecode[0] = { op: 'BLAKE2S', ins: [1, 2, 3, 4], cv: 5, out: 6, metadata: ['0000000000000040', '00000000ffffffff', '0000000000000001'] }), /bytecode\[0\]\.metadata: expected a zero top limb/],
    ['three message offsets', (p) => (p.bytecode[0] = { op: 'BLAKE2S', ins: [1, 2, 3], cv: 5, out: 6, metadata: ['0000000000000040', '00000000ffffffff', '0000000000000000'] }), /bytecode\[0\]\.ins: expected 4/],
    ['unknown hint', (p) => (p.hints['0'] = [{ kind: 'Guess', ptr: 1 }]), /hints\["0"\]\[0\]\.kind: expected one of/],
    ['hint field missing', (p) => (p.hints['0'] = [{ kind: 'Alloc', ptr: 1 }]), /hints\["0"\]\[0\]: missing field "size"/],
    ['hint pc past the code', (p) => (p.hints['4096'] = []), /hints\["4096"\]: expected a decimal pc below 2048/],
    ['hint string field', (p) => (p.hints['0'] = [{ kind: 'Print', label: 7, cell: 1 }]), /hints\["0"\]\[0\]\.label: expected a string/],
    ['fill table', (p) => (p.filler[0].table = 6), /filler\[0\]\.table: expected an integer in 0\.\.5/],
    ['witness word', (p) => (p.witness = { s: [[['0', '0']]] }), /witness\["s"\]\[0\]\[0\]: expected an E word/],
    ['hash mismatch', (p) => (p.bytecode[0].o = 4), /bytecode_hash: the bytecode hashes to/],
    ['seed mismatch', (p) => (p.fs_seed = [p.fs_seed[1], p.fs_seed[0]]), /fs_seed/],
    ['not an object', (p) => (p.bytecode[3] = 5), /bytecode\[3\]\.op/],
  ];
  for (const [what, edit, message] of cases) {
    it(what, () => {
      const p = structuredClone(base);
      edit(p);
      let err: unknown;
      try {
        parseProgram(JSON.stringify(p));
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ProgramFormatError);
      expect((err as Error).message).toMatch(message);
    });
  }
  it('text that is no JSON', () => expect(() => parseProgram('{"bytecode":')).toThrow(ProgramFormatError));
});

describe('public input words', () => {
  it('reads decimal, hex and GEN ** k spellings', () => {
    const [a, b] = parsePublicInputList('340282366920938463463374607431768211455, GEN ** 3');
    expect(eToJson(a)).toEqual(['ffffffffffffffff', 'ffffffffffffffff', '0000000000000000']);
    expect(eToJson(b)).toEqual(['0000000000000008', '0000000000000000', '0000000000000000']);
    const [h] = parsePublicInputList('0x1cafe00000000deadbeef, 0');
    expect(eToJson(h)).toEqual(['00000000deadbeef', '000000000001cafe', '0000000000000000']);
  });
  it('refuses more than 128 bits, bad spellings and the wrong count', () => {
    expect(() => parsePublicInputList('340282366920938463463374607431768211456, 0')).toThrow(/more than 128 bits/);
    expect(() => parsePublicInputList('0x1' + '0'.repeat(32) + ', 0')).toThrow(/more than 128 bits/);
    expect(() => parsePublicInputList('1, 2, 3')).toThrow(/two words/);
    expect(() => parsePublicInputList('12a, 0')).toThrow(/decimal or 0x-hex/);
    expect(() => parsePublicInputJson('{"public_input": [1, 2]}')).toThrow(/public_input\[0\]/);
  });
});
