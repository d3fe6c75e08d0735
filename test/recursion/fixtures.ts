// Children's claims for the recursion tests: real fresh claims from the VM vectors' proofs (hash's
// program standing in for the leaf program, arith's for the node program) and synthetic true ones
// at random points, every value computed natively.
import { matrixTerm } from '../../src/flock/lincheck/verifier';
import { parseProof } from '../../src/transcript/proof';
import { parseProgram, type Program } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { type DeferredClaims, recordingSink } from '../../src/vm/verify/deferred';
import { verifyExecution, vmVerifierState } from '../../src/vm/verify/verify';
import type { ChildClaims } from '../../src/workloads/recursion/batch';
import { bytecodeVars, type ClaimShape, MATRIX_VARS, type NodeClaims } from '../../src/workloads/recursion/claims';
import { bytecodeValue, matrixValues } from '../../src/workloads/recursion/native-claims';
import { randomE, xorshift32 } from '../flock/helpers';
import { vmBytes, vmText } from '../vm/vm-vectors';

export const leafProgram: Program = parseProgram(vmText('hash', 'program.json'));
export const nodeProgram: Program = parseProgram(vmText('arith', 'program.json'));
export const shape: ClaimShape = {
  leafVars: bytecodeVars(Math.log2(leafProgram.bytecode.length)),
  nodeVars: bytecodeVars(Math.log2(nodeProgram.bytecode.length)),
};

/** A vector proof's fresh claims, from the verifier's deferred mode. */
export function freshClaims(name: 'hash' | 'arith'): DeferredClaims {
  const program = parseProgram(vmText(name, 'program.json'));
  const pi = parsePublicInputJson(vmText(name, 'public.json'));
  const proof = parseProof(vmBytes(name, 'proof'));
  const sink = recordingSink();
  verifyExecution(vmVerifierState(program, pi, proof), program, pi, proof, sink);
  return sink.claims();
}

export const rng = (seed: number): (() => number) => xorshift32(seed);

/** True fresh claims at random points: a bytecode share of `program` and a matrix term. */
export function syntheticFresh(next: () => number, program: Program): DeferredClaims {
  const point = randomE(next, bytecodeVars(Math.log2(program.bytecode.length)));
  const m = { z: randomE(next, 1), chiIn: randomE(next, 8), alpha: randomE(next, 1), chiInPrime: randomE(next, 8), s: randomE(next, 64) };
  return { bytecode: { point, value: bytecodeValue(program, point) }, matrix: { ...m, value: matrixTerm(m) } };
}

/** True carried claims at random points. */
export function syntheticCarried(next: () => number): NodeClaims {
  const lp = randomE(next, shape.leafVars), np = randomE(next, shape.nodeVars), mp = randomE(next, MATRIX_VARS);
  return {
    leafBytecode: { point: lp, value: bytecodeValue(leafProgram, lp) },
    nodeBytecode: { point: np, value: bytecodeValue(nodeProgram, np) },
    matrix: { point: mp, ...matrixValues(mp) },
  };
}

/** Three children: a real leaf, a node (real fresh claims, carried at random points), a synthetic leaf. */
export function mixedChildren(seed = 7): ChildClaims[] {
  const next = rng(seed);
  return [
    { kind: 'leaf', fresh: freshClaims('hash') },
    { kind: 'node', fresh: freshClaims('arith'), carried: syntheticCarried(next) },
    { kind: 'leaf', fresh: syntheticFresh(next, leafProgram) },
  ];
}
