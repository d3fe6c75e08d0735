// An aggregate and its bytes (version 1, docs/xmss-aggregation.md §9), all integers
// little-endian:
//   0        8    magic, ASCII "LVXMSSAG"
//   8        4    version, 1
//   12       32   BLAKE2s-256 of the aggregation program's bytecode (AGGREGATE_PROGRAM_DIGEST)
//   44       4    n, 1 ..= AGGREGATE_MAX_SIGNERS
//   48       32·n the public keys (root ‖ P), strictly increasing
//   48 + 32n 4    L, the proof's length in bytes
//   52 + 32n L    the VM proof (docs/vm.md)
// The message and epoch are not in it: a verifier brings its own.
import { XMSS_PUBLIC_KEY_BYTES } from '../../xmss';
import { AggregateFormatError } from './errors';
import { AGGREGATE_MAX_SIGNERS } from './statement';

/** One VM proof that n signers signed one (message, epoch), and the signers' keys. */
export interface Aggregate {
  /** The aggregation program's bytecode digest (hex) the proof was made for. */
  readonly programDigest: string;
  /** The n signers' 32-byte public keys in strictly increasing byte order. */
  readonly publicKeys: readonly Uint8Array[];
  readonly proof: Uint8Array;
}

export const AGGREGATE_MAGIC = new TextEncoder().encode('LVXMSSAG');
export const AGGREGATE_VERSION = 1;
const HEADER = 48;
const DIGEST_BYTES = 32;

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The aggregate's bytes; RangeError for an object no aggregate's bytes can hold. */
export function encodeAggregate(aggregate: Aggregate): Uint8Array {
  const { programDigest, publicKeys, proof } = aggregate;
  if (!/^[0-9a-f]{64}$/.test(programDigest)) throw new RangeError('the program digest must be 64 lowercase hex digits');
  const n = publicKeys.length;
  if (n < 1 || n > AGGREGATE_MAX_SIGNERS) throw new RangeError(`an aggregate holds 1 to ${AGGREGATE_MAX_SIGNERS} keys, got ${n}`);
  const out = new Uint8Array(HEADER + XMSS_PUBLIC_KEY_BYTES * n + 4 + proof.length);
  const view = new DataView(out.buffer);
  out.set(AGGREGATE_MAGIC, 0);
  view.setUint32(8, AGGREGATE_VERSION, true);
  for (let i = 0; i < DIGEST_BYTES; i++) out[12 + i] = parseInt(programDigest.slice(2 * i, 2 * i + 2), 16);
  view.setUint32(44, n, true);
  publicKeys.forEach((k, i) => {
    if (k.length !== XMSS_PUBLIC_KEY_BYTES) throw new RangeError(`public key ${i} is ${k.length} bytes, not ${XMSS_PUBLIC_KEY_BYTES}`);
    out.set(k, HEADER + XMSS_PUBLIC_KEY_BYTES * i);
  });
  const at = HEADER + XMSS_PUBLIC_KEY_BYTES * n;
  view.setUint32(at, proof.length, true);
  out.set(proof, at + 4);
  return out;
}

/** Reads an aggregate's bytes, checking, in order: the header's length, the magic, the version,
 * n, the length the keys and the proof take, and that nothing follows. Throws
 * AggregateFormatError naming the problem. Whether the keys are in order and the proof is one is
 * verifyAggregate's question. */
export function decodeAggregate(bytes: Uint8Array): Aggregate {
  if (bytes.length < HEADER) throw new AggregateFormatError('truncated', `an aggregate has a ${HEADER}-byte header, got ${bytes.length} bytes`);
  if (!AGGREGATE_MAGIC.every((b, i) => bytes[i] === b)) throw new AggregateFormatError('magic', 'not an aggregate: the file does not start with "LVXMSSAG"');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== AGGREGATE_VERSION) throw new AggregateFormatError('version', `an aggregate of version ${version}; this build reads version ${AGGREGATE_VERSION}`);
  const n = view.getUint32(44, true);
  if (n < 1 || n > AGGREGATE_MAX_SIGNERS) throw new AggregateFormatError('signer-count', `the aggregate says it holds ${n} keys; an aggregate holds 1 to ${AGGREGATE_MAX_SIGNERS}`);
  const at = HEADER + XMSS_PUBLIC_KEY_BYTES * n;
  if (bytes.length < at + 4) throw new AggregateFormatError('truncated', `${n} keys and the proof's length need ${at + 4} bytes, the aggregate has ${bytes.length}`);
  const proofLength = view.getUint32(at, true);
  const end = at + 4 + proofLength;
  if (bytes.length < end) throw new AggregateFormatError('truncated', `the aggregate announces a proof of ${proofLength} bytes; ${bytes.length - at - 4} follow`);
  if (bytes.length > end) throw new AggregateFormatError('trailing-bytes', `${bytes.length - end} bytes follow the proof`);
  return {
    programDigest: hex(bytes.subarray(12, 12 + DIGEST_BYTES)),
    publicKeys: Array.from({ length: n }, (_, i) => bytes.slice(HEADER + XMSS_PUBLIC_KEY_BYTES * i, HEADER + XMSS_PUBLIC_KEY_BYTES * (i + 1))),
    proof: bytes.slice(at + 4, end),
  };
}
