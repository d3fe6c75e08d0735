// Memory a prover could not get. Every backend reports a refused allocation the same way — the
// native module's maps, scratch and threads, a GPU buffer the device refuses or that exceeds
// its limits, a JavaScript array V8 cannot allocate — as an AllocationError naming what was
// being allocated and how many bytes, never as an abort or a wrong proof. The prover frees what
// it held on the way out, so the process can go on (with a smaller job).
import { LeanVmError } from './errors';

/** Where the memory was asked for: the native module, a GPU device, or V8's heap (typed arrays). */
export type MemoryKind = 'native' | 'gpu' | 'js';

const KIND: Record<MemoryKind, string> = { native: 'native-module', gpu: 'GPU', js: 'JavaScript' };

/** A byte count as people read it: 3.0 GiB, 512 MiB, 48 KiB, 100 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  if (bytes >= 2 ** 10) return `${(bytes / 2 ** 10).toFixed(0)} KiB`;
  return `${bytes} bytes`;
}

export class AllocationError extends LeanVmError {
  override name = 'AllocationError';

  constructor(
    readonly memory: MemoryKind,
    /** What was being allocated ("the codeword of encode", "a worker thread's stack"). */
    readonly what: string,
    /** Its size (0 where the refusing allocator did not say). */
    readonly bytes: number,
    /** Why it was refused (the system's words, or the limit that refused it). */
    readonly reason: string,
  ) {
    const size = bytes > 0 ? `${formatBytes(bytes)} (${bytes} bytes) of ` : '';
    super(`could not allocate ${size}${KIND[memory]} memory for ${what}: ${reason}`);
  }
}

/** V8's RangeError for an ArrayBuffer it cannot allocate. */
export function isArrayBufferFailure(e: unknown): boolean {
  return e instanceof RangeError && /Array buffer allocation failed|Invalid (typed )?array (buffer )?length/.test(e.message);
}

/** A new Uint32Array of `length` words (zeroed), or AllocationError naming `what`. */
export function jsWords(length: number, what: string): Uint32Array {
  try {
    return new Uint32Array(length);
  } catch (e) {
    if (isArrayBufferFailure(e)) throw new AllocationError('js', what, 4 * length, (e as Error).message);
    throw e;
  }
}
