// The additive NTT over K on interleaved lanes (the layout of src/ntt/transform.ts:
// word pos·nLanes + t is lane t at position pos), and the level-0 stack encoding built on it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

/** Largest transform: 2^63 positions (the domain must be a proper subspace of K). */
constexpr int MAX_LOG_SIZE = 63;

/**
 * The twiddle walk's steps, from src/ntt/twiddles.ts: deltas[63·d + k] = Δ_d[k] =
 * Σ_{j≤k} Ŵ_d(e_{d+1+j}) for k ≤ 62 − d. Set once before any transform.
 */
void setTwiddleDeltas(const uint64_t* deltas);
bool haveTwiddleDeltas();

/**
 * Forward layers startLayer .. logSize−1 in place; with `tile`, data's blocks of startLayer
 * all start as it (one block's words, a message encoded at rate 2^−startLayer) and data's
 * own words are not read: the first pass reads the tile where a copy would be made.
 */
void forwardNtt(const FieldKernels& k, uint64_t* data, size_t nLanes, int logSize, int startLayer,
                const uint64_t* tile = nullptr);

/**
 * The transpose of the forward layers stopLayer .. logSize−1, in place: the layers in
 * reverse order, each butterfly u += v; v += t·u (bulk.ts queryWeightsTransposed).
 */
void transposedNtt(const FieldKernels& k, uint64_t* data, size_t nLanes, int logSize, int stopLayer);

/**
 * encodeStack of src/ntt/encode.ts: `words` K words of a stack whose blocks are 2^logMsg
 * words; lane t of the codeword (2^(logMsg+logInvRate) rows of nLanes words) encodes block
 * nLanes−1−t, zero past `words`.
 */
void encodeStack(const FieldKernels& k, const uint64_t* q, size_t words, uint64_t* codeword, int logMsg, size_t nLanes,
                 int logInvRate);

}  // namespace leanvm
