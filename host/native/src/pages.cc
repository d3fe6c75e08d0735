#include "pages.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>

#include "memory.h"
#include "threads.h"

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <sys/mman.h>

namespace leanvm {
namespace {

std::atomic<size_t> mapped{0};

#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23  // Linux 5.14
#endif

/** Faults in [p, p + bytes) now, 2 MiB a task over the module's threads: the kernel maps a
 * range in one call where touching it traps once a 4 KiB page (189 MiB, one thread: ≈ 50 ms
 * against ≈ 75). Where the system has no such advice the pages fault on first touch. */
void populate(void* p, size_t bytes) {
#if defined(__linux__)
  constexpr size_t TASK = size_t{1} << 21;
  char* base = static_cast<char*>(p);
  parallelFor((bytes + TASK - 1) / TASK, 1, [&](size_t from, size_t to) {
    madvise(base + from * TASK, std::min(bytes, to * TASK) - from * TASK, MADV_POPULATE_WRITE);
  });
#else
  (void)p;
  (void)bytes;
#endif
}

}  // namespace

bool mapsPages() { return true; }

void* mapPages(size_t bytes, bool dense) {
  admit("a mapped buffer", bytes);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw AllocationFailure("a mapped buffer", bytes, errno);
  mapped += bytes;
  if (dense) populate(p, bytes);
  return p;
}

#if defined(__linux__)
bool remapsPages() { return true; }

void* remapPages(void* p, size_t from, size_t to, bool dense) {
  admit("a resized mapped buffer", to);
  void* q = mremap(p, from, to, MREMAP_MAYMOVE);
  if (q == MAP_FAILED) throw AllocationFailure("a resized mapped buffer", to, errno);
  mapped += to;
  mapped -= from;
  if (dense && to > from) populate(static_cast<char*>(q) + from, to - from);
  return q;
}
#else
bool remapsPages() { return false; }
void* remapPages(void*, size_t, size_t to, bool) { throw AllocationFailure("a resized mapped buffer", to); }
#endif

void unmapPages(void* p, size_t bytes) {
  munmap(p, bytes);
  mapped -= bytes;
}

size_t mappedBytes() { return mapped.load(); }


}  // namespace leanvm

#else

namespace leanvm {

bool mapsPages() { return false; }
void* mapPages(size_t bytes, bool) { throw AllocationFailure("a mapped buffer", bytes); }
bool remapsPages() { return false; }
void* remapPages(void*, size_t, size_t to, bool) { throw AllocationFailure("a resized mapped buffer", to); }
void unmapPages(void*, size_t) {}
size_t mappedBytes() { return 0; }

}  // namespace leanvm

#endif

namespace leanvm {
namespace {

std::atomic<size_t> heap{0};

/** calloc leaves fresh pages untouched (a sparse accumulator maps few) and clears only
 * reused memory; the alignment costs at most this much more. */
constexpr size_t ALIGN = 64;

}  // namespace

void* heapWords(size_t bytes, bool zeroed, void** block) {
  admit("a heap buffer", bytes);
  void* b = bytes > SIZE_MAX - ALIGN ? nullptr : zeroed ? std::calloc(1, bytes + ALIGN) : std::malloc(bytes + ALIGN);
  if (b == nullptr) throw AllocationFailure("a heap buffer", bytes);
  *block = b;
  heap += bytes;
  const uintptr_t at = reinterpret_cast<uintptr_t>(b);
  return reinterpret_cast<void*>((at + ALIGN - 1) & ~uintptr_t{ALIGN - 1});
}

void freeHeapWords(void* block, size_t bytes) {
  std::free(block);
  heap -= bytes;
}

size_t heapBytes() { return heap.load(); }

}  // namespace leanvm
