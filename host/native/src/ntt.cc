// The transform's plan. Layers whose blocks exceed cacheWords() (the breadth layers) pair
// words a whole row of the fitting layer apart: each column of those rows transforms on
// its own, so they run slab by slab (a few positions of every row, all breadth layers,
// cacheWords() in L2). Each block of the first fitting layer then fits in L2 and takes the
// remaining (depth) layers before the next block is touched: two sweeps over memory in all.
// Passes take three layers (radix 8), the leftover one or two last: a sweep's first pass
// reads memory, and a radix-8 pass has the most work to hide that behind. Twiddles walk block to
// block with one XOR (TwiddleWalk in src/ntt/twiddles.ts), started anywhere by a subset sum.
//
// An encoding tiles the message 2^ν times and transforms from layer ν: block c of layer ν
// is copy c. The stack's message is laid out into copy 0 (one streaming transpose), a
// folded message is read where it lies (forwardNtt's tile); no copy is made: each copy's
// first pass reads the message (copy 0, transformed last), save blocks too small to run
// alone, which start as copies.
//
// Threads split what is disjoint: the layout by positions, the breadth layers by slabs
// (columns), the depth layers by blocks of the fitting layer.
#include "ntt.h"

#include <algorithm>
#include <cstring>

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

#include "memory.h"
#include "threads.h"

namespace leanvm {
namespace {

/** Words of a block that takes all its remaining layers in cache, and of a breadth slab (per
 * copy): half the L2 the C library reports, a power of two in [2^14, 2^17] words, 2^16 where it
 * reports none. On Zen 4 (1 MiB L2) that is 512 KiB: 2^22 words at rate 1/2, one thread, went
 * 0.41 → 0.34 ns a lane-butterfly from a fixed 256 KiB (fewer breadth layers, longer slab rows). */
size_t cacheWords() {
  static const size_t words = [] {
    long l2 = 0;
#ifdef _SC_LEVEL2_CACHE_SIZE
    l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    const size_t half = l2 > 0 ? static_cast<size_t>(l2) / 2 / sizeof(uint64_t) : size_t{1} << 16;
    size_t w = size_t{1} << 14;
    while (w < (size_t{1} << 17) && 2 * w <= half) w *= 2;
    return w;
  }();
  return words;
}
/** Blocks per kernel call in the depth layers: bounds the twiddle buffer. */
constexpr size_t BATCH_BLOCKS = 256;
constexpr int PASS_TWIDDLES = (1 << MAX_PASS_LAYERS) - 1;
/** Words a thread takes at least in the depth layers, and positions in the layout. */
constexpr size_t DEPTH_GRAIN_WORDS = size_t{1} << 13;
constexpr size_t LAYOUT_GRAIN = 256;
/** Words per batch product of the transposed layers (its scratch in L1), and a thread's least. */
constexpr size_t RUN_WORDS = 512;
constexpr size_t TRANSPOSED_GRAIN = size_t{1} << 13;
/** Rows a depth run takes at least when its blocks are smaller (runDepth). */
constexpr size_t MIN_RUN_ROWS = 64;

uint64_t deltas[MAX_LOG_SIZE][MAX_LOG_SIZE];
bool haveDeltas = false;

/** The twiddles of the layer that pairs position bit d, from block `block` onwards. */
class TwiddleWalk {
 public:
  TwiddleWalk(int d, uint64_t block) : row_(deltas[d]), block_(block), t_(0) {
    // t(b) = Σ_j bit_j(b)·Ŵ_d(e_{d+1+j}), and Ŵ_d(e_{d+1+j}) = Δ_d[j] − Δ_d[j−1].
    for (int j = 0; block >> j; j++) {
      if ((block >> j) & 1) t_ ^= row_[j] ^ (j ? row_[j - 1] : 0);
    }
  }
  uint64_t take() {
    const uint64_t t = t_;
    t_ ^= row_[__builtin_ctzll(++block_)];
    return t;
  }

 private:
  const uint64_t* row_;
  uint64_t block_;
  uint64_t t_;
};

struct Shape {
  const FieldKernels& kern;
  size_t nLanes;
  int logSize;

  /** Words in a block of `layer`. */
  size_t blockWords(int layer) const { return nLanes << (logSize - layer); }
  /** The first layer from `layer` on whose blocks fit a chunk. */
  int fitting(int layer) const {
    while (layer < logSize && blockWords(layer) > cacheWords()) layer++;
    return layer;
  }
};

/** Layers per pass: three while they last, then the leftover one or two. */
int passLayers(int left) { return left < MAX_PASS_LAYERS ? left : MAX_PASS_LAYERS; }

/** Twiddles of a pass of k layers from `layer`, for `count` blocks from global block `first`. */
void passTwiddles(int logSize, int layer, int k, uint64_t first, size_t count, uint64_t* tw) {
  TwiddleWalk walks[MAX_PASS_LAYERS] = {
      {logSize - 1 - layer, first},
      {k > 1 ? logSize - 2 - layer : 0, k > 1 ? first << 1 : 0},
      {k > 2 ? logSize - 3 - layer : 0, k > 2 ? first << 2 : 0},
  };
  for (size_t b = 0; b < count; b++, tw += (1 << k) - 1) {
    for (int j = 0; j < k; j++) {
      for (int sub = 0; sub < (1 << j); sub++) tw[(1 << j) - 1 + sub] = walks[j].take();
    }
  }
}

/** Layers [from, to) of the `count` adjacent blocks g, g + 1, … of `from`, written at dst; the
 * first pass reads src (which, when it is not dst, is one block: count is 1). */
void runLayers(const Shape& s, uint64_t* dst, const uint64_t* src, int from, int to, uint64_t g, uint64_t count = 1) {
  if (from == to && src != dst) std::memcpy(dst, src, s.blockWords(from) * sizeof(uint64_t));
  uint64_t tw[BATCH_BLOCKS * PASS_TWIDDLES];
  for (int layer = from; layer < to;) {
    const int k = passLayers(to - layer);
    const size_t stride = s.nLanes << (s.logSize - layer - k), blockWords = stride << k;
    const uint64_t blocks = count << (layer - from);
    for (uint64_t done = 0; done < blocks;) {
      const size_t batch = blocks - done < BATCH_BLOCKS ? static_cast<size_t>(blocks - done) : BATCH_BLOCKS;
      passTwiddles(s.logSize, layer, k, (g << (layer - from)) + done, batch, tw);
      s.kern.nttPass[k - 1](dst + done * blockWords, src + done * blockWords, batch, stride, stride, tw);
      done += batch;
    }
    src = dst;
    layer += k;
  }
}

/** The breadth layers [from, fits) of block g of `from`, their twiddles made once and run
 * slab by slab: a slab is columns [col, col + width) of each of the block's 2^m rows. */
class BreadthPlan {
 public:
  BreadthPlan(const Shape& s, int from, int fits, uint64_t g) : s_(s), rowWords_(s.blockWords(fits)) {
    for (int layer = from; layer < fits;) {
      const int k = passLayers(fits - layer), j = layer - from;
      Pass p{k, s.nLanes << (s.logSize - layer - k), size_t{1} << (fits - layer - k), size_t{1} << j, {}};
      p.tw.resize(p.blocks * PASS_TWIDDLES);
      passTwiddles(s.logSize, layer, k, g << j, p.blocks, p.tw.data());
      passes_.push_back(std::move(p));
      layer += k;
    }
  }

  /** The first pass reads src, the rest work on dst in place. */
  void run(uint64_t* dst, const uint64_t* src, size_t col, size_t width) const {
    for (const Pass& p : passes_) {
      // A pass's rows are subRows rows of the block apart; each takes the slab's columns.
      for (size_t a = 0; a < p.subRows; a++) {
        const size_t at = a * rowWords_ + col;
        s_.kern.nttPass[p.k - 1](dst + at, src + at, p.blocks, p.stride, width, p.tw.data());
      }
      src = dst;
    }
  }

 private:
  struct Pass {
    int k;
    size_t stride, subRows, blocks;
    Scratch<uint64_t> tw;
  };
  const Shape& s_;
  size_t rowWords_;
  Scratch<Pass> passes_;
};

/** Positions per slab row: a power of two of at least 8, at most a row. */
size_t slabPositions(const Shape& s, int from, int fits) {
  const size_t rows = size_t{1} << (fits - from), rowPositions = size_t{1} << (s.logSize - fits);
  size_t p = 8;
  while (2 * p <= rowPositions && 2 * p * rows * s.nLanes <= cacheWords()) p *= 2;
  return p < rowPositions ? p : rowPositions;
}

/** The breadth layers [from, fits) of blocks [first, first + count) of `from`, block
 * first + g at data + g·blockWords(from), split by slabs. Every block's first pass reads
 * src; within a slab the blocks run last to first. The plans' twiddles are made once. */
void runBreadth(const Shape& s, uint64_t* data, const uint64_t* src, int from, int fits, uint64_t first, size_t count) {
  Scratch<BreadthPlan> plans;
  plans.reserve(count);
  for (size_t g = 0; g < count; g++) plans.emplace_back(s, from, fits, first + g);
  const size_t rowWords = s.blockWords(fits), slab = slabPositions(s, from, fits) * s.nLanes;
  const size_t blockWords = s.blockWords(from);
  parallelFor(rowWords / slab, 1, [&](size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; i++) {
      for (size_t g = count; g-- > 0;) plans[g].run(data + g * blockWords, src, i * slab, slab);
    }
  });
}

/** The depth layers [fits, L) of blocks [first, first + count) of `fits`, block c at
 * data + c·blockWords(fits); with `shared`, each block's first pass reads it instead. Blocks
 * of fewer than MIN_RUN_ROWS rows (a short message at a high rate: the last WHIR levels) run
 * MIN_RUN_ROWS rows of adjacent blocks together, so each kernel call takes that many rows and
 * not one small block's. */
void runDepth(const Shape& s, uint64_t* data, const uint64_t* shared, int fits, uint64_t first, uint64_t count) {
  const size_t chunkWords = s.blockWords(fits);
  const size_t grain = chunkWords < DEPTH_GRAIN_WORDS ? DEPTH_GRAIN_WORDS / chunkWords : 1;
  const size_t chunkRows = size_t{1} << (s.logSize - fits);
  const uint64_t run = chunkRows >= MIN_RUN_ROWS ? 1 : MIN_RUN_ROWS / chunkRows;
  parallelFor(count, grain, [&](size_t from, size_t to) {
    for (uint64_t c = first + from; c < first + to;) {
      const uint64_t n = std::min<uint64_t>(run, first + to - c);
      uint64_t* block = data + c * chunkWords;
      if (shared && n > 1) {
        // A run of small blocks starts as copies of shared and is transformed in place.
        for (uint64_t b = 0; b < n; b++) {
          if (block + b * chunkWords != shared) std::memcpy(block + b * chunkWords, shared, chunkWords * sizeof(uint64_t));
        }
        runLayers(s, block, block, fits, s.logSize, c, n);
      } else {
        runLayers(s, block, shared ? shared : block, fits, s.logSize, c, n);
      }
      c += n;
    }
  });
}

}  // namespace

void setTwiddleDeltas(const uint64_t* table) {
  std::memcpy(deltas, table, sizeof deltas);
  haveDeltas = true;
}

bool haveTwiddleDeltas() { return haveDeltas; }

void forwardNtt(const FieldKernels& kern, uint64_t* data, size_t nLanes, int logSize, int startLayer,
                const uint64_t* tile) {
  const Shape s{kern, nLanes, logSize};
  const int fits = s.fitting(startLayer);
  if (fits == startLayer) return runDepth(s, data, tile, fits, 0, uint64_t{1} << fits);
  // Blocks of startLayer exceed a chunk only when there are few of them: one at a time, or,
  // tiled, all together slab by slab while the tile's slab is in cache.
  if (tile != nullptr) {
    runBreadth(s, data, tile, startLayer, fits, 0, size_t{1} << startLayer);
  } else {
    const size_t blockWords = s.blockWords(startLayer);
    for (uint64_t b = 0; b < uint64_t{1} << startLayer; b++) {
      uint64_t* block = data + b * blockWords;
      runBreadth(s, block, block, startLayer, fits, b, 1);
    }
  }
  runDepth(s, data, nullptr, fits, 0, uint64_t{1} << fits);
}

void transposedNtt(const FieldKernels& kern, uint64_t* data, size_t nLanes, int logSize, int stopLayer) {
  for (int layer = logSize - 1; layer >= stopLayer; layer--) {
    // Block b pairs its two halves of `half` words with twiddle t(b); threads take runs of
    // the blocks' u words, and batch their twiddle products RUN_WORDS at a time.
    const int d = logSize - 1 - layer;
    const size_t half = nLanes << d;
    parallelFor((nLanes << logSize) / 2, TRANSPOSED_GRAIN, [&](size_t from, size_t to) {
      alignas(64) uint64_t u[RUN_WORDS], tw[RUN_WORDS];
      TwiddleWalk walk(d, from / half);
      uint64_t t = walk.take();
      size_t b = from / half, at = from % half;
      for (size_t w = from; w < to;) {
        const size_t c = std::min(RUN_WORDS, to - w);
        size_t b0 = b, at0 = at;
        for (size_t i = 0; i < c;) {
          const size_t len = std::min(c - i, half - at);
          uint64_t *lo = data + 2 * half * b + at, *hi = lo + half;
          for (size_t j = 0; j < len; j++) {
            u[i + j] = lo[j] ^= hi[j];
            tw[i + j] = t;
          }
          i += len;
          if ((at += len) == half) {
            at = 0;
            b++;
            t = walk.take();
          }
        }
        kern.mulK(u, tw, u, c);
        for (size_t i = 0; i < c;) {
          const size_t len = std::min(c - i, half - at0);
          uint64_t* hi = data + 2 * half * b0 + at0 + half;
          for (size_t j = 0; j < len; j++) hi[j] ^= u[i + j];
          i += len;
          at0 = 0;
          b0++;
        }
        w += c;
      }
    });
  }
}

void encodeStack(const FieldKernels& kern, const uint64_t* q, size_t words, uint64_t* codeword, int logMsg, size_t nLanes,
                 int logInvRate) {
  const Shape s{kern, nLanes, logMsg + logInvRate};
  const size_t blockLen = size_t{1} << logMsg, copies = size_t{1} << logInvRate;
  const int fits = s.fitting(logInvRate);
  parallelFor(blockLen, LAYOUT_GRAIN,
              [&](size_t from, size_t to) { kern.stackRows(q, words, codeword, blockLen, nLanes, from, to); });
  if (fits > logInvRate) {
    // Slab by slab, every copy from copy 0's slab while it is in cache (copy 0 itself last).
    runBreadth(s, codeword, codeword, logInvRate, fits, 0, copies);
    runDepth(s, codeword, nullptr, fits, 0, uint64_t{1} << fits);
  } else {
    // Each copy is one block, its first pass reading copy 0: copy 0 goes last.
    runDepth(s, codeword, codeword, fits, 1, copies - 1);
    runDepth(s, codeword, codeword, fits, 0, 1);
  }
}

}  // namespace leanvm
