// The additive NTT over K in place, on one lane or on many interleaved lanes that share
// the twiddles: word layout data[2·(pos·nLanes + t) + {0,1}] for position pos, lane t. An
// E-valued lane is three K lanes (its limbs), since an E×K product is limbwise.
//
// Layer ℓ pairs position bit d = L−1−ℓ. Positions with the same bits above d form a block
// of 2^(d+1) positions, and with interleaving a block's lower and upper halves are two
// contiguous runs of nLanes·2^d K words, so a layer is a sweep of contiguous butterflies:
// forward u += t·v, v += u; inverse v += u, u += t·v.
//
// The forward transform is a schedule of steps (a layer, or a radix-4 pair of layers),
// and a step can run on any range of its blocks and any range of columns (K-word offsets
// within a half or quarter): the pieces a worker pool splits it into (src/ntt/split.ts).
import { BYTE_MIN_USES, KConstMulByte, KConstMulNibble, KConstMuls, type KConstMul } from '../field/k-const';
import { ShapeError } from '../util/errors';
import { forwardRadix4, forwardRadix4FirstBlock } from './radix4';
import type { NttPiece } from './split';
import { checkLogSize, TwiddleWalk } from './twiddles';

/** log2 of the positions per lane, checking that the array is 2^L positions of nLanes words. */
export function logPositions(data: Uint32Array, nLanes: number): number {
  if (!Number.isInteger(nLanes) || nLanes < 1) throw new ShapeError(`lane count must be a positive integer, got ${nLanes}`);
  const positions = data.length / (2 * nLanes);
  const logSize = Math.log2(positions);
  if (!Number.isInteger(logSize)) {
    throw new ShapeError(`expected 2^L positions of ${nLanes} K words, got ${data.length} u32 words`);
  }
  checkLogSize(logSize);
  // Offsets stay small integers (V8 keeps them unboxed), which bounds a transform at 2^31 words.
  if (data.length > 2 ** 31) throw new ShapeError(`transforms are limited to 2^31 u32 words, got ${data.length}`);
  return logSize;
}

function checkStart(startLayer: number, logSize: number): void {
  if (!Number.isInteger(startLayer) || startLayer < 0 || startLayer > logSize) {
    throw new ShapeError(`start layer must be in [0, ${logSize}], got ${startLayer}`);
  }
}

/** One pass over the data: layer `layer` alone, or layers `layer` and `layer + 1` (radix 4). */
export interface NttStep {
  readonly layer: number;
  readonly pair: boolean;
}

/**
 * The forward steps from startLayer (= ν skips the layers that a ν-fold tiled message
 * already satisfies). Layers whose twiddles each serve enough products for byte tables
 * run in radix-4 pairs, an odd one out first and alone (where its blocks are largest);
 * the deep layers, with many twiddles of few products each, run radix-2 on cheaper tables.
 */
export function forwardSchedule(nLanes: number, logSize: number, startLayer: number): NttStep[] {
  let pairedEnd = startLayer;
  while (pairedEnd < logSize && nLanes * 2 ** (logSize - 1 - pairedEnd) >= BYTE_MIN_USES) pairedEnd++;
  const steps: NttStep[] = [];
  let layer = startLayer;
  if ((pairedEnd - startLayer) % 2 === 1) steps.push({ layer: layer++, pair: false });
  for (; layer < pairedEnd; layer += 2) steps.push({ layer, pair: true });
  for (; layer < logSize; layer++) steps.push({ layer, pair: false });
  return steps;
}

/** The columns of a step: K words in each half (radix 2) or quarter (radix 4) of its blocks. */
export function stepColumns(nLanes: number, logSize: number, step: NttStep): number {
  return nLanes * 2 ** (logSize - step.layer - (step.pair ? 2 : 1));
}

/** Forward transform of layers startLayer..L−1, in place. */
export function forwardNtt(data: Uint32Array, nLanes = 1, startLayer = 0): void {
  const logSize = logPositions(data, nLanes);
  checkStart(startLayer, logSize);
  forwardSteps(data, nLanes, logSize, forwardSchedule(nLanes, logSize, startLayer), 0, 2 ** startLayer);
}

/**
 * `steps` (a schedule's tail) on blocks [from, to) of the first step's layer. Each such
 * block is an independent sub-transform, so disjoint block ranges may run concurrently.
 */
export function forwardSteps(data: Uint32Array, nLanes: number, logSize: number, steps: readonly NttStep[], from: number, to: number): void {
  if (steps.length === 0) return;
  const first = steps[0].layer;
  for (const step of steps) {
    const scale = 2 ** (step.layer - first);
    forwardStep(data, nLanes, logSize, step, from * scale, to * scale, 0, stepColumns(nLanes, logSize, step));
  }
}

/** One step on blocks [from, to) of its layer, columns [colFrom, colTo) of each. */
export function forwardStep(
  data: Uint32Array, nLanes: number, logSize: number, step: NttStep,
  from: number, to: number, colFrom: number, colTo: number,
): void {
  if (step.pair) runLayerPair(data, nLanes, logSize, step.layer, from, to, colFrom, colTo);
  else runLayer(data, nLanes, logSize, step.layer, from, to, colFrom, colTo, false);
}

/** Runs one piece of splitForward on data (a worker's share of a round). */
export function forwardPiece(data: Uint32Array, nLanes: number, piece: NttPiece): void {
  const logSize = logPositions(data, nLanes);
  if (piece.kind === 'blocks') forwardSteps(data, nLanes, logSize, piece.steps, piece.from, piece.to);
  else forwardStep(data, nLanes, logSize, piece.step, 0, 2 ** piece.step.layer, piece.colFrom, piece.colTo);
}

/** Exact inverse of forwardNtt with the same startLayer (radix-2 throughout: tests, decoding). */
export function inverseNtt(data: Uint32Array, nLanes = 1, startLayer = 0): void {
  const logSize = logPositions(data, nLanes);
  checkStart(startLayer, logSize);
  for (let layer = logSize - 1; layer >= startLayer; layer--) {
    runLayer(data, nLanes, logSize, layer, 0, 2 ** layer, 0, nLanes * 2 ** (logSize - 1 - layer), true);
  }
}

const MULS = new KConstMuls();
const OUTER = new KConstMulByte();
const INNER_A = new KConstMulByte();
const INNER_B = new KConstMulByte();

function runLayer(
  data: Uint32Array, nLanes: number, logSize: number, layer: number,
  from: number, to: number, colFrom: number, colTo: number, inverse: boolean,
): void {
  const d = logSize - 1 - layer;
  const half = (2 * nLanes) << d; // u32 words in each half of a block
  const words = 2 * (colTo - colFrom);
  const mul = MULS.forUses(colTo - colFrom);
  const walk = new TwiddleWalk(d);
  walk.seek(from);
  for (let b = from; b < to; b++) {
    if (b > from) walk.step();
    const start = 2 * half * b + 2 * colFrom;
    // Block 0's twiddle is 0: both directions reduce to v += u.
    if (b === 0) xorRun(data, start + half, start, words);
    else {
      mul.set(walk.lo, walk.hi);
      if (inverse) inverseRun(data, start, half, words, mul);
      else forwardRun(data, start, half, words, mul);
    }
  }
}

/** Layers ℓ and ℓ+1: block b of ℓ takes t(ℓ, b) and, inside, t(ℓ+1, 2b) and t(ℓ+1, 2b+1). */
function runLayerPair(
  data: Uint32Array, nLanes: number, logSize: number, layer: number,
  from: number, to: number, colFrom: number, colTo: number,
): void {
  const d = logSize - 1 - layer;
  const quarter = (2 * nLanes) << (d - 1);
  const outer = new TwiddleWalk(d);
  const inner = new TwiddleWalk(d - 1);
  if (from === 0) {
    // Block 0's outer twiddle and its first inner one are 0: one product in four remains.
    inner.seek(1);
    INNER_B.set(inner.lo, inner.hi);
    forwardRadix4FirstBlock(data, 2 * colFrom, quarter, 2 * (colTo - colFrom), INNER_B);
    if (++from === to) return;
  }
  outer.seek(from);
  inner.seek(2 * from);
  for (let b = from; b < to; b++) {
    if (b > from) {
      outer.step();
      inner.step();
    }
    OUTER.set(outer.lo, outer.hi);
    INNER_A.set(inner.lo, inner.hi);
    inner.step();
    INNER_B.set(inner.lo, inner.hi);
    forwardRadix4(data, 4 * quarter * b + 2 * colFrom, quarter, 2 * (colTo - colFrom), OUTER, INNER_A, INNER_B);
  }
}

/** Pairs per sub-run, so that a run's two passes (products, then the XOR) share L1. */
const RUN_PAIRS = 512;

/** data[dst + i] ^= data[src + i] for i < words. */
function xorRun(data: Uint32Array, dst: number, src: number, words: number): void {
  for (let i = 0; i < words; i++) data[dst + i] ^= data[src + i];
}

/**
 * Butterflies on the `words` u32 words from `start` (lower half) and `start + half`. The
 * deep layers' nibble tables have a one-pass kernel; the rest take products, then the XOR.
 */
function forwardRun(data: Uint32Array, start: number, half: number, words: number, mul: KConstMul): void {
  if (mul instanceof KConstMulNibble) return mul.forwardButterflies(data, start, half, words);
  for (let q = start, end = start + words; q < end; q += 2 * RUN_PAIRS) {
    const run = Math.min(2 * RUN_PAIRS, end - q);
    mul.mulXorRun(data, q, data, q + half, run / 2);
    xorRun(data, q + half, q, run);
  }
}

function inverseRun(data: Uint32Array, start: number, half: number, words: number, mul: KConstMul): void {
  for (let q = start, end = start + words; q < end; q += 2 * RUN_PAIRS) {
    const run = Math.min(2 * RUN_PAIRS, end - q);
    xorRun(data, q + half, q, run);
    mul.mulXorRun(data, q, data, q + half, run / 2);
  }
}
