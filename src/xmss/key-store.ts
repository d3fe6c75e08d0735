// Where a secret key's state lives while it signs. XMSS is stateful: a key that signs two
// messages at one epoch lets others forge, so signing (xmssSign) goes through a store that gives
// one signer at a time the key and its next unused epoch, and that makes a new next epoch durable
// before the signature exists outside the signer. The Node host's store is the secret key file
// with a lock beside it (host/node/xmss-key-file-store.ts); a browser would keep the same state
// in its own durable storage.
import type { XmssKeyFile } from './key-file';

/** Exclusive use of one key, from acquire() to release(). */
export interface XmssKeyLease {
  /** The key and its next unused epoch as stored when the lease began. */
  readonly file: XmssKeyFile;
  /** Stores `nextEpoch` as the key's next unused epoch, resolving only once it is durable (it
   * survives a crash of this process or of the machine). */
  spend(nextEpoch: number): Promise<void>;
  /** Ends the lease; another signer may then acquire the key. */
  release(): Promise<void>;
}

export interface XmssKeyStore {
  /** Resolves with a lease once no other signer, in this process or another, holds one. */
  acquire(): Promise<XmssKeyLease>;
}
