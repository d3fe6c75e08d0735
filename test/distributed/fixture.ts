// The tree the distributed tests prove: `leaves` × `leafSize` fresh XMSS signers on one message,
// arity 2, as a signers directory (s00.pub, s00.sig, ... in plan order) and as objects, with the
// root aggregateTree proves on one machine over the stand-in node program (the reference every
// distributed root must equal byte for byte). CI proves 4 leaves of 2; LEANVM_TREE_FULL=1 the
// acceptance shape, 8 leaves of 8 (four levels). The fault tests prove the smaller tree over the
// first two leaves' signers (two leaves and the root: three jobs); `repeated` is that tree with
// its first leaf's signers once more at the end (the same leaf statement twice, under two nodes).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdRng } from '../../src/util/std-rng';
import { encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { aggregateTree } from '../../src/workloads/recursion/tree-aggregate';
import { encodePublicKey, encodeSignature, xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { randomBytes, xorshift32 } from '../hash/prng';
import { nativeOrCpu } from '../native/fast-backend';
import standIn from './stand-in-node';

export const FULL = process.env.LEANVM_TREE_FULL === '1';
export const SHAPE = FULL ? { leaves: 8, leafSize: 8, arity: 2 } : { leaves: 4, leafSize: 2, arity: 2 };
export const EPOCH = 9;

export interface Signer {
  readonly name: string;
  readonly publicKey: Uint8Array;
  readonly signature: Uint8Array;
}

/** A tree's signers and aggregateTree's root of them. */
export interface TreeCase {
  readonly signers: readonly Signer[];
  /** aggregateTree's root, encoded. */
  readonly root: Uint8Array;
  readonly jobs: number;
  readonly oneMachineMs: number;
}

export interface TreeFixture extends TreeCase {
  readonly message: Uint8Array;
  readonly messageHex: string;
  /** The signers' files, s00.pub/s00.sig .. */
  readonly dir: string;
  /** The tree over the first two leaves' signers. */
  readonly small: TreeCase;
  /** The small tree's signers, then its first leaf's again: three leaves, the first and last equal. */
  readonly repeated: TreeCase;
}

export function makeSigners(count: number, seed: number, message: Uint8Array): Signer[] {
  const next = xorshift32(seed);
  return Array.from({ length: count }, (_, i) => {
    const key = xmssKeyGen(randomBytes(next, 32), EPOCH - 1, EPOCH + 1);
    const sig = xmssSignUnsafeInMemory(key, message, EPOCH, StdRng.seedFromU64(seed + i, 0)).signature;
    return { name: `s${String(i).padStart(2, '0')}`, publicKey: encodePublicKey(key.publicKey), signature: encodeSignature(sig) };
  });
}

export function signersDir(signers: readonly Signer[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'leanvm-signers-'));
  for (const s of signers) {
    writeFileSync(join(dir, `${s.name}.pub`), s.publicKey);
    writeFileSync(join(dir, `${s.name}.sig`), s.signature);
  }
  return dir;
}

export async function treeFixture(seed: number): Promise<TreeFixture> {
  const message = randomBytes(xorshift32(seed ^ 0x5a5a), 32);
  const signers = makeSigners(SHAPE.leaves * SHAPE.leafSize, seed, message);
  const backend = await nativeOrCpu('distributed fixture');
  const reference = async (of: readonly Signer[]): Promise<TreeCase> => {
    const t = performance.now();
    const { root, plan } = await aggregateTree({ message, epoch: EPOCH, signers: of, leafSize: SHAPE.leafSize, arity: SHAPE.arity }, { backend, node: standIn });
    const jobs = plan.leaves.length + plan.levels.reduce((s, l) => s + l.length, 0);
    return { signers: of, root: encodeTreeAggregate(root), jobs, oneMachineMs: performance.now() - t };
  };
  try {
    const full = await reference(signers);
    const small = await reference(signers.slice(0, 2 * SHAPE.leafSize));
    const repeated = await reference([...small.signers, ...signers.slice(0, SHAPE.leafSize)]);
    return { ...full, message, messageHex: Buffer.from(message).toString('hex'), dir: signersDir(signers), small, repeated };
  } finally {
    await backend.dispose();
  }
}
