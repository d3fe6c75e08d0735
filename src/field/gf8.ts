// GF(2^8) = GF(2)[t] / (t^8 + t^4 + t^3 + t + 1), the AES field (0x11B). An element is a
// byte; bit i is the coefficient of t^i. Used only to name the zerocheck skip-domain points.
import { ShapeError } from '../util/errors';

/** EXP[i] = 3^i (3 = t + 1 generates the multiplicative group), doubled to skip a mod 255. */
const EXP = new Uint8Array(510);
/** LOG[v] = i with 3^i = v, for v ≠ 0. */
const LOG = new Uint8Array(256);
for (let i = 0, v = 1; i < 255; i++) {
  EXP[i] = EXP[i + 255] = v;
  LOG[v] = i;
  v ^= (v << 1) ^ (v & 0x80 ? 0x11b : 0); // v·(t + 1)
}

function check(v: number, what: string): void {
  if (!Number.isInteger(v) || v < 0 || v > 255) throw new ShapeError(`${what}: expected a byte 0..255, got ${v}`);
}

export function gf8Mul(a: number, b: number): number {
  check(a, 'gf8Mul');
  check(b, 'gf8Mul');
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** a^-1, with inv(0) = 0. */
export function gf8Inv(a: number): number {
  check(a, 'gf8Inv');
  return a === 0 ? 0 : EXP[255 - LOG[a]];
}
