// The VM verifier's deferred mode (docs/recursion.md §2.1): on every vector it reads what the plain
// verifier reads and hands on the bytecode share and Flock's matrix term as claims, which are
// true; a wrong claim (value or point) fails the native check with the plain verifier's reason;
// and deferring then evaluating decides every mutated proof as the plain verifier does.
import { describe, expect, it } from 'vitest';
import { eAdd, eOne } from '../../src/field/e';
import { checkMatrixTerm } from '../../src/flock/lincheck/verifier';
import { VerificationError } from '../../src/transcript/errors';
import { parseProof, type Proof, serializeProof } from '../../src/transcript/proof';
import { bytecodeMultilinear } from '../../src/vm/bytecode';
import { parseProgram, type Program } from '../../src/vm/program';
import { parsePublicInputJson, type PublicInput } from '../../src/vm/public-input';
import { AIR_TERMINAL_FAILS, checkBytecodeClaim, type DeferredClaims, nativeSink, recordingSink } from '../../src/vm/verify/deferred';
import { bytecodeAt } from '../../src/vm/verify/bytecode-at';
import { verifyExecution, verifyProgram, vmVerifierState } from '../../src/vm/verify/verify';
import { VM_PROGRAMS, vmBytes, vmText } from './vm-vectors';

const load = (name: string): { program: Program; pi: PublicInput; bytes: Uint8Array } => ({
  program: parseProgram(vmText(name, 'program.json')),
  pi: parsePublicInputJson(vmText(name, 'public.json')),
  bytes: vmBytes(name, 'proof'),
});

/** Deferred verification: the claims, or the reason it failed before reaching them. */
function deferred(program: Program, pi: PublicInput, proof: Proof): { claims: DeferredClaims; scalars: number } | string {
  const sink = recordingSink();
  const vs = vmVerifierState(program, pi, proof);
  try {
    verifyExecution(vs, program, pi, proof, sink);
    return { claims: sink.claims(), scalars: vs.streamOffset };
  } catch (e) {
    if (e instanceof VerificationError) return e.message;
    throw e;
  }
}

/** Deferred verification, then the claims evaluated natively: valid or the reason. */
function deferredThenNative(program: Program, pi: PublicInput, proof: Proof): true | string {
  const d = deferred(program, pi, proof);
  if (typeof d === 'string') return d;
  try {
    checkBytecodeClaim(bytecodeMultilinear(program), d.claims.bytecode);
    checkMatrixTerm(d.claims.matrix);
    return true;
  } catch (e) {
    if (e instanceof VerificationError) return e.message;
    throw e;
  }
}

const throwsWith = (f: () => void, reason: RegExp | string): void => {
  expect(f).toThrow(VerificationError);
  expect(f).toThrow(reason);
};

describe('deferred mode on the vectors', () => {
  for (const name of VM_PROGRAMS) {
    it(`${name}: the same proof read, claims true, the share the native one`, () => {
      const { program, pi, bytes } = load(name);
      const proof = parseProof(bytes);
      const d = deferred(program, pi, proof);
      if (typeof d === 'string') throw new Error(d);
      expect(d.scalars).toBe(proof.stream.length / 6);
      const P = bytecodeMultilinear(program);
      expect(d.claims.bytecode.point.length / 6).toBe(Math.log2(program.bytecode.length) + 4);
      expect(Array.from(d.claims.bytecode.value)).toEqual(Array.from(bytecodeAt(P, d.claims.bytecode.point)));
      checkBytecodeClaim(P, d.claims.bytecode);
      checkMatrixTerm(d.claims.matrix);
      // recorded while checking natively: the same claims
      const sink = recordingSink(nativeSink(P));
      verifyExecution(vmVerifierState(program, pi, proof), program, pi, proof, sink);
      expect(Array.from(sink.claims().bytecode.value)).toEqual(Array.from(d.claims.bytecode.value));
      expect(Array.from(sink.claims().matrix.value)).toEqual(Array.from(d.claims.matrix.value));
    });
  }
});

describe('a wrong deferred claim fails the native check', () => {
  const { program, pi, bytes } = load('hash');
  const proof = parseProof(bytes);
  const d = deferred(program, pi, proof);
  if (typeof d === 'string') throw new Error(d);
  const { bytecode, matrix } = d.claims;
  const P = bytecodeMultilinear(program);
  const bump = (x: Uint32Array, at = 0): Uint32Array => {
    const y = x.slice();
    y.set(eAdd(y.subarray(at, at + 6), eOne()), at);
    return y;
  };
  it('the bytecode share: its value, or a coordinate of its point', () => {
    throwsWith(() => checkBytecodeClaim(P, { ...bytecode, value: bump(bytecode.value) }), AIR_TERMINAL_FAILS);
    for (const c of [0, bytecode.point.length / 6 - 1]) throwsWith(() => checkBytecodeClaim(P, { ...bytecode, point: bump(bytecode.point, 6 * c) }), AIR_TERMINAL_FAILS);
  });
  it('the matrix term: its value, z, α, a χ coordinate, a slice value', () => {
    const lincheck = /Flock lincheck terminal identity fails/;
    throwsWith(() => checkMatrixTerm({ ...matrix, value: bump(matrix.value) }), lincheck);
    throwsWith(() => checkMatrixTerm({ ...matrix, z: bump(matrix.z) }), lincheck);
    throwsWith(() => checkMatrixTerm({ ...matrix, alpha: bump(matrix.alpha) }), lincheck);
    throwsWith(() => checkMatrixTerm({ ...matrix, chiIn: bump(matrix.chiIn, 18) }), lincheck);
    throwsWith(() => checkMatrixTerm({ ...matrix, chiInPrime: bump(matrix.chiInPrime, 42) }), lincheck);
    throwsWith(() => checkMatrixTerm({ ...matrix, s: bump(matrix.s, 6 * 63) }), lincheck);
  });
  it('a sink whose share is wrong makes the AIR terminal fail', () => {
    const wrong = { ...nativeSink(P), share: (p: Uint32Array) => bump(bytecodeAt(P, p)) };
    throwsWith(() => verifyExecution(vmVerifierState(program, pi, proof), program, pi, proof, wrong), AIR_TERMINAL_FAILS);
  });
});

describe('deferring then evaluating decides as the plain verifier', () => {
  // Stream scalars spread over every stage of two proofs, each changed in one limb.
  for (const name of ['arith', 'hash'] as const) {
    it(`${name}: 60 one-scalar mutations, the same verdicts`, () => {
      const { program, pi, bytes } = load(name);
      const honest = parseProof(bytes);
      const n = honest.stream.length / 6;
      let seed = 0x9e3779b9;
      for (let k = 0; k < 60; k++) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        const at = Math.floor((k * n) / 60) + (seed % Math.max(1, Math.floor(n / 60)));
        const stream = honest.stream.slice();
        stream[6 * at + (seed % 6)] ^= 1 << (seed % 32);
        const proof = { stream, merkle: honest.merkle };
        const plain = verifyProgram(program, pi, serializeProof(proof));
        const twoStep = deferredThenNative(program, pi, proof);
        // The same verdict; a reason may differ, the deferred check coming last.
        expect(twoStep === true, `scalar ${at}: ${twoStep}`).toBe(plain.valid);
      }
    });
  }
});
