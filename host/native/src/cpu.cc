// CPU feature detection: CPUID and XGETBV on x86-64, the kernel's hwcaps on arm64 Linux.
#include "cpu.h"

#include "target.h"

#if LEANVM_X86
#include <cpuid.h>
#include <cstdint>
#elif LEANVM_ARM64 && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace leanvm {

#if LEANVM_X86
namespace {

// XGETBV without the xsave target: the instruction is only run when OSXSAVE says it exists.
uint64_t xcr0() {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (static_cast<uint64_t>(hi) << 32) | lo;
}

bool bit(unsigned word, int b) { return (word >> b) & 1; }

}  // namespace

CpuFeatures detectCpu() {
  CpuFeatures f;
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
  f.pclmul = bit(c, 1) && bit(c, 9) && bit(c, 19);  // PCLMULQDQ, SSSE3, SSE4.1
  const bool osxsave = bit(c, 27) && bit(c, 28);     // OSXSAVE, AVX
  const uint64_t xcr = osxsave ? xcr0() : 0;
  const bool ymm = (xcr & 0x6) == 0x6;
  const bool zmm = (xcr & 0xe6) == 0xe6;  // xmm, ymm, opmask, zmm upper halves, zmm16-31
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return f;
  f.avx2 = ymm && bit(b, 5);
  f.avx512 = zmm && bit(b, 16) && bit(b, 30) && bit(b, 31);  // F, BW, VL
  f.vpclmul = ymm && bit(c, 10);
  f.gfni = bit(c, 8);
  f.vbmi = f.avx512 && bit(c, 1);
  return f;
}

#elif LEANVM_ARM64

CpuFeatures detectCpu() {
  CpuFeatures f;
  f.neon = true;  // Advanced SIMD is part of the AArch64 base
#if defined(__linux__)
  const unsigned long caps = getauxval(AT_HWCAP);
  f.pmull = (caps >> 4) & 1;  // HWCAP_PMULL
#elif defined(__APPLE__)
  f.pmull = true;  // every Apple arm64 core has the crypto extension
#endif
  return f;
}

#else

CpuFeatures detectCpu() { return CpuFeatures{}; }

#endif

}  // namespace leanvm
