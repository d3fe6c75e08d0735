// Children for the node program's pieces: real VM proofs (the VM vectors, and a leaf aggregate
// proved here by `aggregate`), and the node program compiled with its line map, so a failed run
// names the source line of the assertion that stopped it.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ExecutionError } from '../../../src/vm/errors';
import { execute, type Execution } from '../../../src/vm/execute';
import { parseProgram, type Program } from '../../../src/vm/program';
import { parsePublicInputJson, type PublicInput } from '../../../src/vm/public-input';
import { type AggregateSigner, aggregate, aggregationProgram, digestPublicInput, statementDigest } from '../../../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../../src/xmss';
import { StdRng } from '../../../src/util/std-rng';
import { compileSource, type CompiledSource } from '../../../src/zkdsl/index';
import { nodeWitness } from '../../../src/workloads/recursion/guest/node-witness';
import { gPow } from '../../../src/workloads/recursion/guest/streams';
import { POINT_CLAIMS, type WhirRecord } from '../../../src/workloads/recursion/guest/whir';
import { whirConfig } from '../../../src/pcs/whir/config';
import { childShapeProblem } from '../../../src/workloads/recursion/guest/windows';
import type { NodeProgram } from '../../../src/workloads/recursion/node-program';
import { randomBytes, xorshift32 } from '../../hash/prng';
import { sameUnderEveryRunner } from '../../vm/runners';
import { vmBytes, vmText } from '../../vm/vm-vectors';
import { nativeOrCpu } from '../../native/fast-backend';

export interface Child {
  readonly name: string;
  readonly program: Program;
  readonly publicInput: PublicInput;
  readonly proof: Uint8Array;
}

export function vectorChild(name: string): Child {
  return { name, program: parseProgram(vmText(name, 'program.json')), publicInput: parsePublicInputJson(vmText(name, 'public.json')), proof: vmBytes(name, 'proof') };
}

/** `n` fresh signers of (message, epoch), their keys good for epochs epoch ..= epoch + 1. */
export function freshSigners(next: () => number, message: Uint8Array, epoch: number, n: number): AggregateSigner[] {
  return Array.from({ length: n }, (_, i) => {
    const key = xmssKeyGen(randomBytes(next, 32), epoch, epoch + 1);
    return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(i, 0)).signature };
  });
}

/** A leaf aggregate of `n` fresh signers, proved on native where it is built (else cpu). */
export async function leafChild(n: number): Promise<Child> {
  const next = xorshift32(0x72656367);
  const message = randomBytes(next, 32);
  const epoch = 5;
  const signers = freshSigners(next, message, epoch, n);
  const backend = await nativeOrCpu('recursion-guest');
  try {
    const { aggregate: agg } = await aggregate({ message, epoch, signers }, { backend });
    const publicInput = digestPublicInput(statementDigest(message, epoch, agg.publicKeys));
    return { name: `leaf of ${n}`, program: aggregationProgram(), publicInput, proof: agg.proof };
  } finally {
    backend.dispose();
  }
}

export const NODE_SOURCE = readFileSync(new URL('../../../programs/aggregate-node.py', import.meta.url), 'utf8');
/** A numeric constant `NAME = 123` of the node program's source. */
export const nodeConstant = (name: string): bigint => BigInt(new RegExp(`^${name} = (\\d+)$`, 'm').exec(NODE_SOURCE)![1]);
let compiled: CompiledSource | undefined;
export function nodeProgram(): CompiledSource {
  compiled ??= compileSource(NODE_SOURCE, { file: 'programs/aggregate-node.py' });
  return compiled;
}

/** The pieces' test variant: the node program's source with its main (the file's last function)
 * replaced by pieces.py, whose main dispatches on the hint `piece`. Lines before main keep their
 * numbers, so a failed piece names the node program's own line. */
export const PIECES_SOURCE = ((): string => {
  const at = NODE_SOURCE.indexOf('\ndef main():\n');
  if (at < 0 || NODE_SOURCE.indexOf('\ndef ', at + 1) >= 0) throw new Error('programs/aggregate-node.py: main is not its last function');
  return NODE_SOURCE.slice(0, at + 1) + readFileSync(new URL('./pieces.py', import.meta.url), 'utf8');
})();
let pieces: CompiledSource | undefined;
export function piecesProgram(): CompiledSource {
  pieces ??= compileSource(PIECES_SOURCE, { file: 'programs/aggregate-node.py (pieces)' });
  return pieces;
}

/** The node program with the node layer's witness builder, as proveNode takes it. */
export const nodeRecord = (): NodeProgram => ({ program: nodeProgram().program, guestWitness: nodeWitness, childShapeProblem });

export type Streams = Map<string, Uint32Array[][]>;

/** The streams with one cell of one entry replaced by f(cell). */
export function tampered(streams: Streams, name: string, entry: number, cell: number, f: (c: Uint32Array) => void): Streams {
  const out: Streams = new Map([...streams].map(([k, v]) => [k, v.map((e) => e.slice())]));
  const c = out.get(name)![entry][cell].slice();
  f(c);
  out.get(name)![entry][cell] = c;
  return out;
}

/** The streams with one entry replaced. */
export function replaced(streams: Streams, name: string, entry: number, value: Uint32Array[]): Streams {
  const out: Streams = new Map([...streams].map(([k, v]) => [k, v.map((e) => e.slice())]));
  out.get(name)![entry] = value;
  return out;
}

/** A ceil_log-checked log m, hinted as g^(m - base) in `name`'s entry, moved to m + 1 with the
 * bits of 2^(m + 1) - w cut to the m bits its check takes (ceil_bits' entry, m - 1 bits for m):
 * no m bits make that difference. */
export function logOneMore(streams: Streams, name: string, entry: number, base: number, ceilEntry: number): Streams {
  const bits = streams.get('ceil_bits')![ceilEntry];
  const m = bits.length + 1;
  const w = 2 ** m - bits.reduce((n, c, i) => n + c[0] * 2 ** i, 0);
  const cut = (2 ** (m + 1) - w) % 2 ** m;
  return replaced(replaced(streams, name, entry, [gPow(m + 1 - base)]), 'ceil_bits', ceilEntry, Array.from({ length: m }, (_, b) => Uint32Array.of(Math.floor(cut / 2 ** b) % 2, 0, 0, 0, 0, 0)));
}

/** Streams with a `piece` run the pieces' variant; the others (a node's) the node program. */
const isPiece = (streams: Streams): boolean => streams.has('piece');

/** The run, the same by the interpreter alone and with the native stepper (../../vm/runners.ts). */
export function run(streams: Streams, publicInput: PublicInput | null = null): Execution {
  const { program } = isPiece(streams) ? piecesProgram() : nodeProgram();
  return sameUnderEveryRunner((steps) => execute(program, publicInput, { witness: streams, steps }));
}

/** The run fails, and the instruction that failed was lowered from the source line holding `line`. */
export function expectFailsAt(streams: Streams, kind: ExecutionError['kind'], line: string, publicInput: PublicInput | null = null): void {
  let err: unknown;
  try {
    run(streams, publicInput);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(ExecutionError);
  const ex = err as ExecutionError;
  expect(ex.kind, ex.message).toBe(kind);
  expect(ex.line, ex.message).not.toBeNull();
  expect((isPiece(streams) ? PIECES_SOURCE : NODE_SOURCE).split('\n')[ex.line! - 1].trim()).toBe(line);
}

/** Where a child's stacked WHIR opening reads its `fs` entries, in whirWitness's order: after
 * child_to_ring's, the point claims' values, the target, the first polynomial (the root's halves
 * are the record's, not hinted); per level its folds' (c0, c2), then the next root's halves and
 * the OOD (y, c0, c2) or the residual, the grinding nonce, the queries' (c0, c2); the last
 * level's tail polynomials. */
export function whirLayout(rec: WhirRecord) {
  const levels = whirConfig(rec.logN, 1).levels;
  const last = levels.length - 1;
  const starts: number[] = [];
  let k = rec.fsStart + POINT_CLAIMS + 3;
  levels.forEach((l, i) => {
    starts.push(k);
    k += 2 * l.fold + (i < last ? 5 : 2 ** l.logMsgCols) + 1 + 2;
  });
  const fold = (i: number, j: number) => starts[i] + 2 * j;
  // the next root's first half, or the residual's first value
  const next = (i: number) => starts[i] + 2 * levels[i].fold;
  const ood = (i: number) => next(i) + 2;
  const nonce = (i: number) => next(i) + (i < last ? 5 : 2 ** levels[i].logMsgCols);
  const tailEnd = nonce(last) + 3 + 2 * (levels[last].logMsgCols - 1);
  return { levels, last, target: rec.fsStart + POINT_CLAIMS, fold, next, ood, nonce, tailEnd };
}
