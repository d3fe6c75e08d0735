// The framework blocks' side of the bus (see src/vm/leaves.ts): the verifier evaluates their
// leaves at ζ itself. Their coordinates are constants, the index column g^i (whose MLE has a
// product form), committed columns (the memory limbs and the final counts, whose values at ζ
// the prover sends here, each once, and which become claims), or the public bytecode.
import { type E, eAdd, eMul, eMulK, eMulKAt, eOne, eZero } from '../../field/e';
import { kSquare } from '../../field/k';
import { eqTable } from '../../poly/eq';
import type { VerifierState } from '../../transcript/verifier-state';
import type { VmShape } from '../layout';
import type { FrameworkPart } from '../leaves';
import { BUS_BITS, BUS_SLOTS, SEP_BYTECODE, SEP_MEM, SEP_STATE } from '../tables/bus';
import { BYTECODE_FINAL_CNT, MEM_0, MEM_FINAL_CNT } from '../tables/columns';
import { gPow } from '../tables/form';
import type { ColumnClaim } from './claims';

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
 * MLE(P)(point) for the bytecode multilinear P (16·2^kbc K words, slot index high) at a point of
 * kbc + 4 coordinates (the bus's is ζ_<kbc ‖ α): per slot, Σ_pc eq(point_<kbc, pc)·P_slot[pc],
 * then weighed by eq(point_≥kbc, slot). Most entries are 0 or 1 (padding, unused operand slots,
 * offset 0), which cost no product.
 */
export function bytecodeAt(bytecode: Uint32Array, point: Uint32Array): E {
  const n = bytecode.length / (2 * BUS_SLOTS);
  const kbc = Math.log2(n);
  if (!Number.isInteger(kbc) || point.length !== 6 * (kbc + BUS_BITS)) {
    throw new RangeError(`bytecodeAt: a bytecode of ${bytecode.length / 2} words takes a point of ${kbc + BUS_BITS} coordinates, got ${point.length / 6}`);
  }
  const eq = eqTable(point.subarray(0, 6 * kbc));
  const weights = eqTable(point.subarray(6 * kbc));
  const acc = new Uint32Array(6), p = new Uint32Array(6);
  let total = eZero();
  for (let slot = 0; slot < BUS_SLOTS; slot++) {
    acc.fill(0);
    for (let pc = 0, w = 2 * slot * n; pc < n; pc++, w += 2) {
      const lo = bytecode[w], hi = bytecode[w + 1];
      if ((lo | hi) === 0) continue;
      if (lo === 1 && hi === 0) p.set(eq.subarray(6 * pc, 6 * pc + 6));
      else eMulKAt(p, 0, eq, 6 * pc, bytecode, w);
      for (let i = 0; i < 6; i++) acc[i] ^= p[i];
    }
    total = eAdd(total, eMul(weights.subarray(6 * slot, 6 * slot + 6), acc));
  }
  return total;
}

/**
 * Σ_i eq(α, i)·t_i for a framework block's tuple t at ζ, on push (the initial state, counts 1)
 * or pull (the final state, the final counts). The bytecode block's is given without its
 * share MLE(P)(ζ_<kbc ‖ α), the deferred claim (./deferred.ts), which the caller adds.
 */
export function frameworkFingerprint(part: FrameworkPart, side: 'push' | 'pull', values: FrameworkValues, ctx: FingerprintContext): E {
  const w = (i: number) => ctx.weights.subarray(6 * i, 6 * i + 6);
  const one = eOne();
  if (part === 'state') {
    // (ST, pc, fp): pc = g^0 at the start, the last slot g^(N−1) at the halt; fp = g^0 at both.
    const pc = side === 'push' ? one : Uint32Array.of(...gPow(2 ** ctx.shape.logBytecode - 1), 0, 0, 0, 0);
    return eAdd(eAdd(eMulK(w(0), SEP_STATE), eMul(w(1), pc)), w(2));
  }
  const memory = part === 'memory';
  const low = ctx.zeta.subarray(0, 6 * (memory ? ctx.shape.logMemory : ctx.shape.logBytecode));
  const count = side === 'push' ? one : memory ? values.memoryFinal : values.bytecodeFinal;
  let fp = eAdd(eAdd(eMulK(w(0), memory ? SEP_MEM : SEP_BYTECODE), eMul(w(1), indexMle(low))), eMul(w(2), count));
  if (memory) for (let l = 0; l < 3; l++) fp = eAdd(fp, eMul(w(3 + l), values.memory.subarray(6 * l, 6 * l + 6)));
  return fp;
}
