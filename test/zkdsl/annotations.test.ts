// The `# public_input:` and `# witness NAME:` annotations of a program file, read as the
// reference's harness reads them: constant words, one witness line per stream entry.
import { describe, expect, it } from 'vitest';
import { readAnnotations, ZkdslError, compileSource } from '../../src/zkdsl';
import { gPow, litWord } from '../../src/zkdsl/words';
import { eAdd, eMul } from '../../src/field/e';

describe('zkDSL annotations', () => {
  it('reads the public input and the witness streams, entries in file order', () => {
    const src = [
      '# public_input: GEN ** 89, 5 + GEN * 3',
      '# witness a: 1, GEN ** 2',
      '# witness b: 340282366920938463463374607431768211455',
      '    # witness a: 18446744073709551616',
      'def main():',
      '    # witness coordinates are rotated here: a comment, not an annotation',
      '    return',
    ].join('\n');
    const notes = readAnnotations(src);
    expect(notes.publicInput).toEqual([gPow(89), eAdd(litWord(5n), eMul(gPow(1), litWord(3n)))]);
    expect(notes.witness.get('a')).toEqual([[litWord(1n), gPow(2)], [litWord(1n << 64n)]]);
    expect(notes.witness.get('b')).toEqual([[litWord((1n << 128n) - 1n)]]);
    expect([...notes.witness.keys()]).toEqual(['a', 'b']);
    const { program, publicInput } = compileSource(src);
    expect(publicInput).toEqual(notes.publicInput);
    expect(program.witness).toEqual(notes.witness);
  });

  it('no annotations: no public input, no streams', () => {
    expect(readAnnotations('def main():\n    return\n')).toEqual({ publicInput: null, witness: new Map() });
  });

  it('rejects a malformed annotation with its line', () => {
    expect(() => compileSource('# public_input: 1\ndef main():\n    return\n', { file: 'p.py' })).toThrow(new ZkdslError('p.py', { line: 1, col: 1 }, '`# public_input:` needs two words separated by a comma, got 1'));
    expect(() => compileSource('\n# witness w: x + 1\ndef main():\n    return\n', { file: 'p.py' })).toThrow(/^p\.py:2:1: annotation: `x \+ 1` is not a constant word/);
    expect(() => readAnnotations('# witness w: 2 ** 64', 'q.py')).toThrow(/^q\.py:1:1: annotation: `2 \*\* 64` is not a constant word/);
  });
});
