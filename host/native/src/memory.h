// The module's own memory (mapped buffers, kernel scratch, worker threads' stacks): every
// allocation that fails throws AllocationFailure, which names what was being allocated and how
// many bytes, and reaches JavaScript as a typed error instead of aborting the process. A test
// can make every allocation over a chosen size fail as if the system had refused it
// (limitAllocations), to walk the error paths of each stage.
#pragma once
#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace leanvm {

class AllocationFailure : public std::bad_alloc {
 public:
  /** The errno of a refused call, or one of these. */
  static constexpr int UNKNOWN = 0, LIMITED = -1;
  /** `object` a static string. */
  AllocationFailure(const char* object, size_t bytes, int error = UNKNOWN) noexcept : object_(object), bytes_(bytes), error_(error) {}
  const char* what() const noexcept override { return "leanvm: allocation failed"; }
  const char* object() const noexcept { return object_; }
  size_t bytes() const noexcept { return bytes_; }
  int error() const noexcept { return error_; }

 private:
  const char* object_;
  size_t bytes_;
  int error_;
};

/** Every allocation of more than `bytes` fails from now on; SIZE_MAX (the default) lifts it. */
void limitAllocations(size_t bytes);

/** Throws AllocationFailure(object, bytes) if limitAllocations refuses that many bytes. */
void admit(const char* object, size_t bytes);

/** std::allocator behind admit, its failures as AllocationFailure("kernel scratch", bytes). */
template <class T>
struct ScratchAllocator {
  using value_type = T;
  ScratchAllocator() = default;
  template <class U>
  ScratchAllocator(const ScratchAllocator<U>&) noexcept {}
  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    admit("kernel scratch", bytes);
    try {
      return std::allocator<T>().allocate(n);
    } catch (const std::bad_alloc&) {
      throw AllocationFailure("kernel scratch", bytes);
    }
  }
  void deallocate(T* p, size_t n) noexcept { std::allocator<T>().deallocate(p, n); }
  template <class U>
  bool operator==(const ScratchAllocator<U>&) const noexcept { return true; }
  template <class U>
  bool operator!=(const ScratchAllocator<U>&) const noexcept { return false; }
};

/** A kernel's scratch array. */
template <class T>
using Scratch = std::vector<T, ScratchAllocator<T>>;

/** n uninitialised values of a trivial type (vector registers, which a Scratch would zero
 * outside their target region) as kernel scratch. */
template <class T>
std::unique_ptr<T[]> scratchArray(size_t n) {
  admit("kernel scratch", n * sizeof(T));
  try {
    return std::unique_ptr<T[]>(new T[n]);
  } catch (const std::bad_alloc&) {
    throw AllocationFailure("kernel scratch", n * sizeof(T));
  }
}

}  // namespace leanvm
