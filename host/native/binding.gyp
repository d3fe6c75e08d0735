# The leanvm_native addon: one binary carrying every instruction-set path (each compiled
# under its own target region, see src/target.h), chosen at run time by src/dispatch.cc.
{
  "targets": [
    {
      "target_name": "leanvm_native",
      "sources": [
        "src/addon.cc",
        "src/cpu.cc",
        "src/dispatch.cc",
        "src/ntt.cc",
        "src/merkle.cc",
        "src/opening.cc",
        "src/zerocheck_rounds.cc",
        "src/vm_bus.cc",
        "src/vm_steps.cc",
        "src/gather.cc",
        "src/products.cc",
        "src/bit_columns.cc",
        "src/map_affine.cc",
        "src/flock_witness.cc",
        "src/flock_walk.cc",
        "src/grind.cc",
        "src/threads.cc",
        "src/pages.cc",
        "src/memory.cc",
        "src/kernels_generic.cc",
        "src/kernels_pclmul.cc",
        "src/kernels_vpclmul.cc",
        "src/kernels_avx2.cc",
        "src/kernels_avx512.cc",
        "src/kernels_avx512_gfni.cc",
        "src/skip_gfni.cc",
        "src/skip_gfni_avx2.cc",
        "src/kernels_neon.cc",
        "src/kernels_pmull.cc"
      ],
      "include_dirs": ["<!(node -p \"require('node-addon-api').include_dir\")"],
      "defines": ["NAPI_VERSION=8", "NAPI_CPP_EXCEPTIONS", "NODE_ADDON_API_CPP_EXCEPTIONS_ALL", "NODE_ADDON_API_DISABLE_DEPRECATED"],
      "cflags!": ["-O2", "-fno-exceptions"],
      "cflags_cc!": ["-O2", "-fno-exceptions", "-std=gnu++17"],
      "cflags": ["-O3"],
      "cflags_cc": ["-O3", "-std=c++17", "-fexceptions"],
      "xcode_settings": {
        "GCC_ENABLE_CPP_EXCEPTIONS": "YES",
        "GCC_OPTIMIZATION_LEVEL": "3",
        "CLANG_CXX_LANGUAGE_STANDARD": "c++17"
      }
    }
  ]
}
