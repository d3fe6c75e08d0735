// The additive NTT over K in place, on one lane or on many interleaved lanes that share
// the twiddles: word layout data[2·(pos·nLanes + t) + {0,1}] for position pos, lane t. An
// E-valued lane is three K lanes (its limbs), since an E×K product is limbwise.
//
// Layer ℓ pairs position bit d = L−1−ℓ. Positions with the same bits above d form a block
// of 2^(d+1) positions, and with interleaving a block's lower and upper halves are two
// contiguous runs of nLanes·2^d K words, so a layer is a sweep of contiguous butterflies:
// forward u += t·v, v += u; inverse v += u, u += t·v.
import { BYTE_MIN_USES, KConstMulByte, KConstMuls, type KConstMul } from '../field/k-const';
import { NttError } from './errors';
import { forwardRadix4 } from './radix4';
import { checkLogSize, TwiddleWalk } from './twiddles';

/** log2 of the positions per lane, checking that the array is 2^L positions of nLanes words. */
export function logPositions(data: Uint32Array, nLanes: number): number {
  if (!Number.isInteger(nLanes) || nLanes < 1) throw new NttError(`lane count must be a positive integer, got ${nLanes}`);
  const positions = data.length / (2 * nLanes);
  const logSize = Math.log2(positions);
  if (!Number.isInteger(logSize)) {
    throw new NttError(`expected 2^L positions of ${nLanes} K words, got ${data.length} u32 words`);
  }
  checkLogSize(logSize);
  // Offsets stay small integers (V8 keeps them unboxed), which bounds a transform at 2^31 words.
  if (data.length > 2 ** 31) throw new NttError(`transforms are limited to 2^31 u32 words, got ${data.length}`);
  return logSize;
}

function checkStart(startLayer: number, logSize: number): void {
  if (!Number.isInteger(startLayer) || startLayer < 0 || startLayer > logSize) {
    throw new NttError(`start layer must be in [0, ${logSize}], got ${startLayer}`);
  }
}

/**
 * Forward transform of layers startLayer..L−1 (startLayer = ν skips the layers that a
 * ν-fold tiled message already satisfies). Layers whose twiddles each serve enough
 * products for byte tables run in radix-4 pairs, an odd one out first and alone (where
 * its blocks are largest); the deep layers, with many twiddles of few products each, run
 * radix-2 on cheaper tables.
 */
export function forwardNtt(data: Uint32Array, nLanes = 1, startLayer = 0): void {
  const logSize = logPositions(data, nLanes);
  checkStart(startLayer, logSize);
  let pairedEnd = startLayer;
  while (pairedEnd < logSize && nLanes * 2 ** (logSize - 1 - pairedEnd) >= BYTE_MIN_USES) pairedEnd++;
  let layer = startLayer;
  if ((pairedEnd - startLayer) % 2 === 1) runLayer(data, nLanes, logSize, layer++, false);
  for (; layer < pairedEnd; layer += 2) runLayerPair(data, nLanes, logSize, layer);
  for (; layer < logSize; layer++) runLayer(data, nLanes, logSize, layer, false);
}

/** Exact inverse of forwardNtt with the same startLayer (radix-2 throughout: tests, decoding). */
export function inverseNtt(data: Uint32Array, nLanes = 1, startLayer = 0): void {
  const logSize = logPositions(data, nLanes);
  checkStart(startLayer, logSize);
  for (let layer = logSize - 1; layer >= startLayer; layer--) runLayer(data, nLanes, logSize, layer, true);
}

const MULS = new KConstMuls();
const OUTER = new KConstMulByte();
const INNER_A = new KConstMulByte();
const INNER_B = new KConstMulByte();

function runLayer(data: Uint32Array, nLanes: number, logSize: number, layer: number, inverse: boolean): void {
  const d = logSize - 1 - layer;
  const half = (2 * nLanes) << d; // u32 words in each half of a block
  const mul = MULS.forUses(half / 2);
  const walk = new TwiddleWalk(d);
  // Block 0's twiddle is 0: both directions reduce to v += u.
  xorRun(data, half, 0, half);
  for (let b = 1, blocks = 1 << layer; b < blocks; b++) {
    walk.step();
    mul.set(walk.lo, walk.hi);
    if (inverse) inverseBlock(data, 2 * half * b, half, mul);
    else forwardBlock(data, 2 * half * b, half, mul);
  }
}

/** Layers ℓ and ℓ+1: block b of ℓ takes t(ℓ, b) and, inside, t(ℓ+1, 2b) and t(ℓ+1, 2b+1). */
function runLayerPair(data: Uint32Array, nLanes: number, logSize: number, layer: number): void {
  const d = logSize - 1 - layer;
  const quarter = (2 * nLanes) << (d - 1);
  const outer = new TwiddleWalk(d);
  const inner = new TwiddleWalk(d - 1);
  for (let b = 0, blocks = 1 << layer; b < blocks; b++) {
    if (b > 0) {
      outer.step();
      inner.step();
    }
    OUTER.set(outer.lo, outer.hi);
    INNER_A.set(inner.lo, inner.hi);
    inner.step();
    INNER_B.set(inner.lo, inner.hi);
    forwardRadix4(data, 4 * quarter * b, quarter, OUTER, INNER_A, INNER_B);
  }
}

/** Pairs per sub-run, so that a run's two passes (products, then the XOR) share L1. */
const RUN_PAIRS = 512;

/** data[dst + i] ^= data[src + i] for i < words. */
function xorRun(data: Uint32Array, dst: number, src: number, words: number): void {
  for (let i = 0; i < words; i++) data[dst + i] ^= data[src + i];
}

function forwardBlock(data: Uint32Array, start: number, half: number, mul: KConstMul): void {
  for (let q = start, end = start + half; q < end; q += 2 * RUN_PAIRS) {
    const words = Math.min(2 * RUN_PAIRS, end - q);
    mul.mulXorRun(data, q, data, q + half, words / 2);
    xorRun(data, q + half, q, words);
  }
}

function inverseBlock(data: Uint32Array, start: number, half: number, mul: KConstMul): void {
  for (let q = start, end = start + half; q < end; q += 2 * RUN_PAIRS) {
    const words = Math.min(2 * RUN_PAIRS, end - q);
    xorRun(data, q + half, q, words);
    mul.mulXorRun(data, q, data, q + half, words / 2);
  }
}
