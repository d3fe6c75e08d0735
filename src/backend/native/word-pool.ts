// The native backend's pool of large arrays (src/backend/word-pool.ts), shared with its VM
// kernels: from MAPPED_MIN_BYTES to MAPPED_MAX_BYTES the module's mapped, page-aligned buffers,
// unmapped as soon as the pool drops them, or moved into a larger one (resizeWords, where the
// module has it) where the pool would drop a spare to map anew; V8's elsewhere. Fresh pages
// whose taker touches them all (take(), and takeZeroed() when told: Backend.alloc) are faulted
// in by the module at once (one call a 2 MiB range instead of a trap a page), the others on
// first touch (a sparse accumulator maps few).
import { WordPool } from '../word-pool';
import type { NativeModule } from './module';

/** Below this V8 allocates: glibc serves such sizes (to its largest mmap threshold, 32 MiB)
 * from memory that earlier frees left mapped, where a map of our own faults in every page
 * anew (a 2^15 hash proof's zerocheck, one thread: ≈ 290 → 320–440 ms with maps from 64 KiB). */
const MAPPED_MIN_BYTES = 1 << 25;

/** The most the module maps at once (Node 20 makes no larger external buffer): V8 allocates past it. */
const MAPPED_MAX_BYTES = 2 ** 32;

/** Whether the pool's buffer of `bytes` is the module's map. */
const isMapped = (bytes: number): boolean => bytes >= MAPPED_MIN_BYTES && bytes <= MAPPED_MAX_BYTES;

/** The pool; `collect` (a Node host passes V8's gc) frees the arrays past the largest map,
 * which are V8's, once the pool has let enough of them go. */
export function nativeWordPool(module: NativeModule, collect?: () => void): WordPool {
  const { allocWords, releaseWords, resizeWords } = module;
  if (allocWords === undefined || releaseWords === undefined) return new WordPool({ collect });
  return new WordPool({
    allocate: (bytes, dense) => (isMapped(bytes) ? allocWords.call(module, bytes, dense) : new ArrayBuffer(bytes)),
    release: (buffer) => {
      if (!isMapped(buffer.byteLength)) return false;
      releaseWords.call(module, buffer as ArrayBuffer);
      return true;
    },
    resize: resizeWords === undefined ? undefined : { fits: isMapped, move: (buffer, bytes, dense) => resizeWords.call(module, buffer, bytes, dense) },
    collect,
  });
}
