// Typed arrays one after another in a new array of their kind.

/** `parts` in order in the array `make(total length)` gives. */
export function joined<A extends Uint8Array | Uint32Array>(parts: readonly A[], make: (length: number) => A): A {
  const out = make(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
