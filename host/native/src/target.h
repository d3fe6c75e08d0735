// Per-ISA code regions. A kernel file includes every standard header first, then opens a
// region: each function defined inside (templates instantiated there included) is compiled
// for that instruction set, so one binary carries every path and dispatch picks one at run
// time. Standard headers stay outside: their inline functions must not be compiled with
// instructions that the running CPU may lack.
#pragma once

#define LEANVM_PRAGMA(x) _Pragma(#x)

#if defined(__clang__)
#define LEANVM_TARGET_BEGIN(isa) LEANVM_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define LEANVM_TARGET_END LEANVM_PRAGMA(clang attribute pop)
#elif defined(__GNUC__)
#define LEANVM_TARGET_BEGIN(isa) LEANVM_PRAGMA(GCC push_options) LEANVM_PRAGMA(GCC target(isa))
#define LEANVM_TARGET_END LEANVM_PRAGMA(GCC pop_options)
#else
#error "leanvm native kernels need GCC or Clang (per-function target attributes)"
#endif

// GCC 12's AVX-512 headers seed "undefined" registers from themselves and then warn about it
// (GCC bug 105593, fixed in 12.3): a region that meets it is wrapped in these.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#define LEANVM_GCC12_QUIET_BEGIN                                                         \
  LEANVM_PRAGMA(GCC diagnostic push) LEANVM_PRAGMA(GCC diagnostic ignored "-Wuninitialized") \
  LEANVM_PRAGMA(GCC diagnostic ignored "-Wmaybe-uninitialized")
#define LEANVM_GCC12_QUIET_END LEANVM_PRAGMA(GCC diagnostic pop)
#else
#define LEANVM_GCC12_QUIET_BEGIN
#define LEANVM_GCC12_QUIET_END
#endif

#if defined(__x86_64__) || defined(_M_X64)
#define LEANVM_X86 1
#elif defined(__aarch64__)
#define LEANVM_ARM64 1
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "leanvm native kernels read u32 pairs as little-endian u64 words"
#endif
