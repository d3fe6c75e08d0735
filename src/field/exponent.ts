// Exponents are plain numbers (safe integers): the protocol's exponents are small, and
// anything as large as 2^64 - 2 is better expressed through Frobenius powers.
import { ShapeError } from '../util/errors';

export function checkExponent(e: number, what: string): void {
  if (!Number.isSafeInteger(e) || e < 0) throw new ShapeError(`${what}: expected a non-negative safe integer, got ${e}`);
}

/** The binary digits of e, most significant first ([] for 0), for square-and-multiply. */
export function exponentBits(e: number, what: string): number[] {
  checkExponent(e, what);
  const bits: number[] = [];
  // e may exceed 32 bits, beyond the reach of the bitwise operators.
  for (let v = e; v > 0; v = Math.floor(v / 2)) bits.push(v % 2);
  return bits.reverse();
}
