// Which path runs: every compiled path whose instructions the CPU (and OS) supports, best
// first; the active one starts as the best.
#include "dispatch.h"

#include <cstring>

#include "cpu.h"

namespace leanvm {
namespace {

struct Candidate {
  Path path;
  bool (*runs)(const CpuFeatures&);
};

const Candidate* candidates(size_t& count) {
  static const Candidate all[] = {
      {{"avx512-gfni", AVX512_GFNI_FIELD, AVX512_HASH, true, true},
       [](const CpuFeatures& f) { return f.avx512 && f.vpclmul && f.pclmul && f.gfni && f.vbmi; }},
      {{"avx512", AVX512_FIELD, AVX512_HASH, true, false}, [](const CpuFeatures& f) { return f.avx512 && f.vpclmul && f.pclmul; }},
      {{"avx2-gfni", VPCLMUL_GFNI_FIELD, AVX2_HASH, true, false},
       [](const CpuFeatures& f) { return f.avx2 && f.vpclmul && f.pclmul && f.gfni; }},
      {{"avx2-vpclmul", VPCLMUL_FIELD, AVX2_HASH, true, false},
       [](const CpuFeatures& f) { return f.avx2 && f.vpclmul && f.pclmul; }},
      {{"avx2", PCLMUL_FIELD, AVX2_HASH, true, false}, [](const CpuFeatures& f) { return f.avx2 && f.pclmul; }},
      {{"pclmul", PCLMUL_FIELD, &SCALAR_HASH, false, false}, [](const CpuFeatures& f) { return f.pclmul; }},
      {{"neon-pmull", PMULL_FIELD, NEON_HASH, false, false}, [](const CpuFeatures& f) { return f.neon && f.pmull; }},
      {{"neon", &GENERIC_FIELD, NEON_HASH, false, false}, [](const CpuFeatures& f) { return f.neon; }},
      {{"generic", &GENERIC_FIELD, &SCALAR_HASH, false, false}, [](const CpuFeatures&) { return true; }},
  };
  static_assert(sizeof all / sizeof all[0] <= MAX_PATHS, "raise MAX_PATHS");
  count = sizeof all / sizeof all[0];
  return all;
}

bool usable(const Candidate& c, const CpuFeatures& f) { return c.path.field && c.path.hash && c.runs(f); }

const Path* bestPath() {
  const Path* best[1];
  supportedPaths(best, 1);
  return best[0];
}

const Path* active = nullptr;

}  // namespace

size_t supportedPaths(const Path** out, size_t capacity) {
  static const CpuFeatures features = detectCpu();
  size_t count, n = 0;
  const Candidate* all = candidates(count);
  for (size_t i = 0; i < count; i++) {
    if (!usable(all[i], features)) continue;
    if (n < capacity) out[n] = &all[i].path;
    n++;
  }
  return n;
}

const Path& activePath() {
  if (active == nullptr) active = bestPath();
  return *active;
}

bool selectPath(const char* name) {
  const Path* paths[MAX_PATHS];
  const size_t n = supportedPaths(paths, MAX_PATHS);
  for (size_t i = 0; i < n; i++) {
    if (std::strcmp(paths[i]->name, name) == 0) {
      active = paths[i];
      return true;
    }
  }
  return false;
}

}  // namespace leanvm
