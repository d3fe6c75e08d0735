// φ8: GF(2^8) → K, the field embedding that names the zerocheck univariate-skip domain
// (docs/protocol.md §1.3). It is F2-linear, fixed by the images of t^0..t^7, which are the powers
// of ω = 0x033ce8beddc8a656, a root in K of the AES polynomial.
import { ShapeError } from '../util/errors';
import { type K, kFromHex } from './k';

/** φ8(t^k) for k = 0..7. */
export const PHI_BASIS: readonly K[] = [
  '0000000000000001',
  '033ce8beddc8a656',
  '512620375ed2a108',
  '0c9e636090aafc01',
  'ba4f3cd82801769c',
  'ba26e7904adb4a47',
  '467698598926dc01',
  '4418ae808b28bdd0',
].map(kFromHex);

/** PHI[2v..2v+2) = φ8(v) for every byte v: the XOR of the basis images of v's set bits. */
export const PHI = new Uint32Array(512);
for (let v = 1; v < 256; v++) {
  const low = 31 - Math.clz32(v & -v); // lowest set bit: φ8(v) = φ8(v without it) + φ8(t^low)
  const rest = 2 * (v & (v - 1));
  PHI[2 * v] = PHI[rest] ^ PHI_BASIS[low][0];
  PHI[2 * v + 1] = PHI[rest + 1] ^ PHI_BASIS[low][1];
}

export function phi8(v: number): K {
  if (!Number.isInteger(v) || v < 0 || v > 255) throw new ShapeError(`phi8: expected a byte 0..255, got ${v}`);
  return PHI.slice(2 * v, 2 * v + 2);
}
