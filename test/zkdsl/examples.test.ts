// The programs in examples/: each compiles, runs, and publishes what its header says, checked
// against a TypeScript computation of the same thing (g^(F_N) by integer Fibonacci, digests by
// the project's BLAKE2s). The Fibonacci template compiles at three sizes into three programs.
// (Proving them joins when the VM prover lands.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { E } from '../../src/field/e';
import { blake2s } from '../../src/hash/blake2s';
import { ExecutionError } from '../../src/vm/errors';
import { execute, type Execution } from '../../src/vm/execute';
import { programToJson } from '../../src/vm/program';
import { compileSource, readAnnotations } from '../../src/zkdsl';
import { gPow, litWord } from '../../src/zkdsl/words';

const example = (name: string) => readFileSync(new URL(`../../examples/${name}.py`, import.meta.url), 'utf8');
const published = (x: Execution): E[] => [0, 1].map((c) => x.memory.slice(6 * c, 6 * c + 6));

/** A word's low 128 bits as 16 little-endian bytes (a message or digest chunk). */
function chunk(w: E): Uint8Array {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  for (let i = 0; i < 4; i++) v.setUint32(4 * i, w[i], true);
  return b;
}
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
/** A 32-byte digest as its two cells. */
const cells = (d: Uint8Array): E[] => [0, 16].map((o) => litWord([...d.subarray(o, o + 16)].reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n)));

function runClean(src: string, file: string) {
  const { program, publicInput } = compileSource(src, { file });
  const x = execute(program, publicInput);
  expect(x.unconstrainedReads).toEqual([]);
  expect(x.taus).not.toBeNull();
  return { program, x };
}

describe('examples/fibonacci.py: one template, three sizes', () => {
  const fib = (n: number) => {
    let [a, b] = [0n, 1n];
    for (let i = 0; i < n; i++) [a, b] = [b, a + b];
    return a;
  };
  const jsons = new Set<string>();
  for (const n of [10, 24, 40]) {
    it(`N = ${n} publishes g^F(${n - 1}) and g^F(${n})`, () => {
      const { program } = compileSource(example('fibonacci'), { file: 'fibonacci.py', defines: new Map([['N_PLACEHOLDER', String(n)]]) });
      jsons.add(programToJson(program));
      const x = execute(program, null);
      expect(x.unconstrainedReads.filter((c) => c > 1)).toEqual([]);
      expect(published(x)).toEqual([gPow(fib(n - 1)), gPow(fib(n))]);
      // The run publishes these words; the same run with them as its public input checks them.
      const checked = execute(program, [gPow(fib(n - 1)), gPow(fib(n))]);
      expect(checked.unconstrainedReads).toEqual([]);
      expect(() => execute(program, [gPow(fib(n)), gPow(fib(n))])).toThrow(ExecutionError);
    });
  }
  it('gives three different programs', () => expect(jsons.size).toBe(3));
});

describe('examples/blake2s_message.py', () => {
  it('publishes the BLAKE2s-256 of the hinted 144-byte message', () => {
    const src = example('blake2s_message');
    const { program, x } = runClean(src, 'blake2s_message.py');
    const msg = cat(...readAnnotations(src).witness.get('msg')![0].map(chunk));
    expect(msg.length).toBe(144);
    expect(published(x)).toEqual(cells(blake2s(msg)));
    // Three compressions, their counters from the COUNTERS array.
    const counters = program.bytecode.filter((i) => i.op === 'BLAKE2S' && i.metadata[0] !== 0).map((i) => (i.op === 'BLAKE2S' ? i.metadata[0] : 0));
    expect(counters).toEqual([64, 128, 144]);
  });

  it('rejects another message against the same digest', () => {
    const src = example('blake2s_message');
    const { program, publicInput } = compileSource(src);
    const other = readAnnotations(src).witness.get('msg')![0].map((w, i) => (i === 3 ? litWord(5n) : w));
    expect(() => execute(program, publicInput, { witness: new Map([['msg', [other]]]) })).toThrow(ExecutionError);
  });
});

describe('examples/merkle_path.py', () => {
  const src = example('merkle_path');
  const notes = readAnnotations(src);

  it('publishes the root of the path from the hinted leaf, index and siblings', () => {
    const { x } = runClean(src, 'merkle_path.py');
    let node = blake2s(cat(...notes.witness.get('record')![0].map(chunk)));
    const index = 19;
    notes.witness.get('sibling')!.forEach((s, j) => {
      const sib = cat(...s.map(chunk));
      node = blake2s((index >> j) & 1 ? cat(sib, node) : cat(node, sib));
    });
    expect(published(x)).toEqual(cells(node));
  });

  it('rejects a wrong index, and an index past 2^DEPTH', () => {
    const { program, publicInput } = compileSource(src);
    for (const bad of [18n, 19n + 32n]) {
      expect(() => execute(program, publicInput, { witness: new Map([['index', [[litWord(bad)]]]]) })).toThrow(ExecutionError);
    }
  });
});
