// The compiler against the reference's own output: every vector program (shared/vectors/vm)
// and every program of test/zkdsl/programs compiles to the reference's program JSON byte for
// byte, and the disassembly is the reference's listing.
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseProgram, programToJson, type Program } from '../../src/vm/program';
import { compileSource, disassemble } from '../../src/zkdsl';
import { VM_PROGRAMS, vmText } from '../vm/vm-vectors';

const HERE = new URL('.', import.meta.url);

/** The first slot, hint or field where two programs differ, for a readable failure. */
function firstDifference(got: Program, want: Program): string {
  for (let pc = 0; pc < Math.max(got.bytecode.length, want.bytecode.length); pc++) {
    const a = JSON.stringify(got.bytecode[pc]);
    const b = JSON.stringify(want.bytecode[pc]);
    if (a !== b) return `bytecode[${pc}]: got ${a}, want ${b}`;
  }
  for (const pc of new Set([...got.hints.keys(), ...want.hints.keys()])) {
    const a = JSON.stringify(got.hints.get(pc));
    const b = JSON.stringify(want.hints.get(pc));
    if (a !== b) return `hints[${pc}]: got ${a}, want ${b}`;
  }
  for (const f of ['mainFrame', 'filler', 'fnRanges'] as const) {
    if (JSON.stringify(got[f]) !== JSON.stringify(want[f])) return `${f}: got ${JSON.stringify(got[f])}, want ${JSON.stringify(want[f])}`;
  }
  return 'witness or formatting';
}

function expectSameProgram(json: string, want: string): void {
  if (json !== want) expect.fail(firstDifference(parseProgram(json), parseProgram(want)));
}

describe('zkDSL compiler: the vector programs', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}.py compiles to ${name}.program.json and disassembles to ${name}.disasm.txt`, () => {
      const { program } = compileSource(vmText(name, 'py'), { file: `${name}.py` });
      expectSameProgram(programToJson(program), vmText(name, 'program.json'));
      expect(disassemble(program.bytecode)).toBe(vmText(name, 'disasm.txt'));
    });
  }
});

describe('zkDSL compiler: our own programs against the reference', () => {
  const dir = new URL('programs/', HERE);
  const names = readdirSync(dir).filter((f) => f.endsWith('.py')).map((f) => f.slice(0, -3)).sort();
  it('has a fixture for every program', () => {
    const fixtures = readdirSync(new URL('fixtures/', HERE)).filter((f) => f.endsWith('.program.json.gz')).map((f) => f.slice(0, -'.program.json.gz'.length)).sort();
    expect(fixtures).toEqual(names);
  });
  for (const name of names) {
    it(name, () => {
      const src = readFileSync(new URL(`${name}.py`, dir), 'utf8');
      const { program } = compileSource(src, { file: `${name}.py` });
      const want = gunzipSync(readFileSync(new URL(`fixtures/${name}.program.json.gz`, HERE))).toString('utf8');
      expectSameProgram(programToJson(program), want);
    });
  }
});
