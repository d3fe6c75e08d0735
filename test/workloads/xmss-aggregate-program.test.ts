// The reference compiler's output for programs/aggregate-xmss.py (test/workloads/fixtures): it
// reads back to its own bytes, it is the compilation of the committed source (ours, and the
// program the library embeds compiled at build time, in the tests' modules and in the built
// bundle, and pins), and its bytecode
// has the shape docs/xmss-aggregation.md §7 describes (one arm per pair of digits, each walking
// exactly its steps).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { blake2s } from '../../src/hash/blake2s';
import type { Blake2sOp } from '../../src/vm/isa';
import { parseProgram, type Program, programToJson } from '../../src/vm/program';
import { unpackProgram } from '../../src/vm/program-pack';
import { AGGREGATE_PROGRAM_DIGEST, aggregationProgram } from '../../src/workloads/xmss-aggregate';
import { compileSource } from '../../src/zkdsl/index';
import packed from '../../programs/aggregate-xmss.py?compiled';

const SOURCE_BLAKE2S = 'ed3b8bf67c6975ea7540476608c64035f54b42a70fe380b4ec14f629b725b9ae';
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const text = gunzipSync(readFileSync(new URL('./fixtures/aggregate-xmss.program.json.gz', import.meta.url))).toString('utf8');
const program = parseProgram(text);

describe('the compiled aggregation program', () => {
  it('reads back to its own bytes, with no witness of its own', () => {
    expect(programToJson(program)).toBe(text);
    expect(program.bytecode.length).toBe(2 ** 15);
    expect(program.witness.size).toBe(0);
  });

  it('was compiled from the committed source', () => {
    const source = readFileSync(new URL('../../programs/aggregate-xmss.py', import.meta.url));
    expect(hex(blake2s(new Uint8Array(source)))).toBe(SOURCE_BLAKE2S);
  });

  it('is what our compiler makes of the source, byte for byte: the library\'s embedded program, whose digest it pins', () => {
    const source = readFileSync(new URL('../../programs/aggregate-xmss.py', import.meta.url), 'utf8');
    expect(programToJson(compileSource(source, { file: 'aggregate-xmss.py' }).program)).toBe(text);
    expect(programToJson(aggregationProgram())).toBe(text);
    expect(AGGREGATE_PROGRAM_DIGEST).toBe(JSON.parse(text).bytecode_hash);
  });

  it('is what the built bundle carries (esbuild compiles it, packed, at build time)', async () => {
    expect(programToJson(unpackProgram(packed()))).toBe(text);
    const bundle = (await import(new URL('../../dist/node/index.js', import.meta.url).href)) as { aggregationProgram: () => Program };
    expect(programToJson(bundle.aggregationProgram())).toBe(text);
  });

  it('has one arm per digit pair and chain pair, walking 7 − a + 7 − b chain steps', () => {
    const hashes = program.bytecode.filter((i): i is Blake2sOp => i.op === 'BLAKE2S');
    const counter = (i: Blake2sOp) => i.metadata[0] + 2 ** 32 * i.metadata[1];
    const final = (i: Blake2sOp) => i.metadata[2] === 0xffffffff;
    const count = (c: number, f: boolean) => hashes.filter((i) => counter(i) === c && final(i) === f).length;
    // 21 pairs × Σ over the 64 arms of (7 − a) + (7 − b) = 21 × 448 chain steps, each final at 48 bytes
    expect(count(48, true)).toBe(21 * 448);
    // the leaf's last block sits in each of the 16 arms of the first Merkle dispatch
    expect(count(704, true)).toBe(16);
    // the other Merkle hashes (3 in each arm of the first dispatch, 4 in each arm of the 7 others, the
    // root's), K_0 and the key chain's
    expect(count(64, true)).toBe(16 * 3 + 7 * 16 * 4 + 1 + 2);
    for (const [c, f, n] of [[96, true, 1], [128, true, 1], [64, false, 3]] as const) expect(count(c, f)).toBe(n);
    for (let q = 2; q <= 10; q++) expect(count(64 * q, false)).toBe(1);
  });
});
