#include "pages.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>

namespace leanvm {

bool mapsPages() { return true; }

void* mapPages(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
}

void unmapPages(void* p, size_t bytes) { munmap(p, bytes); }

}  // namespace leanvm

#else

namespace leanvm {

bool mapsPages() { return false; }
void* mapPages(size_t) { return nullptr; }
void unmapPages(void*, size_t) {}

}  // namespace leanvm

#endif
