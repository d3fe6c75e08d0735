// What the running CPU (and its OS, for the wide register state) supports.
#pragma once

namespace leanvm {

struct CpuFeatures {
  // x86-64
  bool pclmul = false;  // with SSSE3 and SSE4.1, which every PCLMULQDQ CPU has
  bool avx2 = false;    // and the OS saves ymm state
  bool avx512 = false;  // F, BW and VL, and the OS saves zmm and mask state
  bool vpclmul = false; // VPCLMULQDQ
  bool gfni = false;    // GF2P8MULB and the affine byte instructions
  bool vbmi = false;    // AVX-512 VBMI (byte permutes)
  // arm64
  bool neon = false;
  bool pmull = false;
};

CpuFeatures detectCpu();

}  // namespace leanvm
