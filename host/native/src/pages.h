// Large word buffers mapped by the module itself rather than by V8's allocator: a V8
// array's data starts 16 bytes into a page, so every 64-byte vector load from it straddles
// two cache lines (2^22-word NTT at one thread: ≈ 0.37 ns a lane-butterfly on V8's arrays,
// ≈ 0.35 on these). Plain 4 KiB pages: with transparent huge pages asked for (MADV_HUGEPAGE)
// a first proof's faults cost far more on this project's VMs whenever the kernel had to
// compact memory for them (256 MiB: 0.4–0.6 s against 0.13 s). The live maps are counted, so
// a test can see that a failed proof gave back what it held.
#pragma once
#include <cstddef>

namespace leanvm {

/** Whether this build maps its own pages (POSIX); elsewhere callers keep V8's arrays. */
bool mapsPages();

/** `bytes` of zeroed, page-aligned memory, faulted in now where `dense` (its user writes all of
 * it), else on first touch; AllocationFailure ("a mapped buffer", bytes, errno) if the map
 * fails or limitAllocations refuses it. */
void* mapPages(size_t bytes, bool dense);

/** Whether remapPages can move a region's pages into a region of another size (Linux's
 * mremap); elsewhere a pool drops a spare and maps anew. */
bool remapsPages();

/** A mapPages region of `from` bytes as one of `to` bytes: its pages, already faulted in, keep
 * their contents up to the smaller size and any new ones are zero (faulted in now where
 * `dense`, as mapPages); the region
 * may move, and `p` is invalid afterwards. AllocationFailure ("a resized mapped buffer", to,
 * errno) leaves `p` as it was. */
void* remapPages(void* p, size_t from, size_t to, bool dense);

/** Returns a mapPages region of `bytes`. */
void unmapPages(void* p, size_t bytes);

/** Bytes of the regions mapped and not yet returned. */
size_t mappedBytes();

/** `bytes` of memory aligned to 64 bytes from the C allocator, zeroed where `zeroed`, for
 * buffers below its largest mmap threshold: it hands out again what earlier frees left mapped,
 * where a map of our own faults in every page anew. `*block` is what freeHeapWords takes back.
 * AllocationFailure ("a heap buffer", bytes) if the allocator or limitAllocations refuses. */
void* heapWords(size_t bytes, bool zeroed, void** block);

/** Returns heapWords' memory of `bytes` (its `block`). */
void freeHeapWords(void* block, size_t bytes);

/** Bytes of heapWords' buffers not yet returned. */
size_t heapBytes();

}  // namespace leanvm
