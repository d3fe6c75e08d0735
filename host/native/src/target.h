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

#if defined(__x86_64__) || defined(_M_X64)
#define LEANVM_X86 1
#elif defined(__aarch64__)
#define LEANVM_ARM64 1
#endif

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "leanvm native kernels read u32 pairs as little-endian u64 words"
#endif
