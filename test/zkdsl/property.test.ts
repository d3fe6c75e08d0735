// The property test: random small programs (random-programs.ts: arithmetic, calls of every
// kind, loops with compile-time and runtime bounds, branches, match, BLAKE2s) compile to
// programs whose run on the VM interpreter publishes exactly what the source means, evaluated
// directly in TypeScript; and the run accepts those words as its public input.
import { describe, expect, it } from 'vitest';
import { eToJson } from '../../src/vm/words';
import { execute } from '../../src/vm/execute';
import { compileSource } from '../../src/zkdsl';
import { randomProgram } from './random-programs';

const SEEDS = 200;

describe('zkDSL property: compiled meaning = evaluated meaning', () => {
  it(`${SEEDS} random programs`, () => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const rp = randomProgram(seed);
      const { program } = compileSource(rp.source, { file: `random-${seed}.py` });
      const run = execute(program, null);
      const got = [0, 1].map((c) => eToJson(run.memory.subarray(6 * c, 6 * c + 6)));
      expect(got, `seed ${seed}:\n${rp.source}`).toEqual(rp.published.map(eToJson));
      expect(run.unconstrainedReads, `seed ${seed}`).toEqual([]);
      expect(() => execute(program, rp.published)).not.toThrow();
    }
  });

  it('the generator covers every construct it claims', () => {
    const all = Array.from({ length: SEEDS }, (_, s) => randomProgram(s).source).join('\n');
    const constructs = [/^@inline$/m, /, k: Const\):$/m, /mul_range\(1, GEN \*\* \d+\)/, /mul_range\(1, nb\d+\[0\]\)/, /unroll\(0, \d\)/, /^ +if .* == .*:$/m, /^ +else:$/m,
      /match log\(mi\[0\]\)/, /blake2s\(blk/, /\) \/ \(/, /\) \*\* \d/, /^ +v\d+, v\d+b = f\d+\(/m, /^ +assert v\d+ == /m, /[fgh]\d+\(.*\)/];
    for (const c of constructs) expect(all, String(c)).toMatch(c);
  });
});
