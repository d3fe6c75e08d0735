// Key generation for an epoch range, and the secret key that signs in it. As upstream, the
// tree is cut at the split level s = ⌈⌈log2 R⌉ / 2⌉: the key keeps the bands from level s up
// (about √R + 2·32 nodes) and rebuilds the one bottom subtree of 2^s leaves that an epoch
// needs when it signs (the last one stays cached). Memory is O(√R) in keygen and signing.
import { bytesToWords, wordsToBytes } from '../hash/blake2s';
import { checkOptions } from '../util/options';
import { checkEpoch, checkLength, XmssEpochError, XmssFormatError } from './errors';
import { TweakHasher } from './hash';
import { DIGEST_WORDS, PATH_WORDS, XMSS_DIGEST_BYTES, XMSS_SEED_BYTES, XMSS_TREE_HEIGHT } from './params';
import { PRF_PUBLIC_PARAM, SeedPrf } from './prf';
import { type Band, bandCount, buildUp, leafBand, nodeOrFiller, shr, type TreeHashes } from './tree';

/** merkle_root ‖ public_param, 16 bytes each. */
export interface XmssPublicKey {
  merkleRoot: Uint8Array;
  publicParam: Uint8Array;
}

/** ⌈log2 n⌉ for 1 ≤ n ≤ 2^32. */
function log2Ceil(n: number): number {
  let k = 0;
  while (2 ** k < n) k++;
  return k;
}

/** The split level of a range of R epochs: bottom subtrees have 2^s leaves. */
export const splitLevelOf = (epochStart: number, epochEnd: number): number => Math.ceil(log2Ceil(epochEnd - epochStart + 1) / 2);

/** The in-range leaves lo ..= hi of bottom subtree `index` (its leaves are index·2^s .. (index + 1)·2^s − 1). */
function subtreeLeaves(epochStart: number, epochEnd: number, split: number, index: number): [number, number] {
  return [Math.max(epochStart, index * 2 ** split), Math.min(epochEnd, (index + 1) * 2 ** split - 1)];
}

export class XmssSecretKey {
  readonly seed: Uint8Array;
  /** Inclusive range of the epochs this key signs. */
  readonly epochStart: number;
  readonly epochEnd: number;
  readonly publicKey: XmssPublicKey;
  readonly splitLevel: number;
  /** Bands of levels splitLevel ..= 32; the last is the root. */
  private readonly top: Band[];
  private readonly hashes: TreeHashes;
  private cached: { index: number; bands: Band[] } | undefined;

  /** A key from its seed, range and split-level band (the bottom subtrees' roots); the
   * levels above are rebuilt here, O(√R + 32) compressions. */
  constructor(seed: Uint8Array, epochStart: number, epochEnd: number, subtreeRoots: Band) {
    this.seed = seed.slice();
    this.epochStart = epochStart;
    this.epochEnd = epochEnd;
    this.splitLevel = splitLevelOf(epochStart, epochEnd);
    const { hashes, publicParam } = keyHashes(this.seed);
    this.hashes = hashes;
    const s = this.splitLevel;
    if (subtreeRoots.base !== shr(epochStart, s) || bandCount(subtreeRoots) !== shr(epochEnd, s) - shr(epochStart, s) + 1) {
      throw new RangeError(`a key for epochs ${epochStart}..${epochEnd} has ${shr(epochEnd, s) - shr(epochStart, s) + 1} subtree roots from ${shr(epochStart, s)}`);
    }
    this.top = buildUp(this.hashes, [subtreeRoots], epochStart, epochEnd, s, XMSS_TREE_HEIGHT);
    this.publicKey = { merkleRoot: wordsToBytes(this.top[this.top.length - 1].nodes), publicParam: wordsToBytes(publicParam) };
  }

  /** The split-level band: what a secret key file stores besides the seed and range. */
  get subtreeRoots(): Band {
    return this.top[0];
  }

  /** The hashes under this key's seed and public parameter (signing uses them). */
  get treeHashes(): TreeHashes {
    return this.hashes;
  }

  /** Throws XmssEpochError unless `epoch` is in this key's range. */
  checkSigns(epoch: number): void {
    checkEpoch(epoch);
    if (epoch < this.epochStart || epoch > this.epochEnd) {
      throw new XmssEpochError('out-of-range', `epoch ${epoch} is outside this key's range ${this.epochStart}..${this.epochEnd}`);
    }
  }

  /** The authentication path of `epoch`'s leaf: 32 siblings, leaf level first, 128 words. */
  authPath(epoch: number): Uint32Array {
    this.checkSigns(epoch);
    const s = this.splitLevel, index = shr(epoch, s);
    if (this.cached?.index !== index) {
      const [lo, hi] = subtreeLeaves(this.epochStart, this.epochEnd, s, index);
      this.cached = { index, bands: buildUp(this.hashes, [leafBand(this.hashes, lo, hi)], lo, hi, 0, s) };
    }
    const path = new Uint32Array(PATH_WORDS);
    for (let level = 0; level < XMSS_TREE_HEIGHT; level++) {
      const x = shr(epoch, level);
      const sibling = x % 2 === 0 ? x + 1 : x - 1;
      const band = level < s ? this.cached.bands[level] : this.top[level - s];
      nodeOrFiller(this.hashes, band, level, sibling, path, DIGEST_WORDS * level);
    }
    return path;
  }
}

export interface KeyGenOptions {
  /** Called after each bottom subtree with the fraction of the range's leaves done. */
  onProgress?: (fraction: number) => void;
}

/**
 * The key for epochs epochStart ..= epochEnd from a 32-byte seed (upstream's
 * xmss_key_gen): deterministic, and the public key depends on the range as well as the seed.
 * R epochs cost about 350·R compressions.
 */
export function xmssKeyGen(seed: Uint8Array, epochStart: number, epochEnd: number, opts: KeyGenOptions = {}): XmssSecretKey {
  checkOptions('xmssKeyGen', opts, { onProgress: 'function' });
  checkLength('seed', seed, XMSS_SEED_BYTES);
  checkEpoch(epochStart, 'the first epoch');
  checkEpoch(epochEnd, 'the last epoch');
  if (epochStart > epochEnd) throw new XmssEpochError('empty-range', `the epoch range ${epochStart}..${epochEnd} is empty`);
  const s = splitLevelOf(epochStart, epochEnd);
  const { hashes } = keyHashes(seed);
  const first = shr(epochStart, s), last = shr(epochEnd, s);
  const roots = new Uint32Array(DIGEST_WORDS * (last - first + 1));
  const total = epochEnd - epochStart + 1;
  for (let index = first; index <= last; index++) {
    const [lo, hi] = subtreeLeaves(epochStart, epochEnd, s, index);
    const bands = buildUp(hashes, [leafBand(hashes, lo, hi)], lo, hi, 0, s);
    roots.set(bands[s].nodes, DIGEST_WORDS * (index - first));
    opts.onProgress?.((hi - epochStart + 1) / total);
  }
  return new XmssSecretKey(seed, epochStart, epochEnd, { base: first, nodes: roots });
}

/** The PRF of `seed` and the hashes under its public parameter P = PRF(seed, 1001, 0, 0) (4 words). */
function keyHashes(seed: Uint8Array): { hashes: TreeHashes; publicParam: Uint32Array } {
  const prf = new SeedPrf(seed);
  const publicParam = new Uint32Array(DIGEST_WORDS);
  prf.into(PRF_PUBLIC_PARAM, 0, 0, publicParam, 0);
  return { hashes: { prf, hasher: new TweakHasher(publicParam) }, publicParam };
}

/** Throws XmssFormatError unless `pk` holds two 16-byte arrays. */
export function checkPublicKey(pk: XmssPublicKey): void {
  if (typeof pk !== 'object' || pk === null) throw new XmssFormatError('public key', 'not an object');
  checkLength('public key', pk.merkleRoot, XMSS_DIGEST_BYTES);
  checkLength('public key', pk.publicParam, XMSS_DIGEST_BYTES);
}

/** A public key's 8 words: root then P. */
export const publicKeyWords = (pk: XmssPublicKey): { root: Uint32Array; publicParam: Uint32Array } => ({
  root: bytesToWords(pk.merkleRoot),
  publicParam: bytesToWords(pk.publicParam),
});
