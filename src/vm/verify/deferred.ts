// The two evaluations a VM verifier may defer (docs/recursion.md §2.1): the bytecode multilinear
// at the bus's point (the bytecode share) and Flock's matrix term. The verifier hands each claim to
// a sink as it arises; the native sink evaluates it there, which is the plain verifier (the share
// as soon as its point is drawn, so the table sumcheck runs on its true claim), so deferring
// changes neither what is read nor the verdict.
import { type E, eEq } from '../../field/e';
import type { MatrixTermClaim } from '../../flock/lincheck/claim';
import { checkMatrixTerm } from '../../flock/lincheck/verifier';
import { VerificationError } from '../../transcript/errors';
import { bytecodeAt } from './bytecode-at';

/** MLE(P)(point) = value for the program's bytecode multilinear P (kbc + 4 coordinates). */
export interface BytecodeClaim {
  readonly point: Uint32Array;
  readonly value: E;
}

/** What a proof's verification leaves to evaluate: its fresh claims. */
export interface DeferredClaims {
  readonly bytecode: BytecodeClaim;
  readonly matrix: MatrixTermClaim;
}

/** Receives each deferred claim where the verifier would have evaluated it. */
export interface DeferredSink {
  /** The share at its point where the sink evaluates it natively; absent, the verifier defers
   * it and solves for the one value the AIR terminal accepts. */
  readonly share?: (point: Uint32Array) => E;
  bytecode(claim: BytecodeClaim): void;
  matrix(claim: MatrixTermClaim): void;
}

/** The AIR terminal's failure, as the verifier reports it whether the share was deferred or not. */
export const AIR_TERMINAL_FAILS = "table sumcheck: the AIR terminal identity fails (the tables' column values do not give the last round's claim)";

/** Checks a bytecode claim against P (16·2^kbc K words), as the AIR terminal would. */
export function checkBytecodeClaim(bytecode: Uint32Array, claim: BytecodeClaim): void {
  if (!eEq(bytecodeAt(bytecode, claim.point), claim.value)) throw new VerificationError(AIR_TERMINAL_FAILS);
}

/** The plain verifier's sink: every claim evaluated natively at once (the share's value is the
 * evaluation, which the AIR terminal then checks). */
export function nativeSink(bytecode: Uint32Array): DeferredSink {
  return { share: (point) => bytecodeAt(bytecode, point), bytecode: () => {}, matrix: checkMatrixTerm };
}

/** A sink that keeps the claims (after passing them to `inner`, if given: record while checking). */
export function recordingSink(inner?: DeferredSink): DeferredSink & { claims(): DeferredClaims } {
  let bytecode: BytecodeClaim | undefined, matrix: MatrixTermClaim | undefined;
  return {
    share: inner?.share,
    bytecode(c) {
      inner?.bytecode(c);
      bytecode = c;
    },
    matrix(c) {
      inner?.matrix(c);
      matrix = c;
    },
    claims() {
      if (bytecode === undefined || matrix === undefined) throw new Error('recordingSink: the verification did not reach both deferred claims');
      return { bytecode, matrix };
    },
  };
}
