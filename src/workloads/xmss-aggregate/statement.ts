// The statement an XMSS aggregate proves, as the program publishes it (docs/xmss-aggregation.md
// §2): a BLAKE2s-256 digest D of a domain tag, the message, the epoch, n and the sorted public
// keys, split into the VM's two public-input words. Every hash is a standard BLAKE2s-256 with a
// fixed-length input, so any BLAKE2s recomputes it:
//   K_0     = BLAKE2s(KEY_LIST_TAG ‖ n ‖ 0^16)          64 bytes
//   K_{i+1} = BLAKE2s(K_i ‖ root_i ‖ P_i)                64 bytes
//   D       = BLAKE2s(STATEMENT_TAG ‖ m ‖ e ‖ n ‖ K_n)   128 bytes
// with n and e as u32 LE in 16-byte fields.
import { blake2s } from '../../hash/blake2s';
import { eFromLimbs } from '../../field/e';
import { kFromBytes, kZero } from '../../field/k';
import type { PublicInput } from '../../vm/public-input';
import { XMSS_MAX_EPOCH, XMSS_MESSAGE_BYTES, XMSS_PUBLIC_KEY_BYTES } from '../../xmss';
import { AggregateInputError } from './errors';
import { joined } from '../../util/joined';

/** The most signers one aggregate holds: the program reads n from 12 bits. */
export const AGGREGATE_MAX_SIGNERS = 4095;

/** A label as a 32-byte tag: its ASCII, zero-padded. */
export const tag = (label: string): Uint8Array => {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(label));
  return bytes;
};

/** Leads the statement digest D (ASCII, zero-padded to 32 bytes). */
export const STATEMENT_TAG = tag('leanvm-gpu/xmss-aggregate/v1');
/** Leads the key-list chain K (ASCII, zero-padded to 32 bytes). */
export const KEY_LIST_TAG = tag('leanvm-gpu/xmss-agg-keys/v1');

/** A u32 as the 16-byte field the hashes read: 4 LE bytes, then zeros. */
export function u32Field(v: number): Uint8Array {
  const out = new Uint8Array(16);
  new DataView(out.buffer).setUint32(0, v, true);
  return out;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  return joined(parts, (length) => new Uint8Array(length));
}

/** -1, 0 or 1 as a is below, equal to or above b in byte order. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Throws AggregateInputError unless `keys` is a list of 1 ..= AGGREGATE_MAX_SIGNERS 32-byte
 * public keys in strictly increasing byte order (so distinct). */
export function checkKeyList(keys: readonly Uint8Array[]): void {
  if (keys.length === 0) throw new AggregateInputError('no-signers', 'an aggregate needs at least one signer');
  if (keys.length > AGGREGATE_MAX_SIGNERS) {
    throw new AggregateInputError('too-many-signers', `an aggregate holds at most ${AGGREGATE_MAX_SIGNERS} signers, got ${keys.length}`);
  }
  keys.forEach((k, i) => {
    if (!(k instanceof Uint8Array) || k.length !== XMSS_PUBLIC_KEY_BYTES) {
      throw new AggregateInputError('malformed', `public key ${i} is not ${XMSS_PUBLIC_KEY_BYTES} bytes`, i);
    }
    if (i > 0 && compareBytes(keys[i - 1], k) >= 0) {
      throw new AggregateInputError('unsorted-keys', `public keys ${i - 1} and ${i} are not in strictly increasing byte order`, i);
    }
  });
}

/** K_n: the count-led chain over the sorted keys (checked as checkKeyList does). */
export function keyListDigest(keys: readonly Uint8Array[]): Uint8Array {
  checkKeyList(keys);
  let k = blake2s(concat([KEY_LIST_TAG, u32Field(keys.length), new Uint8Array(16)]));
  for (const pk of keys) k = blake2s(concat([k, pk]));
  return k;
}

/** Throws AggregateInputError ('malformed') unless the message is 32 bytes and the epoch a u32. */
export function checkMessageEpoch(message: Uint8Array, epoch: number): void {
  if (!(message instanceof Uint8Array) || message.length !== XMSS_MESSAGE_BYTES) {
    throw new AggregateInputError('malformed', `the message must be ${XMSS_MESSAGE_BYTES} bytes`);
  }
  if (!Number.isInteger(epoch) || epoch < 0 || epoch > XMSS_MAX_EPOCH) {
    throw new AggregateInputError('malformed', `the epoch must be an integer in 0 .. ${XMSS_MAX_EPOCH}, got ${epoch}`);
  }
}

/** D for (message, epoch, the sorted keys): the 32 bytes the aggregate's public input holds. */
export function statementDigest(message: Uint8Array, epoch: number, keys: readonly Uint8Array[]): Uint8Array {
  checkMessageEpoch(message, epoch);
  const kn = keyListDigest(keys);
  return blake2s(concat([STATEMENT_TAG, message, u32Field(epoch), u32Field(keys.length), kn]));
}

/** A 16-byte string as the 128-bit VM word (c0 = bytes 0..8, c1 = bytes 8..16, c2 = 0). */
export function cellOf(bytes: Uint8Array, offset = 0): Uint32Array {
  return eFromLimbs(kFromBytes(bytes, offset), kFromBytes(bytes, offset + 8), kZero());
}

/** The two public-input words of a digest: bytes 0..16 and 16..32. */
export function digestPublicInput(digest: Uint8Array): PublicInput {
  return [cellOf(digest, 0), cellOf(digest, 16)];
}
