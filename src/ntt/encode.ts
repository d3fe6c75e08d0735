// Reed–Solomon encoding with the additive NTT (docs/protocol.md §4.2) and the committed layouts
// of the WHIR levels. A message of 2^κ novel-basis coefficients is tiled 2^ν times (which
// is exactly what the top ν layers make of it zero-padded) and transformed from layer ν,
// giving its 2^(κ+ν) evaluations at x_v = v.
import { ShapeError } from '../util/errors';
import { forwardNtt, inverseNtt, logPositions } from './transform';
import { MAX_LOG_SIZE } from './twiddles';

/** u32 words of codeword that layoutStack fills at a time. */
const LAYOUT_CHUNK_WORDS = 8192;

/** K words in a level-0 leaf image: one per top-6-bit block of the stack. */
export const STACK_LEAF_WORDS = 64;
const LOG_STACK_BLOCKS = 6;

function checkRate(logInvRate: number, logMsg: number): void {
  if (!Number.isInteger(logInvRate) || logInvRate < 0 || logMsg + logInvRate > MAX_LOG_SIZE) {
    throw new ShapeError(`log inverse rate must be an integer ≥ 0 with κ + ν ≤ ${MAX_LOG_SIZE}, got ν = ${logInvRate} for κ = ${logMsg}`);
  }
}

/** cw holds the message (msgWords words) at its front: tile it across cw, then encode. */
function tileAndTransform(cw: Uint32Array, msgWords: number, nLanes: number, logInvRate: number): void {
  for (let at = msgWords; at < cw.length; at += msgWords) cw.copyWithin(at, 0, msgWords);
  forwardNtt(cw, nLanes, logInvRate);
}

/**
 * Encodes nLanes interleaved messages (position-major: msg[2·(pos·nLanes + t)], 2^κ
 * positions) at rate 2^−ν into a codeword of 2^(κ+ν) positions, same layout: `into` (its
 * contents arbitrary) or a fresh one.
 */
export function encodeInterleaved(msg: Uint32Array, nLanes: number, logInvRate: number, into?: Uint32Array): Uint32Array {
  const logMsg = logPositions(msg, nLanes);
  checkRate(logInvRate, logMsg);
  if (into !== undefined && into.length !== msg.length << logInvRate) throw new ShapeError(`a codeword of ${msg.length << logInvRate} words does not fit ${into.length}`);
  const cw = into ?? new Uint32Array(msg.length << logInvRate);
  cw.set(msg);
  tileAndTransform(cw, msg.length, nLanes, logInvRate);
  return cw;
}

/** Single-lane encoding of a K message (2^κ words, packed) at rate 2^−ν. */
export function rsEncode(msg: Uint32Array, logInvRate: number): Uint32Array {
  return encodeInterleaved(msg, 1, logInvRate);
}

/**
 * Recovers the messages of an interleaved codeword (inverse of encodeInterleaved); throws
 * ShapeError if the words are not a codeword (the 2^ν replicas the inverse yields differ).
 */
export function rsDecode(codeword: Uint32Array, nLanes: number, logInvRate: number): Uint32Array {
  const logSize = logPositions(codeword, nLanes);
  if (!Number.isInteger(logInvRate) || logInvRate < 0 || logInvRate > logSize) {
    throw new ShapeError(`log inverse rate must be in [0, ${logSize}], got ${logInvRate}`);
  }
  const work = codeword.slice();
  inverseNtt(work, nLanes, logInvRate);
  const msgWords = work.length >>> logInvRate;
  for (let i = msgWords; i < work.length; i++) {
    if (work[i] !== work[i % msgWords]) throw new ShapeError('not a codeword: the decoded replicas differ');
  }
  return work.slice(0, msgWords);
}

/** The level-0 committed matrix: rows of nLanes K words, one row per codeword position. */
export interface StackCodeword {
  codeword: Uint32Array;
  nLanes: number;
}

/** The level-0 shape of a stack, the same on every backend. */
export interface StackShape {
  /** κ: log2 of a block's words (the message length of each lane). */
  readonly logMsg: number;
  /** κ + ν: log2 of the codeword's positions (its rows). */
  readonly logSize: number;
  /** Blocks that hold data: the codeword's lanes (K words per row). */
  readonly nLanes: number;
}

/** The shape of a 2^logN-word stack of which the first `words` K words hold data. */
export function stackShape(words: number, logN: number, logInvRate: number): StackShape {
  if (!Number.isInteger(logN) || logN < LOG_STACK_BLOCKS || logN - LOG_STACK_BLOCKS > MAX_LOG_SIZE) {
    throw new ShapeError(`stack size must be 2^logN with ${LOG_STACK_BLOCKS} ≤ logN ≤ ${MAX_LOG_SIZE + LOG_STACK_BLOCKS}, got logN = ${logN}`);
  }
  const logMsg = logN - LOG_STACK_BLOCKS;
  checkRate(logInvRate, logMsg);
  if (!Number.isInteger(words) || words < 1 || words > 2 ** logN) {
    throw new ShapeError(`stack must hold 1 to 2^${logN} K words, got ${words}`);
  }
  return { logMsg, logSize: logMsg + logInvRate, nLanes: Math.ceil(words / 2 ** logMsg) };
}

/**
 * Level-0 commitment layout of a K stack of 2^logN words (docs/protocol.md §4.4): block b of the
 * top 6 index bits is q[b·2^κ .. (b+1)·2^κ), κ = logN − 6, each block encoded at rate
 * 2^−ν. Only the nLanes = ⌈N/2^κ⌉ blocks holding data are encoded, where N = q.length/2
 * (pass a shorter q for a partly filled stack; words past it are zero). Lane t holds
 * block nLanes−1−t, position-major; the leaf image of a row is (64 − nLanes) zero words
 * then the row. `alloc` gives the codeword (zeroed words).
 */
export function encodeStack(
  q: Uint32Array, logN: number, logInvRate: number, alloc: (length: number) => Uint32Array = (length) => new Uint32Array(length),
): StackCodeword {
  const shape = stackShape(q.length / 2, logN, logInvRate);
  const codeword = alloc(2 * shape.nLanes * 2 ** shape.logSize);
  layoutStack(q, codeword, shape, logInvRate, 0, 2 ** shape.logMsg);
  forwardNtt(codeword, shape.nLanes, logInvRate);
  return { codeword, nLanes: shape.nLanes };
}

/**
 * Message positions [from, to) of the stack q laid out in a zeroed codeword of `shape`:
 * each block's words become a lane, and every one of the 2^ν tiles gets a copy (the
 * transform then starts at layer ν). Disjoint position ranges may be laid out at once.
 */
export function layoutStack(q: Uint32Array, codeword: Uint32Array, shape: StackShape, logInvRate: number, from: number, to: number): void {
  const { logMsg, nLanes } = shape;
  const words = q.length / 2;
  const blockLen = 2 ** logMsg;
  const msgWords = 2 * nLanes * blockLen;
  // A chunk of rows at a time (32 KiB of codeword), so that the lanes' strided writes stay
  // in L1 and each tile copies it while it is still there.
  const chunk = Math.max(1, Math.floor(LAYOUT_CHUNK_WORDS / (2 * nLanes)));
  for (let lo = from; lo < to; lo += chunk) {
    const hi = Math.min(to, lo + chunk);
    for (let t = 0; t < nLanes; t++) {
      const first = (nLanes - 1 - t) * blockLen;
      const end = Math.min(hi, words - first);
      for (let pos = lo, src = 2 * (first + lo), dst = 2 * (lo * nLanes + t); pos < end; pos++, src += 2, dst += 2 * nLanes) {
        codeword[dst] = q[src];
        codeword[dst + 1] = q[src + 1];
      }
    }
    for (let tile = 1; tile < 2 ** logInvRate; tile++) {
      codeword.copyWithin(tile * msgWords + 2 * nLanes * lo, 2 * nLanes * lo, 2 * nLanes * hi);
    }
  }
}

/**
 * Deeper-level layout (docs/protocol.md §4.4): an E table f of 2^n entries (6 words each) as 2^k
 * lanes taken from the low k index bits, lane j's message f[j + 2^k·c]. That is f as it
 * lies, read as 2^k interleaved E lanes = 3·2^k K lanes (an E×K product is limbwise), so
 * a codeword row is [Enc(lane 0)[pos], …, Enc(lane 2^k−1)[pos]], each E as (c0, c1, c2).
 */
export function encodeEInterleaved(f: Uint32Array, logLanes: number, logInvRate: number, into?: Uint32Array): Uint32Array {
  if (!Number.isInteger(logLanes) || logLanes < 0 || 6 * 2 ** logLanes > f.length) {
    throw new ShapeError(`an E table of ${f.length / 6} entries cannot form 2^${logLanes} lanes`);
  }
  return encodeInterleaved(f, 3 << logLanes, logInvRate, into);
}
