// The built-in node program (src/workloads/recursion/compiled-node.ts): programs/aggregate-node.py
// compiled when the bundle is built, in the tests' modules and in the built bundle alike, is what
// our compiler makes of the committed source, and its bytecode hashes to the pinned
// NODE_PROGRAM_DIGEST that every node carries as H_N — the reference compiler's digest for the same
// source (test/workloads/fixtures/README.md). The default record pairs it with the real witness
// builder.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blake2s } from '../../../src/hash/blake2s';
import { bytecodeHash } from '../../../src/vm/bytecode';
import { type Program, programToJson } from '../../../src/vm/program';
import { compiledNodeProgram, NODE_PROGRAM_DIGEST } from '../../../src/workloads/recursion/compiled-node';
import { nodeWitness } from '../../../src/workloads/recursion/guest/node-witness';
import { defaultNodeProgram } from '../../../src/workloads/recursion/node-program';
import { nodeProgram } from './children';

/** The source the reference compiler was run on (test/workloads/fixtures/README.md). */
const SOURCE_BLAKE2S = '1046ab2216413594a469363f0ee5d2b3ebb49ef15ec73ddaecc10869a270b75a';
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('the built-in node program', () => {
  it('is the source the reference compiler agreed on', () => {
    expect(hex(blake2s(new Uint8Array(readFileSync(new URL('../../../programs/aggregate-node.py', import.meta.url)))))).toBe(SOURCE_BLAKE2S);
  });

  it("is our compiler's output for the committed source, byte for byte, and hashes to the pinned digest", () => {
    const fromSource = nodeProgram().program;
    expect(bytecodeHash(fromSource)).toBe(NODE_PROGRAM_DIGEST);
    expect(programToJson(compiledNodeProgram())).toBe(programToJson(fromSource));
    expect(fromSource.bytecode.length).toBe(2 ** 19);
  });

  it('is what the built bundle carries, and the default record pairs it with the real witness builder', async () => {
    const bundle = (await import(new URL('../../../dist/node/index.js', import.meta.url).href)) as { compiledNodeProgram: () => Program; NODE_PROGRAM_DIGEST: string };
    expect(bundle.NODE_PROGRAM_DIGEST).toBe(NODE_PROGRAM_DIGEST);
    expect(bytecodeHash(bundle.compiledNodeProgram())).toBe(NODE_PROGRAM_DIGEST);
    expect(defaultNodeProgram()).toMatchObject({ program: compiledNodeProgram(), guestWitness: nodeWitness });
  });
});
