// The ring-switched claim value T = Σ_{i<64} x^i·Φ(s_i) (docs/protocol.md §7), from the 64 bit-slice
// claims s_i = MLE(Q_i)(r). Two routes give the same E value: applying Φ to each s_i, or
// (upstream's) transposing the claims into 192 K words t_w (bit i of t_w = bit w of s_i) and
// weighting them by cw, which needs no Φ evaluations once cw is known.
import type { E } from '../../field/e';
import { innerProduct } from '../../poly/inner-product';
import { ShapeError } from '../../util/errors';
import { phi } from './map';

const SLICES = 64;

function checkClaims(s: Uint32Array, what: string): void {
  if (s.length !== 6 * SLICES) throw new ShapeError(`${what}: need ${SLICES} E claims (${6 * SLICES} words), got ${s.length} words`);
}

/** T = Σ_i x^i·Φ(s_i) for s = 64 packed E claims and f = the six packed challenges. */
export function ringSwitchTargetDirect(s: Uint32Array, f: Uint32Array): E {
  checkClaims(s, 'ringSwitchTargetDirect');
  const images = new Uint32Array(6 * SLICES);
  const xPowers = new Uint32Array(2 * SLICES); // x^i = the K element 1 << i
  for (let i = 0; i < SLICES; i++) {
    images.set(phi(s.subarray(6 * i, 6 * i + 6), f), 6 * i);
    xPowers[2 * i + (i >>> 5)] = 1 << (i & 31);
  }
  return innerProduct(xPowers, 'K', images);
}

/** The transpose: 192 K words, bit i of t_w = bit w of s_i. */
export function transposeClaims(s: Uint32Array): Uint32Array {
  checkClaims(s, 'transposeClaims');
  const t = new Uint32Array(2 * 192);
  for (let w = 0; w < 192; w++) {
    const word = w >>> 5;
    const bit = w & 31;
    for (let i = 0; i < SLICES; i++) t[2 * w + (i >>> 5)] |= ((s[6 * i + word] >>> bit) & 1) << (i & 31);
  }
  return t;
}

/** T = Σ_w cw[w]·t_w for s = 64 packed E claims and cw = the 192 coordinate weights. */
export function ringSwitchTarget(s: Uint32Array, cw: Uint32Array): E {
  if (cw.length !== 6 * 192) throw new ShapeError(`ringSwitchTarget: need 192 coordinate weights (1152 words), got ${cw.length} words`);
  return innerProduct(transposeClaims(s), 'K', cw);
}
