// The name of the Flock BLAKE2s circuit in the VM's Fiat–Shamir seed: leanVM-b bakes it as an
// opaque 32-byte constant (a digest of the circuit's matrices at one instance size, which it
// no longer builds), so every verifier carries the same bytes.
export const R1CS_DIGEST: Uint8Array = Uint8Array.from(
  '537ad20790308f8eb8c0e8bd3e6c58ee64573371e3d53c30613dd04d87c0b7ea'.match(/../g)!.map((h) => parseInt(h, 16)),
);
