// The native backend's pool of large arrays (src/backend/word-pool.ts): from MAPPED_MIN_BYTES
// on the module's mapped, page-aligned buffers.
import { WordPool } from '../word-pool';
import type { NativeModule } from './module';

/** Below this V8 allocates: glibc serves such sizes (to its largest mmap threshold, 32 MiB)
 * from memory that earlier frees left mapped, where a map of our own faults in every page
 * anew (a 2^15 hash proof's zerocheck, one thread: ≈ 290 → 320–440 ms with maps from 64 KiB). */
const MAPPED_MIN_BYTES = 1 << 25;

/** Fresh pool buffers: the module's mapped, page-aligned ones from MAPPED_MIN_BYTES, V8's below. */
function mappedOrV8(allocWords: (bytes: number) => ArrayBuffer): (bytes: number) => ArrayBuffer {
  return (bytes) => (bytes >= MAPPED_MIN_BYTES ? allocWords(bytes) : new ArrayBuffer(bytes));
}

export function nativeWordPool(module: NativeModule): WordPool {
  return new WordPool({ allocate: module.allocWords === undefined ? undefined : mappedOrV8(module.allocWords.bind(module)) });
}
