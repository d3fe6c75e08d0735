// The native backend's pool of large arrays (src/backend/word-pool.ts), shared with its VM
// kernels, on the module's buffers, each returned as soon as the pool drops it: so the pool
// leaves V8 nothing to collect (a full collection, some 13 ms, is then never called for) and
// memory it lets go is free at once. From MAPPED_MIN_BYTES to MAPPED_MAX_BYTES the module's
// mapped, page-aligned buffers, moved into a larger one (resizeWords, where the module has it)
// where the pool would drop a spare to map anew; below, the C allocator's (heapWords, 64-byte
// aligned, left as they come where the taker asked for no zeros: memory freed a moment ago is
// not cleared again); past them V8's. Fresh mapped pages whose taker touches them all (take(), and
// takeZeroed() when told: Backend.alloc) are faulted in by the module at once (one call a
// 2 MiB range instead of a trap a page), the others on first touch (a sparse accumulator maps
// few).
import { MIN_BYTES, WordPool } from '../word-pool';
import type { NativeModule } from './module';

/** Below this the C allocator serves: glibc serves such sizes (to its largest mmap threshold,
 * 32 MiB) from memory that earlier frees left mapped, where a map of our own faults in every
 * page anew (a 2^15 hash proof's zerocheck, one thread: ≈ 290 → 320–440 ms with maps from
 * 64 KiB). */
const MAPPED_MIN_BYTES = 1 << 25;

/** The most the module holds in one buffer (Node 20 makes no larger external buffer): V8
 * allocates past it. */
const MAPPED_MAX_BYTES = 2 ** 32;

/** Whether the pool's buffer of `bytes` is the module's map. */
const isMapped = (bytes: number): boolean => bytes >= MAPPED_MIN_BYTES && bytes <= MAPPED_MAX_BYTES;

/** Whether it is the module's at all (the pool keeps no array below MIN_BYTES: those stay V8's). */
const isModules = (bytes: number): boolean => bytes >= MIN_BYTES && bytes <= MAPPED_MAX_BYTES;

/** The pool; `collect` (a Node host passes V8's gc) frees the arrays V8 holds (past the
 * largest buffer, and those its backend reports with forget()) once enough are let go. */
export function nativeWordPool(module: NativeModule, collect?: () => void): WordPool {
  const { allocWords, heapWords, releaseWords, resizeWords } = module;
  if (allocWords === undefined || heapWords === undefined || releaseWords === undefined) return new WordPool({ collect });
  return new WordPool({
    allocate: (bytes, dense, zeroed) => {
      if (isMapped(bytes)) return allocWords.call(module, bytes, dense);
      return isModules(bytes) ? heapWords.call(module, bytes, zeroed) : new ArrayBuffer(bytes);
    },
    release: (buffer) => {
      if (!isModules(buffer.byteLength)) return false;
      releaseWords.call(module, buffer as ArrayBuffer);
      return true;
    },
    resize: resizeWords === undefined ? undefined : { fits: isMapped, move: (buffer, bytes, dense) => resizeWords.call(module, buffer, bytes, dense) },
    collect,
  });
}
