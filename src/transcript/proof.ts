// The proof object and its canonical bytes (docs/protocol.md §3.3): bincode 1 defaults,
// fixint little-endian, u64 vector lengths, E = 3 × u64, K = u64, hash = 32 raw bytes.
//   u64 n_stream, n_stream × E
//   u64 n_phases, per phase: u64 n_rows, per row (u64 n_words, n_words × K),
//                            u64 n_sib, n_sib × 32 bytes
import { ByteReader, ByteWriter, type Describe } from './byte-reader';

/** One Merkle opening phase: the rows at the sorted unique queried positions, each a
 * row of K words (2 u32 per word), and the octopus sibling hashes in emission order. */
export interface MerklePhase {
  leafData: Uint32Array[];
  siblingHashes: Uint8Array[];
}

/** The transmitted scalars (packed E, 6 words each) and the Merkle phases, in order. */
export interface Proof {
  stream: Uint32Array;
  merkle: MerklePhase[];
}

/** The verifier's expanded opening of one query: its full leaf image and full path. */
export interface RawMerklePath {
  leafData: Uint32Array;
  path: Uint8Array[];
}

/** The expanded proof the Python verifier reads: one entry per query, phases concatenated. */
export interface RawProof {
  stream: Uint32Array;
  merkle: RawMerklePath[];
}

const U64 = 8;
const E_BYTES = 24;
const HASH_BYTES = 32;

export function serializeProof(proof: Proof): Uint8Array {
  if (proof.stream.length % 6 !== 0) {
    throw new RangeError(`the stream holds whole E scalars (6 words each), got ${proof.stream.length} words`);
  }
  let size = U64 + 4 * proof.stream.length + U64;
  for (const phase of proof.merkle) {
    size += U64 + U64 + HASH_BYTES * phase.siblingHashes.length;
    for (const row of phase.leafData) size += U64 + 4 * row.length;
  }
  const w = new ByteWriter(size);
  w.u64(proof.stream.length / 6);
  w.words(proof.stream);
  w.u64(proof.merkle.length);
  for (const phase of proof.merkle) {
    w.u64(phase.leafData.length);
    for (const row of phase.leafData) {
      if (row.length % 2 !== 0) throw new RangeError(`a row holds whole K words, got ${row.length} u32`);
      w.u64(row.length / 2);
      w.words(row);
    }
    writeHashes(w, phase.siblingHashes);
  }
  return w.finish();
}

/** The raw proof's bytes (the layout parseRawProof reads). */
export function serializeRawProof(proof: RawProof): Uint8Array {
  let size = U64 + 4 * proof.stream.length + U64;
  for (const o of proof.merkle) size += U64 + 4 * o.leafData.length + U64 + HASH_BYTES * o.path.length;
  const w = new ByteWriter(size);
  w.u64(proof.stream.length / 6);
  w.words(proof.stream);
  w.u64(proof.merkle.length);
  for (const o of proof.merkle) {
    w.u64(o.leafData.length / 2);
    w.words(o.leafData);
    writeHashes(w, o.path);
  }
  return w.finish();
}

function writeHashes(w: ByteWriter, hashes: Uint8Array[]): void {
  w.u64(hashes.length);
  for (const h of hashes) {
    if (h.length !== HASH_BYTES) throw new RangeError(`a sibling hash is 32 bytes, got ${h.length}`);
    w.raw(h);
  }
}

function readStream(r: ByteReader): Uint32Array {
  const n = r.length('the stream (E scalars)', E_BYTES);
  return r.words(6 * n, 'the stream scalars');
}

function readKWords(r: ByteReader, what: Describe): Uint32Array {
  const n = r.length(what, U64);
  return r.words(2 * n, what);
}

function readHashes(r: ByteReader, what: Describe): Uint8Array[] {
  const n = r.length(what, HASH_BYTES);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) out.push(r.raw(HASH_BYTES, what));
  return out;
}

// Both parsers walk the bytes twice with the same code: a dry run that only checks the
// layout (a malformed proof fails there, having allocated nothing), then the copy.
function parseTwice<T>(bytes: Uint8Array, walk: (r: ByteReader) => T): T {
  walk(new ByteReader(bytes, true));
  return walk(new ByteReader(bytes));
}

/** Parse canonical proof bytes; throws ProofFormatError on anything but exactly one proof. */
export function parseProof(bytes: Uint8Array): Proof {
  return parseTwice(bytes, walkProof);
}

/** Parse the raw (one path per query) variant, e.g. blake2s_batch_n13.rawproof. */
export function parseRawProof(bytes: Uint8Array): RawProof {
  return parseTwice(bytes, walkRawProof);
}

function walkProof(r: ByteReader): Proof {
  const stream = readStream(r);
  const nPhases = r.length('the Merkle phases', 2 * U64);
  const merkle: MerklePhase[] = [];
  for (let p = 0; p < nPhases; p++) {
    const nRows = r.length(() => `the rows of phase ${p}`, U64);
    const leafData: Uint32Array[] = [];
    for (let i = 0; i < nRows; i++) leafData.push(readKWords(r, () => `row ${i} of phase ${p}`));
    merkle.push({ leafData, siblingHashes: readHashes(r, () => `the sibling hashes of phase ${p}`) });
  }
  r.end();
  return { stream, merkle };
}

function walkRawProof(r: ByteReader): RawProof {
  const stream = readStream(r);
  const n = r.length('the raw openings', 2 * U64);
  const merkle: RawMerklePath[] = [];
  for (let q = 0; q < n; q++) {
    const leafData = readKWords(r, () => `the leaf of raw opening ${q}`);
    merkle.push({ leafData, path: readHashes(r, () => `the path of raw opening ${q}`) });
  }
  r.end();
  return { stream, merkle };
}
