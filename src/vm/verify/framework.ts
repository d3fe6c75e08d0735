// The framework blocks' side of the bus (see src/vm/leaves.ts): the verifier evaluates their
// leaves at ζ itself. Their coordinates are constants, the index column g^i (whose MLE has a
// product form), committed columns (the memory limbs and the final counts, whose values at ζ
// the prover sends here, each once, and which become claims), or the public bytecode.
import { type E, eAdd, eMul, eMulK, eOne, eZero } from '../../field/e';
import { kSquare } from '../../field/k';
import type { VerifierState } from '../../transcript/verifier-state';
import type { VmShape } from '../layout';
import type { Tuple } from '../tables/bus';
import { BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT } from '../tables/columns';
import { evalFormE, gPow } from '../tables/form';
import type { ColumnClaim } from './claims';
import type { FrameworkBlock } from './sides';

/** MLE of the index column [g^0, g^1, g^2, …] at an LSB-first point: Π_i (1 + r_i·(1 + g^(2^i))). */
export function indexMle(point: Uint32Array): E {
  let acc = eOne();
  let gp = gPow(1);
  for (let i = 0; i < point.length; i += 6) {
    const f = eMulK(point.subarray(i, i + 6), Uint32Array.of(gp[0] ^ 1, gp[1]));
    f[0] ^= 1;
    acc = eMul(acc, f);
    gp = kSquare(gp);
  }
  return acc;
}

export interface FrameworkValues {
  /** The memory limbs' values at ζ's low h coordinates (3 packed E). */
  readonly memory: Uint32Array;
  readonly memoryFinal: E;
  readonly bytecodeFinal: E;
  readonly claims: readonly ColumnClaim[];
}

/** Reads the five values the framework blocks need (memory limbs, then both final counts). */
export function readFrameworkValues(vs: VerifierState, shape: VmShape, zeta: Uint32Array): FrameworkValues {
  const memoryLow = zeta.subarray(0, 6 * shape.logMemory);
  const bytecodeLow = zeta.subarray(0, 6 * shape.logBytecode);
  const memory = vs.nextScalars(3);
  const memoryFinal = vs.nextScalar();
  const bytecodeFinal = vs.nextScalar();
  const claims: ColumnClaim[] = [0, 1, 2].map((l) => ({ column: MEM_0 + l, point: memoryLow, value: memory.subarray(6 * l, 6 * l + 6) }));
  claims.push({ column: MEM_FINAL_CNT, point: memoryLow, value: memoryFinal }, { column: BYTECODE_FINAL_CNT, point: bytecodeLow, value: bytecodeFinal });
  return { memory, memoryFinal, bytecodeFinal, claims };
}

/** What a framework fingerprint needs besides the side: the point and the slot weights. */
export interface FingerprintContext {
  readonly shape: VmShape;
  readonly zeta: Uint32Array;
  /** eq(α, i) for the 16 slots (packed). */
  readonly weights: Uint32Array;
}

/**
 * Σ_i eq(α, i)·t_i for a framework block's tuple t (./sides.ts) at ζ. Its columns' values there:
 * the index MLE, the final count, the memory limbs. The bytecode block's program columns are
 * left out: their sum is the share MLE(P)(ζ_<kbc ‖ α), the deferred claim (./deferred.ts),
 * which the caller adds.
 */
export function frameworkFingerprint(block: FrameworkBlock, values: FrameworkValues, ctx: FingerprintContext): E {
  if (block.part === 'state') return weighedTuple(block.tuple, new Uint32Array(0), ctx.weights);
  const memory = block.part === 'memory';
  const low = ctx.zeta.subarray(0, 6 * (memory ? ctx.shape.logMemory : ctx.shape.logBytecode));
  const columns = new Uint32Array(6 * 5);
  columns.set(indexMle(low), 0);
  columns.set(memory ? values.memoryFinal : values.bytecodeFinal, 6);
  if (memory) columns.set(values.memory, 12);
  return weighedTuple(memory ? block.tuple : block.tuple.slice(0, 3), columns, ctx.weights);
}

/** Σ_i weights_i·t_i(columns). */
function weighedTuple(tuple: Tuple, columns: Uint32Array, weights: Uint32Array): E {
  let acc = eZero();
  tuple.forEach((form, i) => (acc = eAdd(acc, eMul(weights.subarray(6 * i, 6 * i + 6), evalFormE(form, columns)))));
  return acc;
}
