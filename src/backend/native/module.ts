// The C++ companion module's functions (host/native/src/addon.cc) as the adapter calls them.
// The host loads the module (host/node/native.ts) and hands it in: nothing here is Node-only.
// Every buffer is a Uint32Array used in place, its K words read as little-endian u64.

/** An instruction-set path: its name and what the products and hashes run on. */
export interface NativePath {
  readonly name: string;
  readonly field: string;
  readonly hash: string;
}

export interface NativeModule {
  /** The paths this CPU runs, best first. */
  paths(): NativePath[];
  activePath(): NativePath;
  /** Switches the path for every later call (tests and benches compare them). */
  usePath(name: string): void;
  /** The worker pool's size from now on (the calling thread included; every core by default).
   * Results are the same bytes at every count. */
  setThreads(n: number): void;
  threads(): number;
  /** Δ_d[k] of src/ntt/twiddles.ts as 63 rows of 63 K words; once, before transforms. */
  setTwiddleDeltas(deltas: Uint32Array): void;
  mulK(a: Uint32Array, b: Uint32Array, out: Uint32Array): void;
  mulE(a: Uint32Array, b: Uint32Array, out: Uint32Array): void;
  /** forwardNtt of src/ntt/transform.ts, in place. */
  forwardNtt(data: Uint32Array, nLanes: number, startLayer: number): void;
  /** encodeStack of src/ntt/encode.ts into a codeword of nLanes·2^(logMsg+logInvRate) K words. */
  encodeStack(q: Uint32Array, codeword: Uint32Array, logMsg: number, nLanes: number, logInvRate: number): void;
  /** buildMerkleTree's digests (src/merkle/tree.ts) into nodes (8·(2·nLeaves − 1) words). */
  merkleTree(rows: Uint32Array, rowWords: number, leafWords: number, nodes: Uint32Array): void;
}

const FUNCTIONS = [
  'paths', 'activePath', 'usePath', 'setThreads', 'threads', 'setTwiddleDeltas', 'mulK', 'mulE', 'forwardNtt', 'encodeStack', 'merkleTree',
] as const;

/** The loaded module is not the one this adapter was written for (a stale build). */
export class NativeModuleError extends Error {
  override name = 'NativeModuleError';
}

export function asNativeModule(loaded: unknown): NativeModule {
  const missing = FUNCTIONS.filter((f) => typeof (loaded as Record<string, unknown> | null)?.[f] !== 'function');
  if (missing.length > 0) throw new NativeModuleError(`native module lacks ${missing.join(', ')} (rebuild it: npm install)`);
  return loaded as NativeModule;
}
