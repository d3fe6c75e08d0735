// The secret key file (docs/xmss.md) as the key store xmssSign signs through. A lease is held
// in this process (callers of one path queue) and across processes (the lock file KEY.lock
// beside the key, ./lock-file.ts); the file is read under the lease, and a new next epoch is
// written through a temporary file, fsync'd, renamed over the key and its directory fsync'd
// before spend() resolves.
import { existsSync, readdirSync, readFileSync, realpathSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkOptions } from '../../src/util/options';
import { decodeKeyFile, encodeKeyFile, type XmssKeyLease, type XmssKeyStore } from '../../src/xmss/index';
import { isTemporaryOf, writeDurably } from './durable-file';
import { acquireLockFile } from './lock-file';

export interface XmssKeyFileStoreOptions {
  /** How long acquire() waits for another signer of the key before LockError 'busy' (default 60 s). */
  waitMs?: number;
}

/** The file `path` names, through symbolic links (where its lock lives); a file that does not
 * exist yet is named in its directory's real path. */
export function keyFileTarget(path: string): string {
  return existsSync(path) ? realpathSync(path) : join(realpathSync(dirname(path)), basename(path));
}

/** The tail of the lease queue of each key in this process. */
const queues = new Map<string, Promise<void>>();

/** Runs `body` after every earlier holder of `target` in this process, holding the cross-process
 * lock too; `body` gets the function that ends both. */
export async function lockKeyFile<T>(target: string, waitMs: number, body: (release: () => void) => Promise<T> | T): Promise<T> {
  const before = queues.get(target) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = before.then(() => mine);
  queues.set(target, tail);
  const endQueue = () => {
    done();
    if (queues.get(target) === tail) queues.delete(target);
  };
  await before;
  let unlock: () => void;
  try {
    unlock = await acquireLockFile(`${target}.lock`, waitMs, `the secret key file ${target}`);
  } catch (e) {
    endQueue();
    throw e;
  }
  removeTemporaries(target);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      unlock();
    } finally {
      endQueue();
    }
  };
  try {
    return await body(release);
  } catch (e) {
    release();
    throw e;
  }
}

/** Temporary files of a writer of `target` that died before its rename: every writer holds the
 * lock, so under it any is an orphan. */
function removeTemporaries(target: string): void {
  for (const name of readdirSync(dirname(target))) if (isTemporaryOf(target, name)) unlinkSync(join(dirname(target), name));
}

/** The secret key file at `path` as a key store (the file must exist: `xmss keygen` writes one). */
export function xmssKeyFileStore(path: string, options: XmssKeyFileStoreOptions = {}): XmssKeyStore {
  checkOptions('xmssKeyFileStore', options, { waitMs: { integer: [0, 2 ** 31 - 1] } });
  const waitMs = options.waitMs ?? 60_000;
  return {
    acquire: async () => {
      const target = realpathSync(path);
      return lockKeyFile(target, waitMs, (release): XmssKeyLease => {
        const file = decodeKeyFile(new Uint8Array(readFileSync(target)));
        let held = true;
        return {
          file,
          spend: async (nextEpoch) => {
            if (!held) throw new Error('spend() after release(): the lease is over');
            if (nextEpoch < file.nextEpoch) throw new RangeError(`the next unused epoch only grows: ${file.nextEpoch}, then ${nextEpoch}`);
            writeDurably(target, encodeKeyFile(file.key, nextEpoch));
          },
          release: async () => {
            held = false;
            release();
          },
        };
      });
    },
  };
}
