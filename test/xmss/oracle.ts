// An independent model of the scheme for tests, on byte strings through @noble/hashes and
// BigInt: the tweakable hash, the PRF, and a key's tree node by node as shared/vectors/xmss's
// README defines it (a node above the range hashes its children, any other is its filler).
import { blake2s } from '@noble/hashes/blake2.js';

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
};

const le = (value: bigint, bytes: number): Uint8Array => Uint8Array.from({ length: bytes }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));

export function tweakBytes(type: number, sub: number, index: number): Uint8Array {
  return concat(Uint8Array.of(type), le(BigInt(sub), 4), le(BigInt(index), 4), new Uint8Array(7));
}

/** Th(P, (type, sub, index), payload). */
export const th = (pp: Uint8Array, type: number, sub: number, index: number, payload: Uint8Array): Uint8Array =>
  blake2s(concat(tweakBytes(type, sub, index), pp, payload)).slice(0, 16);

export const prf = (seed: Uint8Array, domain: number, a: number, b: number): Uint8Array =>
  blake2s(concat(le(BigInt(domain), 4), le(BigInt(a), 8), le(BigInt(b), 8)), { key: seed }).slice(0, 16);

export const chain = (pp: Uint8Array, epoch: number, i: number, x: Uint8Array, start: number, steps: number): Uint8Array => {
  for (let s = start; s < start + steps; s++) x = th(pp, 0, 8 * i + s, epoch, x);
  return x;
};

/** A key's tree, memoised: node(level, index) for the range lo ..= hi. */
export class OracleTree {
  readonly pp: Uint8Array;
  private readonly memo = new Map<string, Uint8Array>();

  constructor(readonly seed: Uint8Array, readonly lo: number, readonly hi: number) {
    this.pp = prf(seed, 1001, 0, 0);
  }

  leaf(epoch: number): Uint8Array {
    const ends = Array.from({ length: 42 }, (_, i) => chain(this.pp, epoch, i, prf(this.seed, 1000, epoch, i), 0, 7));
    return th(this.pp, 1, 0, epoch, concat(...ends));
  }

  node(level: number, index: number): Uint8Array {
    const key = `${level}/${index}`;
    let v = this.memo.get(key);
    if (v) return v;
    const inBand = index >= Math.floor(this.lo / 2 ** level) && index <= Math.floor(this.hi / 2 ** level);
    if (!inBand) v = prf(this.seed, 1002, level, index);
    else if (level === 0) v = this.leaf(index);
    else v = th(this.pp, 2, level, index, concat(this.node(level - 1, 2 * index), this.node(level - 1, 2 * index + 1)));
    this.memo.set(key, v);
    return v;
  }

  root(): Uint8Array {
    return this.node(32, 0);
  }

  /** The 32 siblings of epoch's leaf, concatenated. */
  path(epoch: number): Uint8Array {
    return concat(...Array.from({ length: 32 }, (_, l) => {
      const x = Math.floor(epoch / 2 ** l);
      return this.node(l, x % 2 === 0 ? x + 1 : x - 1);
    }));
  }
}
