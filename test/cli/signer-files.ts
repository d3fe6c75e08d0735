// Signers as the CLI reads them from a directory: NAME.pub and NAME.sig.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StdRng } from '../../src/util/std-rng';
import { encodePublicKey, encodeSignature, type XmssPublicKey, type XmssSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes } from '../hash/prng';

export interface SignerPair {
  readonly publicKey: XmssPublicKey;
  readonly signature: XmssSignature;
}

/** `n` fresh keys for `epoch` alone (seeds from `next`), each signing `message` there (signature
 * randomness StdRng(i, stream)), written into `dir` as s0 … s(n-1). */
export function writeFreshSigners(dir: string, n: number, message: Uint8Array, epoch: number, next: () => number, stream: number): SignerPair[] {
  return Array.from({ length: n }, (_, i) => {
    const key = xmssKeyGen(randomBytes(next, 32), epoch, epoch);
    const s = { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, epoch, StdRng.seedFromU64(i, stream)).signature };
    writeFileSync(join(dir, `s${i}.pub`), encodePublicKey(s.publicKey));
    writeFileSync(join(dir, `s${i}.sig`), encodeSignature(s.signature));
    return s;
  });
}
