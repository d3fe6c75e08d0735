// The transform's plan. Layers whose blocks exceed CHUNK_WORDS (the breadth layers) pair
// words a whole row of the fitting layer apart: each column of those rows transforms on
// its own, so they run slab by slab (a few positions of every row, all breadth layers,
// SLAB_WORDS in L2). Each block of the first fitting layer then fits in L2 and takes the
// remaining (depth) layers before the next block is touched: two sweeps over memory in all.
// Passes take three layers (radix 8), the leftover one or two first. Twiddles walk block to
// block with one XOR (TwiddleWalk in src/ntt/twiddles.ts), started anywhere by a subset sum.
//
// An encoding tiles the message 2^ν times and transforms from layer ν: block c of layer ν
// is copy c. The message is laid out into copy 0 (one streaming transpose); no copy is made:
// each copy's first pass reads copy 0, which is transformed last.
#include "ntt.h"

#include <cstring>
#include <vector>

namespace leanvm {
namespace {

/** Words of a block that takes all its remaining layers in cache: 256 KiB. */
constexpr size_t CHUNK_WORDS = size_t{1} << 15;
/** Words of a breadth slab (per copy): 256 KiB. */
constexpr size_t SLAB_WORDS = size_t{1} << 15;
/** Blocks per kernel call in the depth layers: bounds the twiddle buffer. */
constexpr size_t BATCH_BLOCKS = 256;
constexpr int PASS_TWIDDLES = (1 << MAX_PASS_LAYERS) - 1;

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
    while (layer < logSize && blockWords(layer) > CHUNK_WORDS) layer++;
    return layer;
  }
};

/** Layers per pass: three, the leftover one or two first (where blocks are largest). */
int passLayers(int left) { return left % MAX_PASS_LAYERS ? left % MAX_PASS_LAYERS : MAX_PASS_LAYERS; }

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

/** Layers [from, to) of block g of `from`, written at dst; the first pass reads src. */
void runLayers(const Shape& s, uint64_t* dst, const uint64_t* src, int from, int to, uint64_t g) {
  if (from == to && src != dst) std::memcpy(dst, src, s.blockWords(from) * sizeof(uint64_t));
  uint64_t tw[BATCH_BLOCKS * PASS_TWIDDLES];
  for (int layer = from; layer < to;) {
    const int k = passLayers(to - layer);
    const size_t stride = s.nLanes << (s.logSize - layer - k), blockWords = stride << k;
    const uint64_t blocks = uint64_t{1} << (layer - from);
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
    std::vector<uint64_t> tw;
  };
  const Shape& s_;
  size_t rowWords_;
  std::vector<Pass> passes_;
};

/** Positions per slab row: a power of two of at least 8, at most a row. */
size_t slabPositions(const Shape& s, int from, int fits) {
  const size_t rows = size_t{1} << (fits - from), rowPositions = size_t{1} << (s.logSize - fits);
  size_t p = 8;
  while (2 * p <= rowPositions && 2 * p * rows * s.nLanes <= SLAB_WORDS) p *= 2;
  return p < rowPositions ? p : rowPositions;
}

/** The depth layers [fits, L) of block g of `from`, one block of `fits` after the other;
 * their first pass reads src. */
void runDepth(const Shape& s, uint64_t* dst, const uint64_t* src, int from, uint64_t g) {
  const int fits = s.fitting(from), m = fits - from;
  const size_t chunkWords = s.blockWords(fits);
  for (uint64_t c = 0; c < uint64_t{1} << m; c++) {
    runLayers(s, dst + c * chunkWords, src + c * chunkWords, fits, s.logSize, (g << m) + c);
  }
}

}  // namespace

void setTwiddleDeltas(const uint64_t* table) {
  std::memcpy(deltas, table, sizeof deltas);
  haveDeltas = true;
}

bool haveTwiddleDeltas() { return haveDeltas; }

void forwardNtt(const FieldKernels& kern, uint64_t* data, size_t nLanes, int logSize, int startLayer) {
  const Shape s{kern, nLanes, logSize};
  const int fits = s.fitting(startLayer);
  const size_t blockWords = s.blockWords(startLayer), rowWords = s.blockWords(fits);
  const size_t slab = slabPositions(s, startLayer, fits) * nLanes;
  for (uint64_t b = 0; b < uint64_t{1} << startLayer; b++) {
    uint64_t* block = data + b * blockWords;
    if (fits > startLayer) {
      const BreadthPlan plan(s, startLayer, fits, b);
      for (size_t col = 0; col < rowWords; col += slab) plan.run(block, block, col, slab);
    }
    runDepth(s, block, block, startLayer, b);
  }
}

void encodeStack(const FieldKernels& kern, const uint64_t* q, size_t words, uint64_t* codeword, int logMsg, size_t nLanes,
                 int logInvRate) {
  const Shape s{kern, nLanes, logMsg + logInvRate};
  const size_t blockLen = size_t{1} << logMsg, copies = size_t{1} << logInvRate, msgWords = blockLen * nLanes;
  const int fits = s.fitting(logInvRate);
  kern.stackRows(q, words, codeword, blockLen, nLanes, 0, blockLen);
  // Slab by slab, every copy from copy 0's slab while it is in cache (copy 0 itself last).
  if (fits > logInvRate) {
    std::vector<BreadthPlan> plans;
    plans.reserve(copies);
    for (size_t c = 0; c < copies; c++) plans.emplace_back(s, logInvRate, fits, c);
    const size_t rowWords = s.blockWords(fits), slab = slabPositions(s, logInvRate, fits) * nLanes;
    for (size_t col = 0; col < rowWords; col += slab) {
      for (size_t c = copies; c-- > 0;) plans[c].run(codeword + c * msgWords, codeword, col, slab);
    }
  }
  for (size_t c = copies; c-- > 0;) {
    runDepth(s, codeword + c * msgWords, fits > logInvRate ? codeword + c * msgWords : codeword, logInvRate, c);
  }
}

}  // namespace leanvm
