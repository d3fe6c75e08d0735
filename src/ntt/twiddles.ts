// Twiddles of the additive NTT on 2^L points (docs/protocol.md §4.2). Layer ℓ pairs index bit
// d = L−1−ℓ; its block b (the index bits above d) takes t(ℓ, b) = Σ_j bit_j(b)·Ŵ_d(e_{d+1+j}).
// The sum depends on L only through d, and is F2-linear in b: going from block b−1 to b
// flips bits 0..ctz(b), so t(b) = t(b−1) ⊕ Δ_d[ctz(b)] with the prefix sums
// Δ_d[k] = Σ_{j≤k} Ŵ_d(e_{d+1+j}). Transforms walk blocks in order with one XOR each.
import type { K } from '../field/k';
import { ShapeError } from '../util/errors';
import { MAX_DIM, normalizedRow } from './subspace';

/** Largest transform: the domain span(e_0..e_{L−1}) must be a proper subspace of K. */
export const MAX_LOG_SIZE = MAX_DIM - 1;

let deltas: Uint32Array[] | null = null;

/** Δ_d[k] for k = 0 .. 62 − d (2 words each). */
export function twiddleDeltas(d: number): Uint32Array {
  if (deltas === null) {
    deltas = [];
    for (let i = 0; i < MAX_LOG_SIZE; i++) {
      const row = normalizedRow(i);
      const out = new Uint32Array(row.length - 2);
      let lo = 0;
      let hi = 0;
      for (let j = 0; j < out.length; j += 2) {
        lo ^= row[j + 2];
        hi ^= row[j + 3];
        out[j] = lo;
        out[j + 1] = hi;
      }
      deltas.push(out);
    }
  }
  if (!Number.isInteger(d) || d < 0 || d >= MAX_LOG_SIZE) throw new ShapeError(`twiddle row index must be in [0, ${MAX_LOG_SIZE}), got ${d}`);
  return deltas[d];
}

/** Trailing zeros of a positive 32-bit integer: the Δ index of the step to block b. */
export function ctz(b: number): number {
  return 31 - Math.clz32(b & -b);
}

/** The twiddles of one layer, block after block: one XOR per step (see above). */
export class TwiddleWalk {
  /** t(ℓ, b) of the current block b, as u32 words. */
  lo = 0;
  hi = 0;
  private block = 0;
  private readonly delta: Uint32Array;

  /** Starts at block 0 (twiddle 0) of the layer that pairs bit d. */
  constructor(d: number) {
    this.delta = twiddleDeltas(d);
  }

  /** Jumps to block b: t(b) is the sum of Ŵ_d(e_{d+1+j}) over the set bits j of b. */
  seek(b: number): void {
    this.block = b;
    this.lo = 0;
    this.hi = 0;
    for (let j = 0; b >>> j !== 0; j++) {
      if ((b >>> j) & 1) {
        // Ŵ_d(e_{d+1+j}) = Δ_d[j] − Δ_d[j−1].
        this.lo ^= this.delta[2 * j] ^ (j > 0 ? this.delta[2 * j - 2] : 0);
        this.hi ^= this.delta[2 * j + 1] ^ (j > 0 ? this.delta[2 * j - 1] : 0);
      }
    }
  }

  /** Moves to the next block. */
  step(): void {
    const k = 2 * ctz(++this.block);
    this.lo ^= this.delta[k];
    this.hi ^= this.delta[k + 1];
  }
}

export function checkLogSize(logSize: number): void {
  if (!Number.isInteger(logSize) || logSize < 0 || logSize > MAX_LOG_SIZE) {
    throw new ShapeError(`transform size must be 2^L with 0 ≤ L ≤ ${MAX_LOG_SIZE}, got L = ${logSize}`);
  }
}

/** t(ℓ, b) for a transform of 2^L points, as a direct subset sum (reference form). */
export function twiddleAt(logSize: number, layer: number, block: number): K {
  checkLogSize(logSize);
  if (!Number.isInteger(layer) || layer < 0 || layer >= logSize) throw new ShapeError(`layer must be in [0, ${logSize}), got ${layer}`);
  if (!Number.isInteger(block) || block < 0 || block >= 2 ** layer) throw new ShapeError(`layer ${layer} has 2^${layer} blocks, got block ${block}`);
  const row = normalizedRow(logSize - 1 - layer);
  const t = new Uint32Array(2);
  for (let j = 0; j < layer; j++) {
    if (Math.floor(block / 2 ** j) % 2 === 1) {
      t[0] ^= row[2 * j + 2];
      t[1] ^= row[2 * j + 3];
    }
  }
  return t;
}

const rowsCache = new Map<number, Uint32Array>();

/**
 * Every twiddle of a transform of 2^L points, built once per L: layer ℓ's 2^ℓ values
 * (block order) at words [2(2^ℓ − 1), 2(2^(ℓ+1) − 1)). 2^L − 1 K words in all, so this is
 * for L that fit in memory (device uploads, tests); the CPU transform walks instead.
 */
export function twiddleRows(logSize: number): Uint32Array {
  checkLogSize(logSize);
  if (logSize > 30) throw new ShapeError(`twiddleRows: 2^${logSize} twiddles do not fit one array`);
  let rows = rowsCache.get(logSize);
  if (rows === undefined) {
    rows = new Uint32Array(2 * (2 ** logSize - 1));
    for (let layer = 0; layer < logSize; layer++) {
      const walk = new TwiddleWalk(logSize - 1 - layer);
      const base = 2 * ((1 << layer) - 1);
      for (let b = 1; b < 1 << layer; b++) {
        walk.step();
        rows[base + 2 * b] = walk.lo;
        rows[base + 2 * b + 1] = walk.hi;
      }
    }
    rowsCache.set(logSize, rows);
  }
  return rows;
}
