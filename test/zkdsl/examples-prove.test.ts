// The programs in examples/, proved and verified: each compiles with our compiler, is proved on
// the native backend (the cpu backend where the module is not built), and the proof verifies
// against the program and the public input the source publishes (fibonacci's depends on N, so
// the test computes it: F_23 and F_24 in the exponent), and not against another.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eAdd, eOne } from '../../src/field/e';
import { proveProgram } from '../../src/vm/prove/prove';
import { verifyProgram } from '../../src/vm/verify/verify';
import { compileSource } from '../../src/zkdsl';
import { parsePublicInputList, type PublicInput } from '../../src/vm/public-input';
import { nativeOrCpu } from '../native/fast-backend';

const example = (name: string) => readFileSync(new URL(`../../examples/${name}.py`, import.meta.url), 'utf8');

describe('examples/: compiled, proved, verified', () => {
  const cases: [string, ReadonlyMap<string, string>, PublicInput | null][] = [
    ['fibonacci', new Map([['N_PLACEHOLDER', '24']]), parsePublicInputList('GEN ** 28657,GEN ** 46368')],
    ['blake2s_message', new Map(), null],
    ['merkle_path', new Map(), null],
  ];
  for (const [name, defines, given] of cases) {
    it(name, async () => {
      const compiled = compileSource(example(name), { file: `${name}.py`, defines });
      const { program } = compiled;
      const publicInput = given ?? compiled.publicInput;
      expect(publicInput).not.toBeNull();
      const b = await nativeOrCpu('examples-prove');
      try {
        const { proof } = await proveProgram(program, publicInput!, { backend: b });
        const verdict = verifyProgram(program, publicInput!, proof);
        expect(verdict.valid, verdict.valid ? '' : verdict.reason).toBe(true);
        const other = [eAdd(publicInput![0], eOne()), publicInput![1]] as const;
        expect(verifyProgram(program, other, proof).valid).toBe(false);
      } finally {
        await b.dispose();
      }
    }, 120_000);
  }
});
