// Where a lane type of W words holds E values (load3 and store3 of field_lanes.h): W elements
// are 3W words in three registers, word w = 3e + l (limb l of element e) in register w / W, lane
// w % W. As W is prime to 3, each lane of each limb has its word in exactly one register, so a
// limb is a blend of the three ("blended order": element (W·r + j − l) / 3 in lane j). Limbs 1
// and 2 are then permuted into limb 0's element order, which store3 undoes. Products are lane
// by lane, so that order, the same for every operand, need not be the elements' own.
// avx512_k.h (W = 8) and kernels_vpclmul.cc (W = 4) turn these into masks and permutes.
#pragma once

namespace leanvm {
namespace {

template <int W>
struct ELanes {
  static_assert(W % 3 != 0, "three registers hold W elements only when 3 does not divide W");
  /** The limb register r's lane j holds. */
  static constexpr int limbIn(int r, int j) { return (W * r + j) % 3; }
  /** The register whose lane j holds a word of limb l. */
  static constexpr int regOf(int l, int j) { return limbIn(0, j) == l ? 0 : limbIn(1, j) == l ? 1 : 2; }
  /** The element limb 0 holds in lane j. */
  static constexpr int elementAt(int j) { return (W * regOf(0, j) + j) / 3; }
  /** The lane limb 0 holds element e (< W) in. */
  static constexpr int laneOf(int e) {
    int lane = 0;
    for (int j = 0; j < W; j++) lane = elementAt(j) == e ? j : lane;
    return lane;
  }
  /** Blended limb l's lane holding the element limb 0 has in lane j. */
  static constexpr int toLimb0(int l, int j) { return (3 * elementAt(j) + l) % W; }
  /** unzip: lane j of the first (second = 0) or second values of pairs takes element
   * 2E(j) + second of lo ‖ hi, from this lane of the 2W (hi's from W on). */
  static constexpr int pairSource(int second, int j) {
    const int e = 2 * elementAt(j) + second;
    return W * (e / W) + laneOf(e % W);
  }
};

}  // namespace
}  // namespace leanvm
