// The byte regions of a hash-batch proof file (bincode layout, vectors/README.md), named for the
// protocol step their bytes belong to, and a sampler that spreads tamper positions over all of
// them. Length fields are their own regions: a change there is a malformed proof, elsewhere a
// proof that parses and must fail a check.
import { K_LOG } from '../../src/kernels/flock/layout';

export interface Region {
  name: string;
  /** true: u64 length fields (a flip makes the bytes unparseable). */
  length: boolean;
  /** [start, end) byte ranges. */
  ranges: [number, number][];
}

const U64 = 8, E_BYTES = 24, HASH = 32;

function u64At(bytes: Uint8Array, at: number): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset + at, 8);
  return v.getUint32(0, true) + 2 ** 32 * v.getUint32(4, true);
}

/** Regions of the proof for 2^k messages; every byte lies in exactly one. */
export function proofRegions(bytes: Uint8Array, k: number): Region[] {
  const regions: Region[] = [];
  const add = (name: string, length: boolean, start: number, end: number) => {
    const r = regions.find((x) => x.name === name);
    if (r) r.ranges.push([start, end]);
    else regions.push({ name, length, ranges: [[start, end]] });
  };
  const scalar = (i: number) => U64 + E_BYTES * i;
  const zerocheckEnd = 2 + 64 + 2 * (K_LOG + k - 6) + 2, lincheckEnd = zerocheckEnd + 16 + 64;
  const nStream = u64At(bytes, 0);
  add('stream length', true, 0, U64);
  add('stream: commitment root', false, scalar(0), scalar(2));
  add('stream: zerocheck', false, scalar(2), scalar(zerocheckEnd));
  add('stream: lincheck', false, scalar(zerocheckEnd), scalar(lincheckEnd));
  add('stream: ring switch + WHIR', false, scalar(lincheckEnd), scalar(nStream));
  let at = scalar(nStream);
  const nPhases = u64At(bytes, at);
  add('phase count', true, at, at + U64);
  at += U64;
  for (let p = 0; p < nPhases; p++) {
    const nRows = u64At(bytes, at);
    add('Merkle row and sibling counts', true, at, at + U64);
    at += U64;
    for (let i = 0; i < nRows; i++) {
      const words = u64At(bytes, at);
      add('Merkle row lengths', true, at, at + U64);
      add(`phase ${p} rows`, false, at + U64, at + U64 + 8 * words);
      at += U64 + 8 * words;
    }
    const nSib = u64At(bytes, at);
    add('Merkle row and sibling counts', true, at, at + U64);
    add(`phase ${p} sibling hashes`, false, at + U64, at + U64 + HASH * nSib);
    at += U64 + HASH * nSib;
  }
  if (at !== bytes.length) throw new Error(`proofRegions: the layout ends at ${at}, the file at ${bytes.length}`);
  return regions;
}

const size = (r: Region) => r.ranges.reduce((s, [a, b]) => s + b - a, 0);

/**
 * About `budget` distinct positions (at least `floor` per region, the rest in proportion to
 * size), uniformly random within each region from a seeded xorshift32.
 */
export function samplePositions(regions: Region[], budget: number, floor: number, seed: number): { region: Region; at: number }[] {
  let s = seed >>> 0 || 1;
  const rand = (n: number) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s % n;
  };
  const total = regions.reduce((t, r) => t + size(r), 0);
  const out: { region: Region; at: number }[] = [];
  for (const region of regions) {
    const n = size(region);
    const want = Math.min(n, Math.max(floor, Math.round((budget * n) / total)));
    const picked = new Set<number>();
    while (picked.size < want) {
      let i = rand(n);
      for (const [a, b] of region.ranges) {
        if (i < b - a) {
          picked.add(a + i);
          break;
        }
        i -= b - a;
      }
    }
    for (const at of picked) out.push({ region, at });
  }
  return out;
}
