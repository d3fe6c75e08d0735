// Compile-time integers: checked u128 arithmetic, as the reference evaluates sizes, indexes,
// bounds and exponents (an overflow or a negative result is no value at all).

export const U128_MAX = (1n << 128n) - 1n;
export const U64_MAX = (1n << 64n) - 1n;
export const U32_MAX = (1n << 32n) - 1n;

const inRange = (v: bigint): bigint | undefined => (v >= 0n && v <= U128_MAX ? v : undefined);

export function add128(a: bigint, b: bigint): bigint | undefined {
  return inRange(a + b);
}

export function sub128(a: bigint, b: bigint): bigint | undefined {
  return inRange(a - b);
}

export function mul128(a: bigint, b: bigint): bigint | undefined {
  return inRange(a * b);
}

/** a^e for e a u32 (the reference's checked_pow); undefined on overflow. */
export function pow128(a: bigint, e: bigint): bigint | undefined {
  if (e > U32_MAX) return undefined;
  if (a <= 1n) return e === 0n ? 1n : a;
  // a ≥ 2, so past 128 steps of doubling the result overflows anyway.
  if (e > 128n) return undefined;
  return inRange(a ** e);
}

/** v as a u32 index, or undefined when it does not fit. */
export function asU32(v: bigint | undefined): number | undefined {
  return v !== undefined && v <= U32_MAX ? Number(v) : undefined;
}
