// The compiler's source map: every bytecode slot names the statement it was lowered from (an
// @inline callee's own line), so a failed run's pc names the assertion that failed.
import { describe, expect, it } from 'vitest';
import { ExecutionError } from '../../src/vm/errors';
import { execute } from '../../src/vm/execute';
import { eFromK } from '../../src/field/e';
import { kFromWords } from '../../src/field/k';
import { compileSource } from '../../src/zkdsl/index';

const SRC = `from snark_lib import *


@inline
def check(a, b):
    assert a == b + 1
    return


def main():
    v = StackBuf(2)
    hint_witness(v, "v")
    check(v[0], v[1])
    assert v[0] * v[1] == 7
    return
`;
const lines = SRC.split('\n');
const k = (n: number) => eFromK(kFromWords(n, 0));

function failingLine(a: number, b: number): string | undefined {
  const { program, sourceAt } = compileSource(SRC);
  try {
    execute(program, null, { witness: new Map([['v', [[k(a), k(b)]]]]) });
  } catch (e) {
    expect(e).toBeInstanceOf(ExecutionError);
    const at = sourceAt[(e as ExecutionError).pc];
    return at === null ? undefined : lines[at.line - 1].trim();
  }
  return undefined;
}

describe('the source map', () => {
  it('covers every slot, the padding past the code null', () => {
    const { program, sourceAt } = compileSource(SRC);
    expect(sourceAt.length).toBe(program.bytecode.length);
    const code = program.fnRanges.reduce((n, r) => Math.max(n, r.entry + r.len), 0);
    expect(sourceAt.slice(0, code).every((p) => p !== null)).toBe(true);
    expect(sourceAt.slice(code).every((p) => p === null)).toBe(true);
  });

  it("names an @inline callee's failed assert by its own line", () => {
    // 3 + 1 = 2 in characteristic 2 (XOR), so (3, 1) fails check; (3, 2) passes it, and 3·2 = 6 ≠ 7
    expect(failingLine(3, 1)).toBe('assert a == b + 1');
  });

  it("names main's failed assert", () => {
    expect(failingLine(3, 2)).toBe("assert v[0] * v[1] == 7");
  });
});
