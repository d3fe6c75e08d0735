// The packed form a bundle embeds its compiled programs in (src/vm/program-pack.ts): every VM
// vector program reads back to its own program JSON, and a damaged pack is a ProgramFormatError.
import { describe, expect, it } from 'vitest';
import { ProgramFormatError } from '../../src/vm/errors';
import { parseProgram, programToJson } from '../../src/vm/program';
import { packProgram, unpackProgram } from '../../src/vm/program-pack';
import { VM_PROGRAMS, vmText } from './vm-vectors';

describe('packed programs', () => {
  it.each(VM_PROGRAMS)('%s reads back to its program JSON', (name) => {
    const text = vmText(name, 'program.json');
    expect(programToJson(unpackProgram(packProgram(parseProgram(text))))).toBe(text);
  });

  it('carries witness streams', () => {
    const program = parseProgram(vmText('arith', 'program.json'));
    const withWitness = { ...program, witness: new Map([['w', [[Uint32Array.of(1, 2, 3, 4, 5, 6)], []]]]) };
    expect(programToJson(unpackProgram(packProgram(withWitness)))).toBe(programToJson(withWitness));
  });

  it('refuses a damaged pack', () => {
    const packed = JSON.parse(packProgram(parseProgram(vmText('calls', 'program.json'))));
    const bytes = atob(packed.bytecode);
    const damaged = (change: Record<string, unknown>) => () => unpackProgram(JSON.stringify({ ...packed, ...change }));
    expect(() => unpackProgram('{')).toThrow(ProgramFormatError);
    expect(damaged({ schema: 'other' })).toThrow(/expected schema/);
    expect(damaged({ bytecode: btoa(bytes.slice(0, -3)) })).toThrow(/ends inside an instruction|cut short/);
    expect(damaged({ bytecode: btoa(bytes + '\x00\x00') })).toThrow(/past the last slot/);
    expect(damaged({ bytecode: btoa('\x09' + bytes.slice(1)) })).toThrow(/no such opcode/);
    expect(damaged({ bytecode: btoa(bytes + '\xff\xff\xff\xff\x7f') })).toThrow(/past u32/);
    expect(damaged({ bytecode: '%%%' })).toThrow(/not base64/);
  });
});
