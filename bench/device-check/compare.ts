// Byte-for-byte comparison of two results, with the first differing element for the report.
type Words = Uint8Array | Uint32Array;

const bytes = (a: Words) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Index of the first element where a and b differ (a length difference counts), or −1. */
export function firstDifference(a: Words, b: Words): number {
  if (a.length === b.length && bytes(a).equals(bytes(b))) return -1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
