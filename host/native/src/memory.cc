#include "memory.h"

#include <atomic>
#include <cstdint>

namespace leanvm {
namespace {

std::atomic<size_t> limit{SIZE_MAX};

}  // namespace

void limitAllocations(size_t bytes) { limit.store(bytes); }

void admit(const char* object, size_t bytes) {
  if (bytes > limit.load()) throw AllocationFailure(object, bytes, AllocationFailure::LIMITED);
}

}  // namespace leanvm
