// Aggregate files, version 2 (docs/recursion.md §8): a leaf (today's aggregate) or a node (its
// keys, its three deferred points, its proof; claim values are never stored, the verifier
// recomputes them). Version 1 files decode as leaves. All integers little-endian:
//   0   8    magic "LVXMSSAG"          8  4  version, 2          12  1  kind: 0 leaf, 1 node
//   13  32   the program's bytecode digest                     45  4  n
//   49  32·n the keys, strictly increasing
//   node only: leaf-bytecode, node-bytecode and matrix points, each a u32 count then 24-byte E's
//   then   4 L, the proof's length, and L proof bytes.
import { eFromBytes, eToBytes } from '../../field/e';
import { XMSS_PUBLIC_KEY_BYTES } from '../../xmss';
import { type Aggregate, AGGREGATE_MAGIC, decodeAggregate } from '../xmss-aggregate/aggregate-file';
import { AggregateFormatError } from '../xmss-aggregate/errors';
import { AGGREGATE_MAX_SIGNERS } from '../xmss-aggregate/statement';
import { AggregateFileError } from './errors';
import { NODE_MAX_SIGNERS } from './statement';

export interface LeafAggregate extends Aggregate {
  readonly kind: 'leaf';
}

/** A node's deferred points (packed E coordinates); the values are recomputed, never stored. */
export interface NodePoints {
  readonly leafBytecode: Uint32Array;
  readonly nodeBytecode: Uint32Array;
  readonly matrix: Uint32Array;
}

export interface NodeAggregate {
  readonly kind: 'node';
  /** The node program's bytecode digest (hex). */
  readonly programDigest: string;
  /** The union of signers, strictly increasing. */
  readonly publicKeys: readonly Uint8Array[];
  readonly points: NodePoints;
  readonly proof: Uint8Array;
}

export type TreeAggregate = LeafAggregate | NodeAggregate;

export const AGGREGATE_FILE_VERSION = 2;
const HEADER = 49;
const E_BYTES = 24;
/** No point of a node has more coordinates (a bytecode of 2^28 slots has 32). */
const MAX_POINT = 64;
const POINTS = ['leafBytecode', 'nodeBytecode', 'matrix'] as const;

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const maxSigners = (kind: TreeAggregate['kind']): number => (kind === 'leaf' ? AGGREGATE_MAX_SIGNERS : NODE_MAX_SIGNERS);

/** The aggregate's version-2 bytes; AggregateFileError for an object no file can hold. */
export function encodeTreeAggregate(a: TreeAggregate): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(a.programDigest)) throw new AggregateFileError('digest', 'the program digest must be 64 lowercase hex digits');
  const n = a.publicKeys.length;
  if (n < 1 || n > maxSigners(a.kind)) throw new AggregateFileError('signer-count', `a ${a.kind} aggregate holds 1 to ${maxSigners(a.kind)} keys, got ${n}`);
  const points = a.kind === 'node' ? POINTS.map((p) => a.points[p]) : [];
  for (const p of points) if (p.length % 6 !== 0 || p.length / 6 > MAX_POINT) throw new AggregateFileError('point', `a deferred point has 0 to ${MAX_POINT} whole E coordinates`);
  const size = HEADER + XMSS_PUBLIC_KEY_BYTES * n + points.reduce((s, p) => s + 4 + (E_BYTES * p.length) / 6, 0) + 4 + a.proof.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(AGGREGATE_MAGIC, 0);
  view.setUint32(8, AGGREGATE_FILE_VERSION, true);
  out[12] = a.kind === 'leaf' ? 0 : 1;
  for (let i = 0; i < 32; i++) out[13 + i] = parseInt(a.programDigest.slice(2 * i, 2 * i + 2), 16);
  view.setUint32(45, n, true);
  let at = HEADER;
  a.publicKeys.forEach((k, i) => {
    if (k.length !== XMSS_PUBLIC_KEY_BYTES) throw new AggregateFileError('signer-count', `public key ${i} is ${k.length} bytes, not ${XMSS_PUBLIC_KEY_BYTES}`);
    out.set(k, at);
    at += XMSS_PUBLIC_KEY_BYTES;
  });
  for (const p of points) {
    view.setUint32(at, p.length / 6, true);
    at += 4;
    for (let c = 0; c < p.length; c += 6, at += E_BYTES) out.set(eToBytes(p.subarray(c, c + 6)), at);
  }
  view.setUint32(at, a.proof.length, true);
  out.set(a.proof, at + 4);
  return out;
}

/** Reads version 1 (a leaf) or 2; every length is checked against the bytes left before it is used. */
export function decodeTreeAggregate(bytes: Uint8Array): TreeAggregate {
  if (bytes.length < 12) throw new AggregateFileError('truncated', `an aggregate starts with 12 bytes of magic and version, got ${bytes.length}`);
  if (!AGGREGATE_MAGIC.every((b, i) => bytes[i] === b)) throw new AggregateFileError('magic', 'not an aggregate: the file does not start with "LVXMSSAG"');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version === 1) {
    try {
      return { kind: 'leaf', ...decodeAggregate(bytes) };
    } catch (e) {
      if (e instanceof AggregateFormatError) throw new AggregateFileError(e.problem === 'proof' ? 'truncated' : e.problem, e.message);
      throw e;
    }
  }
  if (version !== AGGREGATE_FILE_VERSION) throw new AggregateFileError('version', `an aggregate of version ${version}; this build reads versions 1 and ${AGGREGATE_FILE_VERSION}`);
  if (bytes.length < HEADER) throw new AggregateFileError('truncated', `a version-2 aggregate has a ${HEADER}-byte header, got ${bytes.length} bytes`);
  if (bytes[12] > 1) throw new AggregateFileError('kind', `kind ${bytes[12]}: an aggregate is a leaf (0) or a node (1)`);
  const kind = bytes[12] === 0 ? 'leaf' : 'node';
  const n = view.getUint32(45, true);
  if (n < 1 || n > maxSigners(kind)) throw new AggregateFileError('signer-count', `the ${kind} says it holds ${n} keys; a ${kind} holds 1 to ${maxSigners(kind)}`);
  let at = HEADER;
  const need = (len: number, what: string): void => {
    if (bytes.length - at < len) throw new AggregateFileError('truncated', `${what} needs ${len} bytes at offset ${at}, ${bytes.length - at} remain`);
  };
  need(XMSS_PUBLIC_KEY_BYTES * n, `${n} keys`);
  const publicKeys = Array.from({ length: n }, (_, i) => bytes.slice(at + XMSS_PUBLIC_KEY_BYTES * i, at + XMSS_PUBLIC_KEY_BYTES * (i + 1)));
  at += XMSS_PUBLIC_KEY_BYTES * n;
  const points: Partial<Record<(typeof POINTS)[number], Uint32Array>> = {};
  if (kind === 'node') {
    for (const p of POINTS) {
      need(4, `the ${p} point's length`);
      const count = view.getUint32(at, true);
      at += 4;
      if (count > MAX_POINT) throw new AggregateFileError('point', `the ${p} point says it has ${count} coordinates; a point has at most ${MAX_POINT}`);
      need(E_BYTES * count, `the ${p} point`);
      const point = new Uint32Array(6 * count);
      for (let c = 0; c < count; c++, at += E_BYTES) point.set(eFromBytes(bytes, at), 6 * c);
      points[p] = point;
    }
  }
  need(4, "the proof's length");
  const proofLength = view.getUint32(at, true);
  at += 4;
  need(proofLength, 'the proof');
  const proof = bytes.slice(at, at + proofLength);
  if (bytes.length > at + proofLength) throw new AggregateFileError('trailing-bytes', `${bytes.length - at - proofLength} bytes follow the proof`);
  const programDigest = hex(bytes.subarray(13, 45));
  return kind === 'leaf' ? { kind, programDigest, publicKeys, proof } : { kind, programDigest, publicKeys, points: points as NodePoints, proof };
}
