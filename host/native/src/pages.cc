#include "pages.h"

#include <atomic>

#include "memory.h"

#if defined(__unix__) || defined(__APPLE__)
#include <cerrno>
#include <sys/mman.h>

namespace leanvm {
namespace {

std::atomic<size_t> mapped{0};

}  // namespace

bool mapsPages() { return true; }

void* mapPages(size_t bytes) {
  admit("a mapped buffer", bytes);
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw AllocationFailure("a mapped buffer", bytes, errno);
  mapped += bytes;
  return p;
}

#if defined(__linux__)
bool remapsPages() { return true; }

void* remapPages(void* p, size_t from, size_t to) {
  admit("a resized mapped buffer", to);
  void* q = mremap(p, from, to, MREMAP_MAYMOVE);
  if (q == MAP_FAILED) throw AllocationFailure("a resized mapped buffer", to, errno);
  mapped += to;
  mapped -= from;
  return q;
}
#else
bool remapsPages() { return false; }
void* remapPages(void*, size_t, size_t to) { throw AllocationFailure("a resized mapped buffer", to); }
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
void* mapPages(size_t bytes) { throw AllocationFailure("a mapped buffer", bytes); }
bool remapsPages() { return false; }
void* remapPages(void*, size_t, size_t to) { throw AllocationFailure("a resized mapped buffer", to); }
void unmapPages(void*, size_t) {}
size_t mappedBytes() { return 0; }

}  // namespace leanvm

#endif
