// The deferred-claim batch (docs/recursion.md §2.3, §3): the prover's stream (its rounds on the
// cpu backend; the native backend's stream the same bytes) passes the TypeScript verifier and
// yields the prover's claims, which are true when evaluated natively; the hints cut the stream
// as the node program reads it; and every tamper is caught — a wrong input value or point, a
// changed round coefficient or final value, a false claim sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createNativeBackend } from '../../src/backend/native/index';
import { eAdd, eEq, eOne } from '../../src/field/e';
import { VerificationError } from '../../src/transcript/errors';
import { bytecodeMultilinear } from '../../src/vm/bytecode';
import { type ChildClaims, verifyBatch } from '../../src/workloads/recursion/batch';
import { batchHints } from '../../src/workloads/recursion/batch-hints';
import { type BatchProof, proveBatch as proveOn } from '../../src/workloads/recursion/batch-prove';
import { claimScalars, MATRIX_VARS, type NodeClaims } from '../../src/workloads/recursion/claims';
import { bytecodeValue, matrixValues } from '../../src/workloads/recursion/native-claims';
import { describeNative } from '../native/native';
import { leafProgram, mixedChildren, nodeProgram, rng, shape, syntheticCarried, syntheticFresh } from './fixtures';

const bytecodes = { leaf: bytecodeMultilinear(leafProgram), node: bytecodeMultilinear(nodeProgram) };
const cpu = createCpuBackend();
const proveBatch = (children: readonly ChildClaims[]): Promise<BatchProof> => proveOn(cpu, children, shape, bytecodes);
const bump = (x: Uint32Array, at = 0): Uint32Array => {
  const y = x.slice();
  y.set(eAdd(y.subarray(at, at + 6), eOne()), at);
  return y;
};

/** Every claim of a node true natively. */
function expectTrue(c: NodeClaims): void {
  expect(eEq(bytecodeValue(leafProgram, c.leafBytecode.point), c.leafBytecode.value)).toBe(true);
  expect(eEq(bytecodeValue(nodeProgram, c.nodeBytecode.point), c.nodeBytecode.value)).toBe(true);
  const m = matrixValues(c.matrix.point);
  expect(eEq(m.a, c.matrix.a) && eEq(m.b, c.matrix.b)).toBe(true);
}

const fails = (children: readonly ChildClaims[], stream: Uint32Array, what: RegExp): void => {
  expect(() => verifyBatch(children, shape, stream)).toThrow(VerificationError);
  expect(() => verifyBatch(children, shape, stream)).toThrow(what);
};

describe('deferred-claim batch', () => {
  const children = mixedChildren();
  let proof: BatchProof;
  beforeAll(async () => {
    proof = await proveBatch(children);
  });


  it('round trip: verified, the prover\'s claims, true natively', () => {
    const claims = verifyBatch(children, shape, proof.stream);
    expect(Array.from(claimScalars(claims))).toEqual(Array.from(claimScalars(proof.claims)));
    expectTrue(claims);
    expect(claims.leafBytecode.point.length / 6).toBe(shape.leafVars);
    expect(claims.nodeBytecode.point.length / 6).toBe(shape.nodeVars);
    expect(claims.matrix.point.length / 6).toBe(MATRIX_VARS);
  });

  it('leaves only: no node-bytecode rounds, its claim (0, 0); a node over 16 children', async () => {
    const next = rng(3);
    const leaves: ChildClaims[] = [0, 1].map(() => ({ kind: 'leaf', fresh: syntheticFresh(next, leafProgram) }));
    const p = await proveBatch(leaves);
    const claims = verifyBatch(leaves, shape, p.stream);
    expectTrue(claims);
    expect(claims.nodeBytecode.point.every((w) => w === 0) && claims.nodeBytecode.value.every((w) => w === 0)).toBe(true);
    expect(p.stream.length / 6).toBe(2 * shape.leafVars + 1 + 2 * MATRIX_VARS + 2);
    const hints = batchHints(leaves, shape, p);
    expect(hints.get('batch_node_rounds')).toEqual([]);
    expect(hints.get('child_claims')).toEqual([]);
    const sixteen: ChildClaims[] = Array.from({ length: 16 }, (_, i) =>
      i % 2 === 0 ? { kind: 'leaf', fresh: syntheticFresh(next, leafProgram) } : { kind: 'node', fresh: syntheticFresh(next, nodeProgram), carried: syntheticCarried(next) });
    const big = await proveBatch(sixteen);
    expectTrue(verifyBatch(sixteen, shape, big.stream));
    await expect(proveBatch([...sixteen, sixteen[0]])).rejects.toThrow(/1 to 16 children/);
  });

  it('the hints: the stream in order, a node child\'s carried claims', () => {
    const hints = batchHints(children, shape, proof);
    expect(hints.get('batch_leaf_rounds')!.length).toBe(shape.leafVars);
    expect(hints.get('batch_node_rounds')!.length).toBe(shape.nodeVars);
    expect(hints.get('batch_matrix_rounds')!.length).toBe(MATRIX_VARS);
    expect(hints.get('batch_matrix_values')).toEqual([[proof.claims.matrix.a, proof.claims.matrix.b]]);
    expect(hints.get('batch_leaf_value')).toEqual([[proof.claims.leafBytecode.value]]);
    const flat = [...hints.entries()].filter(([n]) => n.startsWith('batch_')).flatMap(([, e]) => e.flat());
    expect(flat.map((e) => Array.from(e)).flat()).toEqual(Array.from(proof.stream));
    expect(hints.get('child_claims')!.map((e) => e.map((w) => Array.from(w)).flat())).toEqual([Array.from(claimScalars(children[1].carried!))]);
  });

  it('a wrong input value or point is rejected (each polynomial, fresh and carried)', async () => {
    const node = children[1];
    const c = node.carried!;
    const variants: [string, ChildClaims[]][] = [
      ['leaf fresh value', [{ ...children[0], fresh: { ...children[0].fresh, bytecode: { ...children[0].fresh.bytecode, value: bump(children[0].fresh.bytecode.value) } } }, node, children[2]]],
      ['leaf fresh point', [{ ...children[0], fresh: { ...children[0].fresh, bytecode: { ...children[0].fresh.bytecode, point: bump(children[0].fresh.bytecode.point, 6) } } }, node, children[2]]],
      ['carried leaf value', [children[0], { ...node, carried: { ...c, leafBytecode: { ...c.leafBytecode, value: bump(c.leafBytecode.value) } } }, children[2]]],
      ['node fresh value', [children[0], { ...node, fresh: { ...node.fresh, bytecode: { ...node.fresh.bytecode, value: bump(node.fresh.bytecode.value) } } }, children[2]]],
      ['carried node point', [children[0], { ...node, carried: { ...c, nodeBytecode: { ...c.nodeBytecode, point: bump(c.nodeBytecode.point, 0) } } }, children[2]]],
      ['matrix term value', [children[0], node, { ...children[2], fresh: { ...children[2].fresh, matrix: { ...children[2].fresh.matrix, value: bump(children[2].fresh.matrix.value) } } }]],
      ['matrix term slice', [children[0], node, { ...children[2], fresh: { ...children[2].fresh, matrix: { ...children[2].fresh.matrix, s: bump(children[2].fresh.matrix.s, 60) } } }]],
      ['carried a', [children[0], { ...node, carried: { ...c, matrix: { ...c.matrix, a: bump(c.matrix.a) } } }, children[2]]],
      ['carried b', [children[0], { ...node, carried: { ...c, matrix: { ...c.matrix, b: bump(c.matrix.b) } } }, children[2]]],
      ['carried matrix point', [children[0], { ...node, carried: { ...c, matrix: { ...c.matrix, point: bump(c.matrix.point, 6 * 20) } } }, children[2]]],
    ];
    for (const [what, bad] of variants) {
      // The honest stream no longer fits the changed claims ...
      expect(() => verifyBatch(bad, shape, proof.stream), what).toThrow(VerificationError);
      // ... and a prover run on them ends in a claim that is false (or fails the terminal).
      let claims: NodeClaims | undefined;
      try {
        claims = verifyBatch(bad, shape, (await proveBatch(bad)).stream);
      } catch (e) {
        if (!(e instanceof VerificationError)) throw e;
      }
      if (claims !== undefined) expect(() => expectTrue(claims!), what).toThrow();
    }
  });

  it('a changed round coefficient or final value is rejected', () => {
    const n = proof.stream.length / 6;
    const at = [0, 1, 2 * shape.leafVars - 1, 2 * shape.leafVars, 2 * shape.leafVars + 1, n - 2 * MATRIX_VARS - 2, n - 3, n - 2, n - 1];
    for (const s of at) fails(children, bump(proof.stream, 6 * s), /deferred-claim batch/);
    fails(children, proof.stream.slice(0, -6), /stream exhausted/);
    fails(children, Uint32Array.of(...proof.stream, 0, 0, 0, 0, 0, 0), /not fully consumed/);
  });
});

describeNative('the batch on the native backend', (module) => {
  it('gives the cpu backend\'s stream at 1 and 2 threads', async () => {
    const children = mixedChildren();
    const want = (await proveBatch(children)).stream;
    for (const threads of [1, 2]) {
      const native = createNativeBackend(module, { threads });
      try {
        expect(Array.from((await proveOn(native, children, shape, bytecodes)).stream), `${threads} threads`).toEqual(Array.from(want));
      } finally {
        await native.dispose();
      }
    }
  });
});
