// Mutations of VM proof files shared by the fuzzers (test/vm/fuzz.test.ts, the aggregate fuzzer):
// byte-level edits whose result may not even parse, and structural edits of a parsed proof that
// re-encode to bytes which parse but say something else.
import { type Proof, serializeProof } from '../../src/transcript/proof';

export type Rng = () => number;
export const below = (rng: Rng, n: number): number => rng() % Math.max(1, n);

function setU64(b: Uint8Array, at: number, lo: number, hi: number): void {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  v.setUint32(at, lo >>> 0, true);
  v.setUint32(at + 4, hi >>> 0, true);
}

/** Offsets of the proof's u64 length prefixes (stream, phases, each phase's rows, row widths, siblings). */
function lengthPrefixes(bytes: Uint8Array): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (o: number) => v.getUint32(o, true) + 2 ** 32 * v.getUint32(o + 4, true);
  const out = [0];
  let o = 8 + 24 * u64(0);
  out.push(o);
  const phases = u64(o);
  o += 8;
  for (let p = 0; p < phases; p++) {
    out.push(o);
    const rows = u64(o);
    o += 8;
    for (let r = 0; r < rows; r++) {
      out.push(o);
      o += 8 + 8 * u64(o);
    }
    out.push(o);
    o += 8 + 32 * u64(o);
  }
  return out;
}

const copyProof = (p: Proof): Proof => ({
  stream: p.stream.slice(),
  merkle: p.merkle.map((m) => ({ leafData: m.leafData.map((r) => r.slice()), siblingHashes: m.siblingHashes.map((h) => h.slice()) })),
});

/** Structural edits on a parsed proof, re-encoded: the bytes parse, the content is wrong. */
export const STRUCTURAL: ((p: Proof, rng: Rng, other: Proof) => void)[] = [
  (p, rng) => (p.stream = p.stream.slice(0, 6 * below(rng, p.stream.length / 6))),
  (p, rng) => {
    const extra = new Uint32Array(6 * (1 + below(rng, 40)));
    extra.forEach((_, i) => (extra[i] = rng()));
    const s = new Uint32Array(p.stream.length + extra.length);
    s.set(p.stream);
    s.set(extra, p.stream.length);
    p.stream = s;
  },
  (p, rng) => p.merkle.splice(below(rng, p.merkle.length), 1),
  (p, rng) => p.merkle.push(p.merkle[below(rng, p.merkle.length)]),
  (p) => { p.merkle.reverse(); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.splice(below(rng, m.leafData.length), 1); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.siblingHashes.splice(below(rng, m.siblingHashes.length), 1); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.siblingHashes.push(new Uint8Array(32).map(() => rng())); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.reverse(); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; const i = below(rng, m.leafData.length); m.leafData[i] = m.leafData[i].slice(0, m.leafData[i].length - 2); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData.push(m.leafData[below(rng, m.leafData.length)]); },
  (p, rng) => { const m = p.merkle[below(rng, p.merkle.length)]; m.leafData = []; m.siblingHashes = []; },
  (p, rng, o) => (p.merkle[below(rng, p.merkle.length)] = o.merkle[below(rng, o.merkle.length)]),
  (p, rng, o) => { const at = 6 * below(rng, Math.min(p.stream.length, o.stream.length) / 6); p.stream.set(o.stream.subarray(at, at + 6 * 20).subarray(0, p.stream.length - at), at); },
  (p, _rng, o) => (p.stream = o.stream.slice()),
];

/** Byte-level edits of any file (the result may not even parse). */
export const BYTE_EDITS: ((b: Uint8Array, rng: Rng) => Uint8Array)[] = [
  (b, rng) => { for (let k = 1 + below(rng, 16); k > 0; k--) b[below(rng, b.length)] ^= 1 + below(rng, 255); return b; },
  (b, rng) => b.slice(0, below(rng, b.length)),
  (b, rng) => { const out = new Uint8Array(b.length + 1 + below(rng, 64)); out.set(b); for (let i = b.length; i < out.length; i++) out[i] = rng(); return out; },
  (b, rng) => { const at = below(rng, b.length), n = 1 + below(rng, 200); return Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + n)]); },
  (b, rng) => { const at = below(rng, b.length), n = 1 + below(rng, 200); return Uint8Array.from([...b.subarray(0, at), ...b.subarray(at, at + n), ...b.subarray(at)]); },
  (b, rng) => { const at = below(rng, b.length); b.fill(0, at, at + below(rng, 4096)); return b; },
  (_b, rng) => new Uint8Array(below(rng, 4096)).map(() => rng()),
];

/** A u64 length prefix of a proof file set to a neighbour of its value, 0, 1 or a huge one. */
function lengthPrefixEdit(b: Uint8Array, rng: Rng): Uint8Array {
  const prefixes = lengthPrefixes(b);
  const at = prefixes[below(rng, prefixes.length)];
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const old = v.getUint32(at, true);
  const choices: [number, number][] = [[0, 0], [1, 0], [old + 1, 0], [old - 1, 0], [0, 1], [0xffffffff, 0x1fffff], [0xffffffff, 0xffffffff], [rng(), rng() & 0xff]];
  const [lo, hi] = choices[below(rng, choices.length)];
  setU64(b, at, lo, hi);
  return b;
}

/** Byte-level edits of a proof file. */
const BYTEWISE = [...BYTE_EDITS, lengthPrefixEdit];

/** One mutant of `bytes` (a serialized proof whose parsed form is `parsed`): half structural
 * edits re-encoded, half byte-level edits; `other` lends parts for splices. */
export function mutateProof(bytes: Uint8Array, parsed: Proof, other: Proof, rng: Rng): Uint8Array {
  if (below(rng, 2) === 0) {
    const p = copyProof(parsed);
    STRUCTURAL[below(rng, STRUCTURAL.length)](p, rng, other);
    return serializeProof(p);
  }
  return BYTEWISE[below(rng, BYTEWISE.length)](bytes.slice(), rng);
}
