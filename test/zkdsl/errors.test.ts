// Programs the compiler must reject, each with the message it must give: the file, line and
// column, and what is wrong, in words a programmer can act on.
import { describe, expect, it } from 'vitest';
import { compileSource, ZkdslError } from '../../src/zkdsl';

const BAD: readonly (readonly [string, string, string])[] = [
  ["undefined name", `def main():\n    x = y + 1\n    return\n`, "bad.py:2:9: undefined name `y`"],
  ["rebound constant", `N = 3\n\ndef main():\n    N = 4\n    return\n`, "bad.py:4:5: `N` is a global constant: its name is reserved and cannot be rebound (rename the local, parameter or loop variable)"],
  ["rebound constant array", `A = [1, 2]\n\ndef main():\n    for A in unroll(0, 2):\n        x = 1\n    return\n`, "bad.py:4:9: `A` is a global constant array: its name is reserved and cannot be rebound (rename the local, parameter or loop variable)"],
  ["constant as parameter", `N = 3\n\ndef f(N):\n    return N\n\ndef main():\n    return\n`, "bad.py:3:7: `N` is a global constant: its name is reserved and cannot be rebound (rename the local, parameter or loop variable)"],
  ["wrong arity", `def f(a):\n    return a\n\ndef main():\n    x = f(1, 2)\n    return\n`, "bad.py:5:9: `f` takes 1 argument (a), the call passes 2"],
  ["wrong arity inline", `@inline\ndef f(a, b):\n    return a * b\n\ndef main():\n    x = f(1)\n    return\n`, "bad.py:6:9: `f` takes 2 arguments (a, b), the call passes 1"],
  ["const arg not constant", `def f(x, k: Const):\n    return x * k\n\ndef main():\n    h = HeapBuf(1)\n    v = h[1]\n    y = f(v, v)\n    return\n`, "bad.py:7:14: the argument for Const parameter `k` of `f` must be a compile-time constant, got `v`"],
  ["runtime stack index", `def main():\n    h = HeapBuf(1)\n    i = h[1]\n    s = StackBuf(3)\n    s[i] = 1\n    return\n`, "bad.py:5:7: a compile-time integer is needed here (a literal, a constant, an unroll variable, a Const parameter, or index arithmetic of those), got a runtime value `i`"],
  ["stack index out of bounds", `def main():\n    s = StackBuf(3)\n    s[0] = 1\n    x = s[3]\n    return\n`, "bad.py:4:10: stack index 3 out of bounds for `s` (StackBuf size 3)"],
  ["heap index out of bounds", `def main():\n    h = HeapBuf(4)\n    h[GEN ** 4] = 1\n    return\n`, "bad.py:3:5: heap index 4 out of bounds for `h` (HeapBuf size 4)"],
  ["heap slice out of bounds", `def main():\n    h = HeapBuf(4)\n    o = StackBuf(2)\n    blake2s(h[2:4], h[3:5], o)\n    return\n`, "bad.py:4:5: heap slice 3:5 out of bounds for `h` (HeapBuf size 4)"],
  ["constant array out of bounds", `A = [1, 2, 3]\n\ndef main():\n    x = A[3]\n    return\n`, "bad.py:4:10: constant array `A` index 3 out of bounds (len 3)"],
  ["StackBuf captured", `def main():\n    s = StackBuf(2)\n    for i in mul_range(1, GEN ** 3):\n        s[0] = i\n    return\n`, "bad.py:3:5: StackBuf `s` cannot be captured by a mul_range loop (a loop body is its own frame): define it inside the body, or carry the state through a HeapBuf"],
  ["unsupported import", `import math\n\ndef main():\n    return\n`, "bad.py:1:1: unsupported import of `math`: a program is one file, and only the `snark_lib` stub may be imported (the compiler skips it)"],
  ["non-tail return in inline", `@inline\ndef f(a):\n    if a == 1:\n        return a\n    return a * a\n\ndef main():\n    x = f(GEN)\n    return\n`, "bad.py:4:9: `@inline f` cannot contain a `return` before the tail one: an inlined body is straight-line code with its only `return` at the end"],
  ["unfilled placeholder", `N = N_PLACEHOLDER\n\ndef main():\n    return\n`, "bad.py:1:5: unfilled placeholder `N_PLACEHOLDER`: give it a value with -D N_PLACEHOLDER=VALUE"],
  ["unfilled placeholder in body", `def main():\n    x = SIZE_PLACEHOLDER + 1\n    return\n`, "bad.py:2:9: unfilled placeholder `SIZE_PLACEHOLDER`: give it a value with -D SIZE_PLACEHOLDER=VALUE"],
  ["range bound too large", `def main():\n    h = HeapBuf(1)\n    x = h[1]\n    assert log(x) < 65537\n    return\n`, "bad.py:4:5: range-check bound 65537 exceeds 2^16 = 65536, the smallest memory size (the check is sound only up to it)"],
  ["range bound zero", `def main():\n    h = HeapBuf(1)\n    x = h[1]\n    assert log(x) < 0\n    return\n`, "bad.py:4:5: range-check bound 0 (GEN ** 0) names the empty set"],
  ["range check without log", `def main():\n    x = GEN\n    assert x < 3\n    return\n`, "bad.py:3:12: a `<` assertion compares logs (field elements have no order): `assert log X < log Y` or `assert log X < k`"],
  ["no main", `def f():\n    return\n`, "bad.py:1:1: the program has no `main` function"],
  ["constant declared twice", `N = 1\nN = 2\n\ndef main():\n    return\n`, "bad.py:2:1: global constant `N` is declared twice"],
  ["runtime subtraction", `def main():\n    h = HeapBuf(2)\n    a = h[1]\n    b = h[GEN]\n    c = a - b\n    return\n`, "bad.py:5:11: `-` is compile-time integer arithmetic (field subtraction is `+`): use it in an index, a bound or a Const argument, not as a runtime value `a - b`"],
  ["StackBuf as scalar", `def main():\n    s = StackBuf(2)\n    x = s * GEN\n    return\n`, "bad.py:3:9: StackBuf `s` used as a scalar: index it (`s[k]`) or pass it whole to blake2s"],
  ["blake2s operand size", `def main():\n    s = StackBuf(4)\n    o = StackBuf(2)\n    blake2s(s[0:3], s, o)\n    return\n`, "bad.py:4:14: a blake2s operand spans exactly 2 cells (two 128-bit words), `s[0:3]` has 3: slice it, `buf[lo:lo + 2]`"],
  ["blake2s keyword", `def main():\n    s = StackBuf(2)\n    o = StackBuf(2)\n    blake2s(s, s, o, count=3)\n    return\n`, "bad.py:4:22: unknown blake2s keyword `count` (cv, counter, final, last_node)"],
  ["blake2s cv without counter", `def main():\n    s = StackBuf(2)\n    o = StackBuf(2)\n    blake2s(s, s, o, cv=s)\n    return\n`, "bad.py:4:5: blake2s with cv= also needs counter= (and final= on the last block): a chained block is not the default one-block hash"],
  ["undefined function", `def main():\n    x = g(1)\n    return\n`, "bad.py:2:9: call to undefined function `g`"],
  ["tuple count", `def f(a):\n    return a\n\ndef main():\n    x, y = f(1)\n    return\n`, "bad.py:5:5: `f` returns 1 value, the call binds 2"],
  ["match cases", `def main():\n    x = GEN\n    match log(x):\n        case 0:\n            y = 1\n        case 2:\n            y = 2\n    return\n`, "bad.py:6:14: match cases must be consecutive from 0: expected `case 1:`, got `case 2:`"],
  ["match default", `def main():\n    x = GEN\n    match log(x):\n        case 0:\n            y = 1\n        case _:\n            y = 2\n    return\n`, "bad.py:6:14: `case _` is not supported: the cases are 0, 1, ..., n-1 (range-check the scrutinee first)"],
  ["mul_range stop not a g-power", `def main():\n    for i in mul_range(1, 10):\n        x = i\n    return\n`, "bad.py:2:27: mul_range stop 10 is not a power of GEN, so the counter never reaches it: write `GEN ** k` for k iterations"],
  ["mul_range start", `def main():\n    for i in mul_range(2, GEN ** 3):\n        x = i\n    return\n`, "bad.py:2:24: a mul_range start must be a power of GEN known when parsing: `1`, `GEN`, or `GEN ** k`"],
  ["indentation", `def main():\n    x = 1\n      y = 2\n    return\n`, "bad.py:3:7: unexpected indentation"],
  ["dedent", `def main():\n    if GEN == 1:\n        x = 1\n      y = 2\n    return\n`, "bad.py:4:7: this line's indentation matches no enclosing block"],
  ["assert equal literals", `def main():\n    assert 5 != 5\n    return\n`, "bad.py:2:5: assert a != b: both sides are the literal 5"],
  ["runtime StackBuf slice", `def main():\n    h = HeapBuf(1)\n    i = h[1]\n    s = StackBuf(4)\n    o = StackBuf(2)\n    blake2s(s[i:i + 2], s[0:2], o)\n    return\n`, "bad.py:6:14: a StackBuf slice needs compile-time bounds (frame offsets are baked into the bytecode)"],
  ["heap index not a g-power", `def main():\n    h = HeapBuf(8)\n    h[3] = 1\n    return\n`, "bad.py:3:7: heap index `3` is a compile-time constant that is not a power of GEN: heap cell k is `buf[GEN ** k]` (StackBuf cells are indexed by integers, HeapBuf cells by g-powers)"],
  ["unknown decorator", `@jit\ndef main():\n    return\n`, "bad.py:1:2: unknown decorator `@jit` (only `@inline`)"],
  ["no effect", `def main():\n    x = GEN\n    x + 1\n    return\n`, "bad.py:3:5: statement has no effect: `x + 1`"],
  ["recursive inline", `@inline\ndef f(a):\n    return f(a)\n\ndef main():\n    x = f(GEN)\n    return\n`, "bad.py:3:12: recursive @inline expansion is not supported: f -> f"],
  ["division by zero", `def main():\n    s = StackBuf(4)\n    s[4 // 0] = 1\n    return\n`, "bad.py:3:9: compile-time division by zero"],
  ["runtime exponent", `def main():\n    h = HeapBuf(1)\n    i = h[1]\n    x = GEN ** i\n    return\n`, "bad.py:4:9: `GEN ** (i)`: the exponent of GEN must be a compile-time integer, got the runtime `i`"],
  ["hint_witness name", `def main():\n    s = StackBuf(1)\n    hint_witness(s, name)\n    return\n`, "bad.py:3:21: hint_witness's second argument is the stream name, a string literal: \"name\""],
  ["function twice", `def f():\n    return\n\ndef f():\n    return\n\ndef main():\n    return\n`, "bad.py:4:5: function `f` is defined twice (first at line 1)"],
  ["constant unknown name", `N = M + 1\n\ndef main():\n    return\n`, "bad.py:1:5: global constant `N`: `M` is not a constant declared above (a constant's value is integer arithmetic of literals and earlier constants, or f192(c0, c1, c2))"],
  ["unroll runtime bound", `def main():\n    h = HeapBuf(1)\n    n = h[1]\n    for i in unroll(0, n):\n        x = i\n    return\n`, "bad.py:4:24: unroll bounds must be compile-time integers, got `n`"],
  ["literal too wide", `def main():\n    x = 340282366920938463463374607431768211456\n    return\n`, "bad.py:2:9: integer literal `340282366920938463463374607431768211456` does not fit in 128 bits (a source literal fills the low two limbs; use f192(c0, c1, c2) for a full word)"],
  ["statement builtin as value", `def main():\n    s = StackBuf(2)\n    x = blake2s(s, s, s)\n    return\n`, "bad.py:3:9: `blake2s` is a statement: it returns nothing (`blake2s(a, b, out)` writes the digest into the 2-cell run `out`)"],
  ["return count", `def f(a):\n    if a == 1:\n        return a, a\n    return a\n\ndef main():\n    x = f(GEN)\n    return\n`, "bad.py:3:9: `f` returns 2 values here, but its last top-level return gives it 1"],
  ["inline loop", `@inline\ndef f(a):\n    for i in mul_range(1, GEN ** 2):\n        x = i\n    return a\n\ndef main():\n    x = f(GEN)\n    return\n`, "bad.py:3:5: `@inline f` cannot contain a mul_range loop: an inlined body is straight-line code with its only `return` at the end"],
  ["const array runtime index", `A = [1, 2]\n\ndef main():\n    h = HeapBuf(1)\n    i = h[1]\n    x = A[i]\n    return\n`, "bad.py:6:11: constant array `A` needs a compile-time index, got the runtime `i`"],
  ["HeapBuf size folded late", `A = [1, 2]\n\ndef main():\n    h = HeapBuf(4 * len(A))\n    return\n`, "bad.py:4:9: HeapBuf(4 * len(A)): this size is an integer known only when lowering, and a size not folded when parsing is a runtime g-power (g^k for k cells): write HeapBuf(GEN ** (4 * len(A)))"],
  ["constant not captured by a loop", `def main():\n    h = HeapBuf(8)\n    c = 5\n    for i in mul_range(1, GEN ** 3):\n        h[i] = i * c\n    return\n`, "bad.py:5:20: `c` is a compile-time constant of the function around this mul_range loop, and a loop body (a frame of its own) receives only runtime values: give it a cell outside the loop (e.g. read it from a HeapBuf), or compute it inside the body"],
  ["stack store cycle", `def main():\n    s = StackBuf(2)\n    s[1] = s[0]\n    s[0] = s[1]\n    x = s[0] * GEN\n    return\n`, "bad.py:5:5: stack cells defined only by each other, with no value: s[0] = s[1] = s[0] (give one of them a value first)"],
  ["stack store into itself", `def main():\n    s = StackBuf(2)\n    s[0] = s[0]\n    o = StackBuf(2)\n    blake2s(s, s, o)\n    return\n`, "bad.py:5:5: stack cells defined only by each other, with no value: s[0] = s[0] (give one of them a value first)"],
];

describe('zkDSL compile errors', () => {
  for (const [name, src, message] of BAD) {
    it(name, () => {
      let err: unknown;
      try {
        compileSource(src, { file: 'bad.py' });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ZkdslError);
      expect((err as ZkdslError).message).toBe(message);
    });
  }

  it('names the file it was given', () => {
    expect(() => compileSource('def f():\n    return\n', { file: 'dir/prog.py' })).toThrow(/^dir\/prog\.py:1:1: /);
  });

  it('a placeholder that is filled compiles, and its value can be any source text', () => {
    const src = 'N = N_PLACEHOLDER\n\ndef main():\n    s = StackBuf(N)\n    s[N - 1] = 1\n    return\n';
    expect(() => compileSource(src, { defines: new Map([['N_PLACEHOLDER', '2 * 3']]) })).not.toThrow();
    expect(() => compileSource(src, { defines: new Map([['N_PLACEHOLDER', 'GEN']]) })).toThrow(/^<source>:1:5: global constant `N`: not a compile-time integer expression/);
  });
});
