// The N-API glue: argument checks and the calls into the active path. Buffers are the
// caller's Uint32Arrays, used in place (their K words read as u64); nothing is copied. Every
// function runs guarded: an allocation the module cannot make (memory.h) comes back as an
// Error with code 'LEANVM_ALLOCATION', naming the call, the object and its bytes.
#include <napi.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

#include "dispatch.h"
#include "merkle.h"
#include "ntt.h"
#include "opening.h"
#include "pages.h"
#include "products.h"
#include "bit_columns.h"
#include "flock_layout.h"
#include "flock_walk.h"
#include "flock_witness.h"
#include "gather.h"
#include "grind.h"
#include "memory.h"
#include "threads.h"
#include "vm_bus.h"
#include "vm_steps.h"
#include "zerocheck_rounds.h"

namespace {

using leanvm::activePath;

struct Words {
  uint32_t* u32;
  size_t length;
  uint64_t* k() const { return reinterpret_cast<uint64_t*>(u32); }
};

/** A Uint32Array of any alignment, read and written as u32 words. */
Words u32Words(const Napi::CallbackInfo& info, size_t i, const char* name) {
  const Napi::Value v = info[i];
  if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a Uint32Array");
  }
  Napi::Uint32Array a = v.As<Napi::Uint32Array>();
  return {a.Data(), a.ElementLength()};
}

/** A Uint32Array whose K words are read as u64: it starts on 8 bytes. */
Words words(const Napi::CallbackInfo& info, size_t i, const char* name) {
  const Words w = u32Words(info, i, name);
  if (info[i].As<Napi::Uint32Array>().ByteOffset() % 8 != 0) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must start on an 8-byte boundary (K words are read as u64)");
  }
  return w;
}

/** A small Uint32Array of any alignment (a field element, a point) copied out as K words. */
std::vector<uint64_t> copied(const Napi::CallbackInfo& info, size_t i, const char* name, size_t multipleOf) {
  const Napi::Value v = info[i];
  if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a Uint32Array");
  }
  Napi::Uint32Array a = v.As<Napi::Uint32Array>();
  if (a.ElementLength() % multipleOf != 0) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must hold a multiple of " + std::to_string(multipleOf) + " words");
  }
  std::vector<uint64_t> out(a.ElementLength() / 2);
  std::memcpy(out.data(), a.Data(), 4 * a.ElementLength());
  return out;
}

/** One E element (6 words). */
std::vector<uint64_t> element(const Napi::CallbackInfo& info, size_t i, const char* name) {
  std::vector<uint64_t> e = copied(info, i, name, 6);
  if (e.size() != 3) throw Napi::RangeError::New(info.Env(), std::string(name) + " must be one E element (6 words)");
  return e;
}

/** The 12 words of two E sums, as a new Uint32Array. */
Napi::Value sums(Napi::Env env, const uint64_t s[6]) {
  Napi::Uint32Array out = Napi::Uint32Array::New(env, 12);
  std::memcpy(out.Data(), s, 48);
  return out;
}

size_t count(const Napi::CallbackInfo& info, size_t i, const char* name, double max) {
  const Napi::Value v = info[i];
  const double x = v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : -1;
  if (!(x >= 0 && x <= max && x == static_cast<double>(static_cast<uint64_t>(x)))) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be an integer in [0, " + std::to_string(max) + "]");
  }
  return static_cast<size_t>(x);
}

/** Whether n values from `at`, `stride` apart (stride ≥ 1), all lie below `room`, asked without
 * a product that could wrap (a wrapped at + stride·(n − 1) would pass a plain comparison). */
bool placed(size_t at, size_t stride, size_t n, size_t room) {
  return stride >= 1 && (n == 0 || (at < room && (n - 1) <= (room - 1 - at) / stride));
}

void require(const Napi::CallbackInfo& info, bool ok, const std::string& what) {
  if (!ok) throw Napi::RangeError::New(info.Env(), what);
}

bool isPow2(size_t n) { return n != 0 && (n & (n - 1)) == 0; }

int log2(size_t n) { return 63 - __builtin_clzll(n); }

Napi::Object describe(Napi::Env env, const leanvm::Path& p) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("name", p.name);
  o.Set("field", p.field->describe);
  o.Set("hash", p.hash->describe);
  return o;
}

/** paths(): every path this CPU runs, best first, as {name, field, hash}. */
Napi::Value Paths(const Napi::CallbackInfo& info) {
  const leanvm::Path* paths[leanvm::MAX_PATHS];
  const size_t n = leanvm::supportedPaths(paths, leanvm::MAX_PATHS);
  Napi::Array out = Napi::Array::New(info.Env(), n);
  for (size_t i = 0; i < n; i++) out.Set(static_cast<uint32_t>(i), describe(info.Env(), *paths[i]));
  return out;
}

Napi::Value ActivePath(const Napi::CallbackInfo& info) { return describe(info.Env(), activePath()); }

void UsePath(const Napi::CallbackInfo& info) {
  const std::string name = info[0].IsString() ? info[0].As<Napi::String>().Utf8Value() : "";
  require(info, leanvm::selectPath(name.c_str()), "this CPU does not run a native path named '" + name + "'");
}

/** setTwiddleDeltas(deltas): 63 rows of 63 K words, row d holding Δ_d[0 .. 62−d]. */
void SetTwiddleDeltas(const Napi::CallbackInfo& info) {
  const Words d = words(info, 0, "deltas");
  require(info, d.length == 2 * leanvm::MAX_LOG_SIZE * leanvm::MAX_LOG_SIZE, "deltas must be 63 × 63 K words");
  leanvm::setTwiddleDeltas(d.k());
}

void MulK(const Napi::CallbackInfo& info) {
  const Words a = words(info, 0, "a"), b = words(info, 1, "b"), out = words(info, 2, "out");
  require(info, a.length % 2 == 0 && b.length == a.length && out.length == a.length, "mulK takes three arrays of n K words");
  leanvm::mulK(*activePath().field, a.k(), b.k(), out.k(), a.length / 2);
}

void MulE(const Napi::CallbackInfo& info) {
  const Words a = words(info, 0, "a"), b = words(info, 1, "b"), out = words(info, 2, "out");
  require(info, a.length % 6 == 0 && b.length == a.length && out.length == a.length, "mulE takes three arrays of n E elements");
  leanvm::mulE(*activePath().field, a.k(), b.k(), out.k(), a.length / 6);
}

/** setThreads(n): the pool's size from now on, the calling thread included. */
void SetThreads(const Napi::CallbackInfo& info) {
  const size_t n = count(info, 0, "threads", 1024);
  require(info, n >= 1, "threads must be at least 1");
  leanvm::setThreads(n);
}

Napi::Value Threads(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(leanvm::threads()));
}

void needTwiddles(const Napi::CallbackInfo& info) {
  require(info, leanvm::haveTwiddleDeltas(), "setTwiddleDeltas must be called before a transform");
}

/** forwardNtt(data, nLanes, startLayer[, tile]): 2^L positions of nLanes K words, layers
 * startLayer..L−1; with a tile (one block of startLayer's words) every block starts as it. */
void ForwardNtt(const Napi::CallbackInfo& info) {
  needTwiddles(info);
  const Words data = words(info, 0, "data");
  const size_t lanes = count(info, 1, "nLanes", 1 << 20), start = count(info, 2, "startLayer", 63);
  require(info, lanes > 0 && data.length % (2 * lanes) == 0 && isPow2(data.length / (2 * lanes)),
          "data must hold 2^L positions of nLanes K words");
  const int logSize = log2(data.length / (2 * lanes));
  require(info, static_cast<int>(start) <= logSize, "startLayer is past the last layer");
  const uint64_t* tile = nullptr;
  if (info.Length() > 3 && !info[3].IsUndefined()) {
    const Words t = words(info, 3, "tile");
    require(info, t.length == data.length >> start, "tile must be one block of startLayer (data's words / 2^startLayer)");
    require(info, t.u32 + t.length <= data.u32 || data.u32 + data.length <= t.u32, "tile must not overlap data");
    tile = t.k();
  }
  leanvm::forwardNtt(*activePath().field, data.k(), lanes, logSize, static_cast<int>(start), tile);
}

/** encodeStack(q, codeword, logMsg, nLanes, logInvRate); q holds the stack's data words. */
void EncodeStack(const Napi::CallbackInfo& info) {
  needTwiddles(info);
  const Words q = words(info, 0, "q"), cw = words(info, 1, "codeword");
  const size_t logMsg = count(info, 2, "logMsg", 40), lanes = count(info, 3, "nLanes", 64);
  const size_t rate = count(info, 4, "logInvRate", 40);
  require(info, logMsg + rate <= 40 && lanes >= 1, "encodeStack: shape out of range");
  const size_t blockLen = size_t{1} << logMsg;
  require(info, q.length % 2 == 0 && q.length / 2 > (lanes - 1) * blockLen && q.length / 2 <= lanes * blockLen,
          "q must hold data in exactly nLanes blocks");
  require(info, cw.length == 2 * (lanes * blockLen << rate), "codeword must hold nLanes · 2^(logMsg + logInvRate) K words");
  leanvm::encodeStack(*activePath().field, q.k(), q.length / 2, cw.k(), static_cast<int>(logMsg), lanes,
                      static_cast<int>(rate));
}

/** merkleTree(rows, rowWords, leafWords, nodes): rows of rowWords K words hashed as images of leafWords. */
void MerkleTree(const Napi::CallbackInfo& info) {
  const Words rows = words(info, 0, "rows");
  const size_t rowWords = count(info, 1, "rowWords", 1 << 24), leafWords = count(info, 2, "leafWords", 1 << 24);
  const Words nodes = words(info, 3, "nodes");
  require(info, rowWords >= 1 && rowWords <= leafWords, "need 1 ≤ rowWords ≤ leafWords");
  const size_t rowU32 = 2 * rowWords;
  const size_t leaves = rows.length / rowU32;
  require(info, rows.length % rowU32 == 0 && isPow2(leaves), "rows must be 2^h rows of rowWords K words");
  require(info, nodes.length == 8 * (2 * leaves - 1), "nodes must hold 2·nLeaves − 1 digests");
  leanvm::merkleTree(*activePath().hash, rows.u32, leaves, rowU32, 2 * leafWords, nodes.u32);
}

/** The table's element kind from a buffer's `elem` ('K' or 'E') and its length in values. */
size_t values(const Napi::CallbackInfo& info, const Words& w, bool isE, const char* name) {
  require(info, w.length % (isE ? 6 : 2) == 0, std::string(name) + " must hold whole " + (isE ? "E" : "K") + " values");
  return w.length / (isE ? 6 : 2);
}

bool flag(const Napi::CallbackInfo& info, size_t i) { return info[i].ToBoolean().Value(); }

/** Checks a round's stride against a table of n values; returns the pairs. */
size_t pairs(const Napi::CallbackInfo& info, size_t n, size_t stride) {
  require(info, n > 0 && stride >= 1 && n % stride == 0, "a table must be a whole number of halves of the stride");
  return leanvm::roundPairs(n, stride);
}

/** roundSums(f, fIsE, b, stride): c0 then c2 (12 words). */
Napi::Value RoundSums(const Napi::CallbackInfo& info) {
  const bool fIsE = flag(info, 1);
  const Words f = words(info, 0, "f"), b = words(info, 2, "b");
  const size_t n = values(info, b, true, "b"), stride = count(info, 3, "stride", 1e15);
  require(info, values(info, f, fIsE, "f") == n, "f and b must hold as many values");
  pairs(info, n, stride);
  uint64_t s[6];
  leanvm::roundSums(*activePath().field, f.k(), fIsE, b.k(), n, stride, s);
  return sums(info.Env(), s);
}

/** fold(src, srcIsE, stride, r, out): out holds the round's pairs as E values; out may be a
 * view of an E src's first values (in place). */
void Fold(const Napi::CallbackInfo& info) {
  const bool isE = flag(info, 1);
  const Words src = words(info, 0, "src"), out = words(info, 4, "out");
  const size_t n = values(info, src, isE, "src"), stride = count(info, 2, "stride", 1e15);
  const std::vector<uint64_t> r = element(info, 3, "r");
  require(info, out.length == 6 * pairs(info, n, stride), "out must hold ⌈n / 2·stride⌉·stride E values");
  const bool overlaps = out.u32 < src.u32 + src.length && src.u32 < out.u32 + out.length;
  require(info, !overlaps || (isE && out.u32 == src.u32), "out may overlap src only as an E src's own first values");
  leanvm::fold(*activePath().field, src.k(), isE, n, stride, r.data(), out.k());
}

/** foldRound(f, fIsE, b, stride, r, nextStride, fOut, bOut): the folded pair into fOut, bOut and
 * the next round's sums (12 words); fOut and bOut may be views of their own E table's first
 * values (in place). */
Napi::Value FoldRound(const Napi::CallbackInfo& info) {
  const bool fIsE = flag(info, 1);
  const Words f = words(info, 0, "f"), b = words(info, 2, "b"), fOut = words(info, 6, "fOut"), bOut = words(info, 7, "bOut");
  const size_t n = values(info, b, true, "b"), stride = count(info, 3, "stride", 1e15), next = count(info, 5, "nextStride", 1e15);
  require(info, values(info, f, fIsE, "f") == n, "f and b must hold as many values");
  const std::vector<uint64_t> r = element(info, 4, "r");
  const size_t folded = pairs(info, n, stride);
  require(info, fOut.length == 6 * folded && bOut.length == 6 * folded, "fOut and bOut must hold ⌈n / 2·stride⌉·stride E values");
  pairs(info, folded, next);
  const auto overlaps = [](const Words& x, const Words& y) { return x.u32 < y.u32 + y.length && y.u32 < x.u32 + x.length; };
  const bool fInPlace = fOut.u32 == f.u32, bInPlace = bOut.u32 == b.u32;
  require(info, (!overlaps(fOut, f) || (fIsE && fInPlace)) && (!overlaps(bOut, b) || bInPlace) && !overlaps(fOut, b) && !overlaps(bOut, f),
          "fOut and bOut may overlap only their own E table, as its first values");
  require(info, !(fInPlace || bInPlace) || leanvm::foldRoundInPlace(stride, next), "foldRound folds in place only with nextStride 1 or stride");
  uint64_t s[6];
  leanvm::foldRound(*activePath().field, f.k(), fIsE, b.k(), n, stride, r.data(), next, fOut.k(), bOut.k(), s);
  return sums(info.Env(), s);
}

/** laneDots(f, laneWords, v, at, stride): one E value (6 words) per lane of the K words f. */
Napi::Value LaneDots(const Napi::CallbackInfo& info) {
  const Words f = words(info, 0, "f"), v = words(info, 2, "v");
  const size_t laneWords = count(info, 1, "laneWords", 1e12), at = count(info, 3, "at", 1e12), stride = count(info, 4, "stride", 1e12);
  const size_t n = values(info, v, true, "v"), fWords = values(info, f, false, "f");
  require(info, laneWords > 0 && fWords % laneWords == 0, "f must be whole lanes of laneWords K words");
  require(info, n > 0 && placed(at, stride, n, laneWords), "v's values from at every stride must fit a lane");
  const size_t lanes = fWords / laneWords;
  Napi::Uint32Array out = Napi::Uint32Array::New(info.Env(), 6 * lanes);
  leanvm::laneDots(*activePath().field, f.k(), lanes, laneWords, v.k(), n, at, stride, reinterpret_cast<uint64_t*>(out.Data()));
  return out;
}

/** laneCombine(f, laneWords, coeffs, out): out holds laneWords E values, coeffs one a lane. */
void LaneCombine(const Napi::CallbackInfo& info) {
  const Words f = words(info, 0, "f"), out = words(info, 3, "out");
  const size_t laneWords = count(info, 1, "laneWords", 1e12), fWords = values(info, f, false, "f");
  require(info, laneWords > 0 && fWords % laneWords == 0, "f must be whole lanes of laneWords K words");
  const std::vector<uint64_t> coeffs = copied(info, 2, "coeffs", 6);
  require(info, coeffs.size() == 3 * (fWords / laneWords), "coeffs must hold one E value a lane");
  require(info, out.length == 6 * laneWords, "out must hold laneWords E values");
  leanvm::laneCombine(*activePath().field, f.k(), fWords / laneWords, laneWords, coeffs.data(), out.k());
}

/** eqTable(point, seed, out): out holds 2^(point's coordinates) E values. */
void EqTable(const Napi::CallbackInfo& info) {
  const std::vector<uint64_t> point = copied(info, 0, "point", 6), seed = element(info, 1, "seed");
  const Words out = words(info, 2, "out");
  const size_t coords = point.size() / 3;
  require(info, coords < 40 && out.length == (size_t{6} << coords), "out must hold 2^coordinates E values");
  leanvm::eqTable(*activePath().field, point.data(), coords, seed.data(), out.k());
}

/** addEq(acc, point, seed, at, stride, tables | null): acc[at + stride·i] += M(seed·eq(point, i)),
 * M given by 24 byte tables of 256 E values (mapByTables'), or the identity. */
void AddEq(const Napi::CallbackInfo& info) {
  const Words acc = words(info, 0, "acc");
  const std::vector<uint64_t> point = copied(info, 1, "point", 6), seed = element(info, 2, "seed");
  const size_t at = count(info, 3, "at", 1e15), stride = count(info, 4, "stride", 1e15);
  const size_t coords = point.size() / 3, room = values(info, acc, true, "acc");
  require(info, coords < 40 && placed(at, stride, size_t{1} << coords, room), "the table does not fit acc at that offset and stride");
  const bool mapped = !info[5].IsNull() && !info[5].IsUndefined();
  const std::vector<uint64_t> tables = mapped ? copied(info, 5, "tables", 6) : std::vector<uint64_t>();
  require(info, !mapped || tables.size() == 3 * 256 * 24, "tables must be 24 byte tables of 256 E values");
  leanvm::addEq(*activePath().field, point.data(), coords, seed.data(), mapped ? tables.data() : nullptr, acc.k() + 3 * at, stride);
}

/** mapByTables(buf, tables): 24 byte tables of 256 E values. */
void MapByTables(const Napi::CallbackInfo& info) {
  const Words buf = words(info, 0, "buf");
  const std::vector<uint64_t> tables = copied(info, 1, "tables", 6);
  require(info, tables.size() == 3 * 256 * 24, "tables must be 24 byte tables of 256 E values");
  leanvm::mapByTables(tables.data(), buf.k(), values(info, buf, true, "buf"));
}

/** addScaled(acc, src, at, stride, scale | null): acc[at + stride·i] += scale·src[i]. */
void AddScaled(const Napi::CallbackInfo& info) {
  const Words acc = words(info, 0, "acc"), src = words(info, 1, "src");
  const size_t at = count(info, 2, "at", 1e15), stride = count(info, 3, "stride", 1e15);
  const size_t n = values(info, src, true, "src"), room = values(info, acc, true, "acc");
  require(info, placed(at, stride, n, room), "src does not fit acc at that offset and stride");
  const bool scaled = !info[4].IsNull() && !info[4].IsUndefined();
  const std::vector<uint64_t> scale = scaled ? element(info, 4, "scale") : std::vector<uint64_t>();
  leanvm::addScaled(*activePath().field, acc.k() + 3 * at, src.k(), n, stride, scaled ? scale.data() : nullptr);
}

/** zerocheckSums(a, b, c, eq): G(1) then G(∞) (12 words). */
Napi::Value ZerocheckSums(const Napi::CallbackInfo& info) {
  const Words a = words(info, 0, "a"), b = words(info, 1, "b"), c = words(info, 2, "c"), eq = words(info, 3, "eq");
  const size_t n = values(info, eq, true, "eq");
  require(info, a.length == 12 * n && b.length == a.length && c.length == a.length, "a, b, c must hold 2·eq's length E values");
  uint64_t s[6];
  leanvm::zerocheckSums(*activePath().field, a.k(), b.k(), c.k(), eq.k(), n, s);
  return sums(info.Env(), s);
}

/** zerocheckStep(a, b, c, chi | null, point): a, b, c bound at chi in place when given, then
 * G(1) then G(∞) (12 words) over their pairs. */
Napi::Value ZerocheckStep(const Napi::CallbackInfo& info) {
  const Words a = words(info, 0, "a"), b = words(info, 1, "b"), c = words(info, 2, "c");
  const bool binds = !info[3].IsNull() && !info[3].IsUndefined();
  const std::vector<uint64_t> chi = binds ? element(info, 3, "chi") : std::vector<uint64_t>();
  const std::vector<uint64_t> point = copied(info, 4, "point", 6);
  const size_t coords = point.size() / 3;
  require(info, coords < 40 && a.length == (size_t{6} << (coords + (binds ? 2 : 1))) && b.length == a.length && c.length == a.length,
          "a, b, c must hold 2^(point's coordinates + 1) E values, twice that with chi");
  uint64_t s[6];
  leanvm::zerocheckStep(*activePath().field, a.k(), b.k(), c.k(), binds ? chi.data() : nullptr, point.data(), coords, s);
  return sums(info.Env(), s);
}

/** skipSums(lt, a, b, c, at, groups, lo, hi, sums): groups of 16 u32 words from word `at`,
 * group g weighted by lo[g mod n]·hi[⌊g / n⌋] (n: lo's E values). */
void SkipSums(const Napi::CallbackInfo& info) {
  const Words lt = words(info, 0, "lt"), a = words(info, 1, "a"), b = words(info, 2, "b"), c = words(info, 3, "c");
  const size_t at = count(info, 4, "at", 1e15), groups = count(info, 5, "groups", 1e15);
  const Words lo = words(info, 6, "lo"), hi = words(info, 7, "hi"), sums = words(info, 8, "sums");
  require(info, lt.length == 8 * 256 * 16, "lt must be 8 · 256 · 16 words");
  require(info, at % 2 == 0 && b.length == a.length && c.length == a.length && at + 16 * groups <= a.length,
          "the groups must lie in columns a, b, c of one length, from an even word");
  require(info, lo.length > 0 && lo.length % 6 == 0, "lo must hold E values");
  const size_t nLo = lo.length / 6;
  require(info, hi.length >= 6 * ((groups + nLo - 1) / nLo), "hi must hold an E weight per lo.length / 6 groups");
  require(info, sums.length == 2 * leanvm::SKIP_SUM_WORDS, "sums must be 4 · 64 E values");
  const size_t k = at / 2;
  leanvm::skipSums(*activePath().field, lt.u32, a.k() + k, b.k() + k, c.k() + k, groups, {lo.k(), nLo, hi.k()}, sums.k());
}

/** zerocheckEntries(col, at, count, t0, t1, out): entries from word pairs at u32 word `at`. */
void ZerocheckEntries(const Napi::CallbackInfo& info) {
  const Words col = words(info, 0, "col");
  const size_t at = count(info, 1, "at", 1e15), n = count(info, 2, "count", 1e15);
  const Words t0 = words(info, 3, "t0"), t1 = words(info, 4, "t1"), out = words(info, 5, "out");
  require(info, at % 2 == 0 && at + 4 * n <= col.length, "the entries' words must lie in col, from an even word");
  require(info, t0.length == 8 * 256 * 6 && t1.length == t0.length, "t0 and t1 must be 8 tables of 256 E values");
  require(info, out.length == 6 * n, "out must hold count E values");
  leanvm::zerocheckEntries(col.k() + at / 2, n, t0.k(), t1.k(), out.k());
}

/** foldBlocks(z, blocks, eq, zv): zv += the first `blocks` blocks of z weighted by eq. */
void FoldBlocks(const Napi::CallbackInfo& info) {
  const Words z = words(info, 0, "z");
  const size_t blocks = count(info, 1, "blocks", 1 << 30);
  const Words eq = words(info, 2, "eq"), zv = words(info, 3, "zv");
  require(info, z.length >= 2 * leanvm::BLOCK_WORDS * blocks && eq.length >= 6 * blocks, "z and eq must cover the blocks");
  require(info, zv.length == 6 * 64 * leanvm::BLOCK_WORDS, "zv must hold an E value per block position");
  leanvm::foldBlocks(z.k(), blocks, eq.k(), zv.k());
}

/** flockWitness's arguments (messages, headers, live, z, a, b), checked. */
struct WitnessArgs {
  Words messages, headers;
  size_t headerStride, live, blocks;
  Words z, a, b;

  void run() const { leanvm::flockWitness(messages.u32, headers.u32, headerStride, live, blocks, z.u32, a.u32, b.u32); }
};

WitnessArgs witnessArgs(const Napi::CallbackInfo& info) {
  const Words messages = words(info, 0, "messages"), headers = words(info, 1, "headers");
  const size_t live = count(info, 2, "live", 1 << 30);
  const Words z = words(info, 3, "z"), a = words(info, 4, "a"), b = words(info, 5, "b");
  const size_t blocks = z.length / leanvm::BLOCK_U32;
  require(info, z.length % leanvm::BLOCK_U32 == 0 && a.length == z.length && b.length == z.length,
          "z, a, b must be whole blocks of 512 words, of one length");
  require(info, live <= blocks && messages.length == leanvm::MESSAGE_WORDS * (live + 1),
          "messages must hold 16 words for each of at most `blocks` compressions, then the padding one");
  const size_t shared = leanvm::HEADER_WORDS, each = leanvm::HEADER_WORDS * (live + 1);
  require(info, headers.length == shared || headers.length == each, "headers must hold 12 words, once or for each compression and the padding one");
  return {messages, headers, headers.length == shared ? 0 : leanvm::HEADER_WORDS, live, blocks, z, a, b};
}

/** flockWitness(messages, headers, live, z, a, b): live compressions then the padding one, 16
 * message words each, and 12 header words for each or once for all. */
void FlockWitness(const Napi::CallbackInfo& info) { witnessArgs(info).run(); }

/** gatherPairs(dst, src, n, rows, code, spec): spec an Int32Array of (step, stride, word,
 * slotStride, pcWord, slot, scale, add) (src/kernels/vm/gather.ts); returns the first row that
 * reads out of range, or n. */
Napi::Value GatherPairs(const Napi::CallbackInfo& info) {
  const Words dst = u32Words(info, 0, "dst"), src = u32Words(info, 1, "src");
  const size_t n = count(info, 2, "n", dst.length / 2);
  const Words rows = u32Words(info, 3, "rows"), code = u32Words(info, 4, "code");
  const Napi::Value sv = info[5];
  require(info, sv.IsTypedArray() && sv.As<Napi::TypedArray>().TypedArrayType() == napi_int32_array && sv.As<Napi::Int32Array>().ElementLength() == 8,
          "spec must be an Int32Array of 8 words");
  const int32_t* s = sv.As<Napi::Int32Array>().Data();
  for (int i : {0, 1, 3, 4, 6, 7}) require(info, s[i] >= 0, "spec's counts must not be negative");
  const leanvm::PairGather g{static_cast<size_t>(s[0]), rows.u32, static_cast<size_t>(s[1]), s[2], code.u32, code.length,
                             static_cast<size_t>(s[3]), static_cast<size_t>(s[4]), s[5], static_cast<size_t>(s[6]), static_cast<size_t>(s[7])};
  // Every row word read lies in `rows`: the last row's largest.
  const long top = std::max<long>(g.word, g.slot >= 0 ? static_cast<long>(g.pcWord) : -1);
  require(info, n == 0 || top < 0 || g.stride * (n - 1) + static_cast<size_t>(top) < rows.length, "rows must hold n rows of stride words");
  return Napi::Number::New(info.Env(), static_cast<double>(leanvm::gatherPairs(dst.u32, src.u32, src.length / 2, n, g)));
}

/** A typed array of `type` (any alignment), in place, and its length in elements. */
template <class T>
T* typed(const Napi::CallbackInfo& info, size_t i, const char* name, napi_typedarray_type type, size_t& length) {
  const Napi::Value v = info[i];
  if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != type) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " has the wrong typed-array type");
  }
  const Napi::TypedArray a = v.As<Napi::TypedArray>();
  length = a.ElementLength();
  return reinterpret_cast<T*>(static_cast<uint8_t*>(a.ArrayBuffer().Data()) + a.ByteOffset());
}

/** The registers' places in a stepper's Float64Array (src/kernels/vm/steps.ts, REG). */
enum Register { PC, FP, STEPS, LEFT, MAX_CYCLES, END_PC, MEM_LENGTH, COVERED, NOTED, SHIFT, ROW_COUNT, HINTED = ROW_COUNT + leanvm::VM_TABLES, REGISTERS };

/** The arrays a stepper binds that the interpreter may replace as they grow (src/kernels/vm/steps.ts, SLOT). */
enum Slot { CELLS, WRITTEN, COUNT, POW, INDEX, ORDER, ROWS, SLOTS = ROWS + leanvm::VM_TABLES };

/** A stepper's arrays, held while bound, and its registers. */
struct Stepper {
  leanvm::VmArrays a{};
  size_t cellsLength = 0, countLength = 0, powLength = 0;
  double* regs = nullptr;
  bool bound[SLOTS] = {};
  Napi::ObjectReference held[SLOTS + 5];
};

/** Binds array `slot` (Slot) in place of the one bound before. */
void StepperBind(const Napi::CallbackInfo& info) {
  Stepper& s = *static_cast<Stepper*>(info.Data());
  const size_t slot = count(info, 0, "slot", SLOTS - 1);
  static constexpr napi_typedarray_type TYPES[ROWS] = {napi_uint32_array, napi_uint8_array, napi_uint32_array, napi_uint32_array, napi_int32_array, napi_uint8_array};
  const napi_typedarray_type type = slot < ROWS ? TYPES[slot] : napi_uint32_array;
  size_t length;
  void* data = typed<uint8_t>(info, 1, "array", type, length);
  switch (slot) {
    case CELLS:
      require(info, reinterpret_cast<uintptr_t>(data) % 8 == 0, "cells must start on 8 bytes (their words are read as u64)");
      s.a.cells = static_cast<uint32_t*>(data), s.cellsLength = length;
      break;
    case WRITTEN: s.a.written = static_cast<uint8_t*>(data), s.a.capacity = length; break;
    case COUNT: s.a.count = static_cast<uint32_t*>(data), s.countLength = length; break;
    case POW: s.a.pow = static_cast<uint32_t*>(data), s.powLength = length; break;
    case INDEX:
      require(info, isPow2(length), "the index must hold a power of two slots");
      s.a.index = static_cast<int32_t*>(data), s.a.indexLength = length;
      break;
    case ORDER: s.a.order = static_cast<uint8_t*>(data), s.a.orderLength = length; break;
    default: s.a.rows[slot - ROWS] = static_cast<uint32_t*>(data), s.a.rowWords[slot - ROWS] = length;
  }
  s.held[slot] = Napi::Persistent(info[1].As<Napi::Object>());
  s.bound[slot] = true;
}

/** Runs the plain steps from the registers (vm_steps.h), writing them back; returns how many
 * ran. The registers are checked against the arrays, so that no step reads or writes past one. */
Napi::Value StepperRun(const Napi::CallbackInfo& info) {
  Stepper& s = *static_cast<Stepper*>(info.Data());
  const double* regs = s.regs;
  require(info, std::all_of(s.bound, s.bound + SLOTS, [](bool b) { return b; }), "every array must be bound before a run");
  require(info, s.cellsLength == 6 * s.a.capacity && s.countLength == s.a.capacity, "cells, written and count must hold the same cells");
  for (int i = 0; i < REGISTERS; i++) {
    require(info, regs[i] == static_cast<double>(static_cast<int64_t>(regs[i])) && regs[i] >= (i == LEFT ? -1 : 0) && regs[i] < 9007199254740992.0, "registers must be whole numbers");
  }
  leanvm::VmRegisters r{};
  r.pc = static_cast<uint64_t>(regs[PC]);
  r.fp = static_cast<uint64_t>(regs[FP]);
  r.steps = static_cast<uint64_t>(regs[STEPS]);
  r.left = static_cast<int64_t>(regs[LEFT]);
  r.maxCycles = static_cast<uint64_t>(regs[MAX_CYCLES]);
  r.endPc = static_cast<uint64_t>(regs[END_PC]);
  r.memLength = static_cast<uint64_t>(regs[MEM_LENGTH]);
  r.covered = static_cast<uint64_t>(regs[COVERED]);
  r.noted = static_cast<uint64_t>(regs[NOTED]);
  r.shift = static_cast<uint32_t>(regs[SHIFT]);
  for (int t = 0; t < leanvm::VM_TABLES; t++) r.rowCount[t] = static_cast<uint64_t>(regs[ROW_COUNT + t]);
  r.hinted = regs[HINTED] != 0;
  require(info, r.memLength <= s.a.capacity && 2 * r.covered <= s.powLength && r.shift == 32 - static_cast<uint32_t>(log2(s.a.indexLength)), "the registers do not match the arrays");
  const uint64_t ran = leanvm::runVmSteps(*activePath().field, s.a, r);
  double* out = s.regs;
  out[PC] = static_cast<double>(r.pc);
  out[FP] = static_cast<double>(r.fp);
  out[STEPS] = static_cast<double>(r.steps);
  out[LEFT] = static_cast<double>(r.left);
  out[MEM_LENGTH] = static_cast<double>(r.memLength);
  out[NOTED] = static_cast<double>(r.noted);
  for (int t = 0; t < leanvm::VM_TABLES; t++) out[ROW_COUNT + t] = static_cast<double>(r.rowCount[t]);
  return Napi::Number::New(info.Env(), static_cast<double>(ran));
}

/** vmStepper(code, consts, hintAt, bytecodeCounts, registers): a stepper over one run's program
 * and registers, {bind(slot, array), run()} (src/kernels/vm/steps.ts). */
Napi::Value VmStepper(const Napi::CallbackInfo& info) {
  auto* s = new Stepper();
  Napi::Object out = Napi::Object::New(info.Env());
  out.AddFinalizer([](Napi::Env, Stepper* p) { delete p; }, s);
  size_t codeLength, constsLength, hintLength, countsLength, regsLength;
  s->a.code = typed<uint32_t>(info, 0, "code", napi_uint32_array, codeLength);
  s->a.consts = typed<uint32_t>(info, 1, "consts", napi_uint32_array, constsLength);
  s->a.hintAt = typed<int32_t>(info, 2, "hintAt", napi_int32_array, hintLength);
  s->a.bytecodeCounts = typed<uint32_t>(info, 3, "bytecodeCounts", napi_uint32_array, countsLength);
  s->regs = typed<double>(info, 4, "registers", napi_float64_array, regsLength);
  s->a.slots = codeLength / 8;
  require(info, s->a.slots > 0 && codeLength == 8 * s->a.slots && constsLength == 6 * s->a.slots && hintLength == s->a.slots && countsLength == s->a.slots,
          "code, consts, hintAt and bytecodeCounts must describe one program");
  require(info, reinterpret_cast<uintptr_t>(s->a.consts) % 8 == 0, "consts must start on 8 bytes (their words are read as u64)");
  require(info, regsLength == REGISTERS, "registers must hold " + std::to_string(REGISTERS) + " numbers");
  for (size_t i = 0; i < 5; i++) s->held[SLOTS + i] = Napi::Persistent(info[i].As<Napi::Object>());
  out.Set("bind", Napi::Function::New(info.Env(), StepperBind, "bind", s));
  out.Set("run", Napi::Function::New(info.Env(), StepperRun, "run", s));
  return out;
}

/** lincheckComb(e, alpha, comb): the lincheck's batched column weights (flock_walk.h) from the
 * row weights e (2^14 E values) into comb (as many). */
void LincheckComb(const Napi::CallbackInfo& info) {
  const Words e = words(info, 0, "e"), comb = words(info, 2, "comb");
  const std::vector<uint64_t> alpha = element(info, 1, "alpha");
  require(info, e.length == 6 * size_t{leanvm::BLOCK_BITS} && comb.length == e.length, "e and comb must hold 2^14 E values each");
  leanvm::lincheckComb(*activePath().field, e.k(), alpha.data(), comb.k());
}

/** queryWeights(factors, coeffs, m, out): m K factors and one E coefficient per query. */
void QueryWeights(const Napi::CallbackInfo& info) {
  const size_t m = count(info, 2, "m", 30);
  const std::vector<uint64_t> factors = copied(info, 0, "factors", 2), coeffs = copied(info, 1, "coeffs", 6);
  const Words out = words(info, 3, "out");
  const size_t queries = coeffs.size() / 3;
  require(info, factors.size() == m * queries, "factors must hold m K words per query");
  require(info, out.length == (size_t{6} << m), "out must hold 2^m E values");
  leanvm::queryWeights(*activePath().field, factors.data(), coeffs.data(), queries, static_cast<int>(m), out.k());
}

/** queryWeightsTransposed(positions, coeffs, m, logInvRate, data): one domain point and E
 * coefficient per query; out lands in data's first 2^m E values. */
void QueryWeightsTransposed(const Napi::CallbackInfo& info) {
  needTwiddles(info);
  const Words positions = words(info, 0, "positions");
  const std::vector<uint64_t> coeffs = copied(info, 1, "coeffs", 6);
  const size_t m = count(info, 2, "m", 40), rate = count(info, 3, "logInvRate", 20);
  const Words data = words(info, 4, "data");
  const size_t queries = coeffs.size() / 3;
  require(info, m + rate <= 48 && data.length == (size_t{6} << (m + rate)), "data must hold 2^(m + logInvRate) E values");
  require(info, positions.length == queries, "positions must hold one domain point per coefficient");
  for (size_t q = 0; q < queries; q++) require(info, positions.u32[q] < data.length / 6, "a query lies outside the domain");
  leanvm::queryWeightsTransposed(*activePath().field, positions.u32, coeffs.data(), queries, static_cast<int>(m),
                                 static_cast<int>(rate), data.k());
}

/** smallestNonce(base, tag, bits): the smallest passing u64 nonce as [lo, hi]. */
Napi::Value SmallestNonce(const Napi::CallbackInfo& info) {
  const std::vector<uint64_t> base = copied(info, 0, "base", 8);
  require(info, base.size() == 4, "base must be one digest (8 words)");
  const uint32_t tag = static_cast<uint32_t>(count(info, 1, "tag", 4294967295.0));
  const int bits = static_cast<int>(count(info, 2, "bits", 63));
  uint32_t b[8];
  std::memcpy(b, base.data(), sizeof b);
  uint64_t nonce = 0;
  if (!leanvm::smallestNonce(*activePath().hash, b, tag, bits, nonce)) {
    throw Napi::Error::New(info.Env(), "no u64 nonce clears " + std::to_string(bits) + " grinding bits");
  }
  Napi::Array out = Napi::Array::New(info.Env(), 2);
  out.Set(uint32_t{0}, Napi::Number::New(info.Env(), static_cast<uint32_t>(nonce)));
  out.Set(uint32_t{1}, Napi::Number::New(info.Env(), static_cast<uint32_t>(nonce >> 32)));
  return out;
}

/** A buffer allocWords mapped or heapWords allocated (`block`: heapWords' block, null for a
 * map); `live` until releaseWords or the finalizer returns it. */
struct Mapping {
  void* p;
  size_t bytes;
  void* block;
  bool live;
  /** Set while napi_create_external_arraybuffer runs: a finalizer called then (Node calls it
   * on some refusals) leaves the Mapping to AllocWords. */
  bool creating;
  bool finalized;
};

/** The live regions by address (touched on the JavaScript thread only: calls and finalizers). */
std::unordered_map<void*, Mapping*>& liveMappings() {
  static std::unordered_map<void*, Mapping*> m;
  return m;
}

/** Ends the record's life as a live region (its pages unmapped or moved by the caller); the
 * finalizer, when it comes, only deletes the record. */
void retire(Napi::Env env, Mapping* m) {
  liveMappings().erase(m->p);
  m->live = false;
  Napi::MemoryManagement::AdjustExternalMemory(env, -static_cast<int64_t>(m->bytes));
}

/** Returns the buffer's memory (unmaps its pages, or frees its heap block) and retires it. */
void unmap(Napi::Env env, Mapping* m) {
  if (m->block != nullptr) leanvm::freeHeapWords(m->block, m->bytes);
  else leanvm::unmapPages(m->p, m->bytes);
  retire(env, m);
}

/** The buffer's finalizer: once, after a release too (for the detached buffer). */
void finalizeMapping(napi_env env, void*, void* hint) {
  Mapping* m = static_cast<Mapping*>(hint);
  if (m->live) unmap(Napi::Env(env), m);
  m->finalized = true;
  if (!m->creating) delete m;
}

/** The largest external buffer Node 20 makes (node::Buffer's kMaxLength): past it Node refuses
 * the buffer and calls its finalizer, which node-addon-api's ArrayBuffer::New then frees a
 * second time (the abort of a 2^20 hash proof's 6 GiB weight). */
constexpr size_t MAX_MAPPED_BYTES = size_t{1} << 32;

/** An ArrayBuffer over the mapped region `p` of `bytes` (mapPages or remapPages), or over
 * heapWords' memory at `p` in `block`, returned by releaseWords or by its finalizer, which Node
 * runs between event-loop turns after V8 collects the buffer (a long synchronous proof gives it
 * none). V8 does not count an external buffer's memory by itself, so its collector is told. A
 * refusal returns the memory. */
Napi::Value wrapMapping(Napi::Env env, void* p, size_t bytes, void* block = nullptr) {
  Mapping* m = new (std::nothrow) Mapping{p, bytes, block, true, true, false};
  if (m == nullptr) {
    if (block != nullptr) leanvm::freeHeapWords(block, bytes);
    else leanvm::unmapPages(p, bytes);
    throw leanvm::AllocationFailure("a mapped buffer's record", sizeof(Mapping));
  }
  liveMappings().emplace(p, m);
  Napi::MemoryManagement::AdjustExternalMemory(env, static_cast<int64_t>(bytes));
  napi_value value;
  const napi_status status = napi_create_external_arraybuffer(env, p, bytes, finalizeMapping, m, &value);
  m->creating = false;
  if (status != napi_ok) {
    // Refused: unmapped by the finalizer if Node called it, else here; the record goes.
    if (m->live) unmap(env, m);
    delete m;
    throw leanvm::AllocationFailure("a mapped buffer (Node refused the external ArrayBuffer)", bytes);
  }
  if (m->finalized) {
    delete m;
    throw leanvm::AllocationFailure("a mapped buffer (Node refused the external ArrayBuffer)", bytes);
  }
  return Napi::Value(env, value);
}

/** The live allocWords mapping behind info[0], which `call` takes. */
Mapping* liveMapping(const Napi::CallbackInfo& info, const char* call) {
  const std::string what = std::string(call) + " takes a live ArrayBuffer from allocWords or heapWords";
  require(info, info[0].IsArrayBuffer(), what.c_str());
  Napi::ArrayBuffer buffer = info[0].As<Napi::ArrayBuffer>();
  const auto it = liveMappings().find(buffer.Data());
  require(info, it != liveMappings().end() && it->second->bytes == buffer.ByteLength(), what.c_str());
  return it->second;
}

/** Whether info[i], where given, asks for pages faulted in now (pages.h: `dense`). */
bool dense(const Napi::CallbackInfo& info, size_t i) { return info.Length() > i && info[i].ToBoolean().Value(); }

/** allocWords(bytes, dense?): a zeroed ArrayBuffer of at most 2^32 bytes on pages the module
 * maps (pages.h), faulted in now where `dense` (its user will write all of it). */
Napi::Value AllocWords(const Napi::CallbackInfo& info) {
  const size_t bytes = count(info, 0, "bytes", static_cast<double>(MAX_MAPPED_BYTES));
  require(info, bytes > 0, "bytes must be positive");
  return wrapMapping(info.Env(), leanvm::mapPages(bytes, dense(info, 1)), bytes);
}

/** heapWords(bytes, zeroed = true): an ArrayBuffer of at most 2^32 bytes, 64-byte aligned, from
 * the C allocator (pages.h), zeroed unless `zeroed` is false; returned by releaseWords like
 * allocWords' maps. */
Napi::Value HeapWords(const Napi::CallbackInfo& info) {
  const size_t bytes = count(info, 0, "bytes", static_cast<double>(MAX_MAPPED_BYTES));
  require(info, bytes > 0, "bytes must be positive");
  const bool zeroed = info.Length() < 2 || info[1].IsUndefined() || info[1].ToBoolean().Value();
  void* block;
  void* p = leanvm::heapWords(bytes, zeroed, &block);
  return wrapMapping(info.Env(), p, bytes, block);
}

/** releaseWords(buffer): detaches an allocWords or heapWords buffer (its views see no elements
 * from now on) and returns its memory now. */
void ReleaseWords(const Napi::CallbackInfo& info) {
  Mapping* m = liveMapping(info, "releaseWords");
  info[0].As<Napi::ArrayBuffer>().Detach();
  unmap(info.Env(), m);
}

/** resizeWords(buffer, bytes, dense?): an allocWords buffer's pages in a new one of `bytes`, the old
 * one detached. The pages already touched stay mapped (no faults: a pool grows a spare it would
 * otherwise unmap before mapping a larger buffer); the contents are kept up to the smaller
 * size, the rest is zero. On a refusal (AllocationFailure) the old buffer is as it was. */
Napi::Value ResizeWords(const Napi::CallbackInfo& info) {
  Mapping* m = liveMapping(info, "resizeWords");
  require(info, m->block == nullptr, "resizeWords takes an allocWords buffer, not a heapWords one");
  const size_t bytes = count(info, 1, "bytes", static_cast<double>(MAX_MAPPED_BYTES));
  require(info, bytes > 0, "bytes must be positive");
  void* q = leanvm::remapPages(m->p, m->bytes, bytes, dense(info, 2));
  // The old region is gone (moved): its buffer detached, its record retired without an unmap.
  info[0].As<Napi::ArrayBuffer>().Detach();
  retire(info.Env(), m);
  return wrapMapping(info.Env(), q, bytes);
}

/** heldBytes(): bytes of allocWords and heapWords buffers not yet returned. */
Napi::Value HeldBytes(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(leanvm::mappedBytes() + leanvm::heapBytes()));
}

/** limitAllocations(bytes | null): every allocation of the module over `bytes` fails from now
 * on (a test's way to walk the error paths); null lifts the limit. */
void LimitAllocations(const Napi::CallbackInfo& info) {
  leanvm::limitAllocations(info[0].IsNull() || info[0].IsUndefined() ? SIZE_MAX : count(info, 0, "bytes", 0x1p50));
}

/** The Error for an allocation the module could not make (tagged for the adapter's AllocationError). */
Napi::Error allocationError(Napi::Env env, const char* call, const leanvm::AllocationFailure& f) {
  const int error = f.error();
  const std::string reason = error == leanvm::AllocationFailure::LIMITED ? "over the limit set by limitAllocations"
                             : error > 0                                  ? std::strerror(error)
                                                                          : "out of memory";
  Napi::Error e = Napi::Error::New(env, std::string(call) + ": could not allocate " + std::to_string(f.bytes()) + " bytes for " +
                                            f.object() + " (" + reason + ")");
  e.Set("code", "LEANVM_ALLOCATION");
  e.Set("call", call);
  e.Set("object", f.object());
  e.Set("bytes", Napi::Number::New(env, static_cast<double>(f.bytes())));
  e.Set("reason", reason);
  return e;
}

/** F with its allocation failures turned into allocationError; info.Data() is the call's name. */
template <auto F>
auto guarded(const Napi::CallbackInfo& info) -> decltype(F(info)) {
  const char* call = static_cast<const char*>(info.Data());
  try {
    return F(info);
  } catch (const leanvm::AllocationFailure& f) {
    throw allocationError(info.Env(), call, f);
  } catch (const std::bad_alloc&) {
    // An allocation outside the module's own (a std::function, the glue's strings).
    throw allocationError(info.Env(), call, leanvm::AllocationFailure("memory of unknown size", 0));
  }
}

template <auto F>
void add(Napi::Env env, Napi::Object exports, const char* name) {
  exports.Set(name, Napi::Function::New(env, guarded<F>, name, const_cast<char*>(name)));
}


// ---- the VM prover's kernels (vm_bus.h) ----

/** An Int32Array argument, in place. */
Napi::Int32Array ints(const Napi::CallbackInfo& info, size_t i, const char* name) {
  const Napi::Value v = info[i];
  if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != napi_int32_array) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be an Int32Array");
  }
  return v.As<Napi::Int32Array>();
}

/** The form of arguments (a, b, coeffs, constant) at i..i+3, its columns checked against `cols`. */
struct FormArgs {
  Napi::Int32Array a, b;
  std::vector<uint64_t> coeffs, constant;
  leanvm::VmForm form() const {
    return {constant.data(), a.Data(), b.Data(), coeffs.data(), a.ElementLength()};
  }
};

FormArgs formArgs(const Napi::CallbackInfo& info, size_t i, size_t cols) {
  FormArgs f{ints(info, i, "a"), ints(info, i + 1, "b"), copied(info, i + 2, "coeffs", 6), element(info, i + 3, "constant")};
  const size_t terms = f.a.ElementLength();
  require(info, f.b.ElementLength() == terms && f.coeffs.size() == 3 * terms, "a, b and coeffs must describe as many terms");
  for (size_t t = 0; t < terms; t++) {
    require(info, f.a[t] >= 0 && static_cast<size_t>(f.a[t]) < cols && f.b[t] >= -1 && f.b[t] < static_cast<int32_t>(cols),
            "a term names a column the form does not have");
  }
  return f;
}

/** The columns (an Array of Uint32Array), each holding at least `values` K or E values. */
std::vector<const uint64_t*> columns(const Napi::CallbackInfo& info, size_t i, bool isE, size_t values) {
  if (!info[i].IsArray()) throw Napi::TypeError::New(info.Env(), "columns must be an Array of Uint32Array");
  const Napi::Array arr = info[i].As<Napi::Array>();
  std::vector<const uint64_t*> out;
  for (uint32_t c = 0; c < arr.Length(); c++) {
    const Napi::Value v = arr.Get(c);
    if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
      throw Napi::TypeError::New(info.Env(), "columns must be an Array of Uint32Array");
    }
    const Napi::Uint32Array a = v.As<Napi::Uint32Array>();
    require(info, a.ByteOffset() % 8 == 0, "a column must start on an 8-byte boundary");
    require(info, a.ElementLength() >= (isE ? 6 : 2) * values, "a column holds fewer values than the rows read");
    out.push_back(reinterpret_cast<const uint64_t*>(a.Data()));
  }
  return out;
}

/** productsOfFour(src, out): out holds a quarter of src's E values. */
void ProductsOfFour(const Napi::CallbackInfo& info) {
  const Words src = words(info, 0, "src"), out = words(info, 1, "out");
  require(info, src.length % 24 == 0 && out.length * 4 == src.length, "src must be whole fours of E values, out a quarter of it");
  leanvm::productsOfFour(*activePath().field, src.k(), out.length / 6, out.k());
}

/** quarticSums(rows, eq, bind?): rows of four E values in pairs, one eq weight a pair (a bound
 * pair with bind, which binds the rows in place first); 24 words. */
Napi::Value QuarticSums(const Napi::CallbackInfo& info) {
  const Words rows = words(info, 0, "rows"), eq = words(info, 1, "eq");
  const bool binds = !info[2].IsUndefined();
  const size_t pairs = rows.length / 48;
  require(info, rows.length % 48 == 0 && pairs > 0, "rows must be pairs of rows of four E values");
  require(info, eq.length == 6 * (binds ? (pairs + 1) / 2 : pairs), "eq must hold one E value a pair (a bound pair with bind)");
  const std::vector<uint64_t> bind = binds ? element(info, 2, "bind") : std::vector<uint64_t>();
  uint64_t s[12];
  leanvm::quarticSums(*activePath().field, rows.k(), pairs, binds ? bind.data() : nullptr, eq.k(), s);
  Napi::Uint32Array out = Napi::Uint32Array::New(info.Env(), 24);
  std::memcpy(out.Data(), s, sizeof s);
  return out;
}

/** formRows(columns, a, b, coeffs, constant, n, out, at): adds the form's rows to out's E values from `at`. */
void FormRows(const Napi::CallbackInfo& info) {
  const size_t n = count(info, 5, "n", 1e12), at = count(info, 7, "at", 1e12);
  const std::vector<const uint64_t*> cols = columns(info, 0, false, n);
  const FormArgs f = formArgs(info, 1, cols.size());
  const Words out = words(info, 6, "out");
  require(info, out.length >= 6 * (at + n), "out holds fewer values than at + n");
  leanvm::formRows(*activePath().field, cols.data(), f.form(), n, out.k() + 3 * at);
}

/** formPairSums(columns, isE, a, b, coeffs, constant, eq, half, bindR?, bindOut?): 18 words. */
Napi::Value FormPairSums(const Napi::CallbackInfo& info) {
  const bool isE = flag(info, 1);
  const size_t half = count(info, 7, "half", 1e12);
  const bool binds = !info[8].IsUndefined();
  const std::vector<const uint64_t*> cols = columns(info, 0, isE, (binds ? 4 : 2) * half);
  const FormArgs f = formArgs(info, 2, cols.size());
  const Words eq = words(info, 6, "eq");
  require(info, eq.length >= 6 * half, "eq holds fewer weights than half");
  std::vector<uint64_t> r;
  std::vector<uint64_t*> bound;
  if (binds) {
    r = element(info, 8, "bindR");
    for (const uint64_t* c : columns(info, 9, true, 2 * half)) bound.push_back(const_cast<uint64_t*>(c));
    require(info, bound.size() == cols.size(), "bindOut must hold one array a column");
  }
  uint64_t s[9];
  leanvm::formPairSums(*activePath().field, cols.data(), cols.size(), isE, f.form(), eq.k(), half, binds ? r.data() : nullptr, bound.data(), s);
  Napi::Uint32Array out = Napi::Uint32Array::New(info.Env(), 18);
  std::memcpy(out.Data(), s, sizeof s);
  return out;
}

/** flockWitness called from a thread of libuv's (it and the pool's workers take the blocks) while
 * JavaScript goes on; the six arrays are held until it is done. */
class WitnessWorker : public Napi::AsyncWorker {
 public:
  WitnessWorker(const Napi::CallbackInfo& info, const WitnessArgs& args)
      : Napi::AsyncWorker(info.Env(), "flockWitnessAsync"), args_(args), done_(Napi::Promise::Deferred::New(info.Env())) {
    for (size_t i : {0, 1, 3, 4, 5}) held_.push_back(Napi::Persistent(info[i].As<Napi::Object>()));
  }
  Napi::Promise promise() const { return done_.Promise(); }

 protected:
  void Execute() override {
    try {
      args_.run();
    } catch (const std::exception& e) {
      failure_ = std::current_exception();
      SetError(e.what());
    }
  }
  void OnOK() override { done_.Resolve(Env().Undefined()); }
  /** An allocation refused comes back as allocationError's, as from a call on this thread. */
  void OnError(const Napi::Error& e) override {
    try {
      std::rethrow_exception(failure_);
    } catch (const leanvm::AllocationFailure& f) {
      done_.Reject(allocationError(Env(), "flockWitnessAsync", f).Value());
    } catch (...) {
      done_.Reject(e.Value());
    }
  }

 private:
  WitnessArgs args_;
  Napi::Promise::Deferred done_;
  std::vector<Napi::ObjectReference> held_;
  std::exception_ptr failure_;
};

/** flockWitnessAsync(messages, headers, live, z, a, b): flockWitness's columns, a Promise of
 * their being written. */
Napi::Value FlockWitnessAsync(const Napi::CallbackInfo& info) {
  auto* worker = new WitnessWorker(info, witnessArgs(info));
  const Napi::Promise promise = worker->promise();
  worker->Queue();
  return promise;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  add<Paths>(env, exports, "paths");
  add<ActivePath>(env, exports, "activePath");
  add<UsePath>(env, exports, "usePath");
  add<SetThreads>(env, exports, "setThreads");
  add<Threads>(env, exports, "threads");
  add<SetTwiddleDeltas>(env, exports, "setTwiddleDeltas");
  add<MulK>(env, exports, "mulK");
  add<MulE>(env, exports, "mulE");
  add<ForwardNtt>(env, exports, "forwardNtt");
  add<EncodeStack>(env, exports, "encodeStack");
  add<MerkleTree>(env, exports, "merkleTree");
  add<RoundSums>(env, exports, "roundSums");
  add<Fold>(env, exports, "fold");
  add<LaneDots>(env, exports, "laneDots");
  add<LaneCombine>(env, exports, "laneCombine");
  add<FoldRound>(env, exports, "foldRound");
  add<EqTable>(env, exports, "eqTable");
  add<MapByTables>(env, exports, "mapByTables");
  add<AddScaled>(env, exports, "addScaled");
  add<AddEq>(env, exports, "addEq");
  add<ZerocheckSums>(env, exports, "zerocheckSums");
  add<ZerocheckStep>(env, exports, "zerocheckStep");
  add<SkipSums>(env, exports, "skipSums");
  add<ZerocheckEntries>(env, exports, "zerocheckEntries");
  add<FoldBlocks>(env, exports, "foldBlocks");
  add<FlockWitness>(env, exports, "flockWitness");
  add<LincheckComb>(env, exports, "lincheckComb");
  add<GatherPairs>(env, exports, "gatherPairs");
  add<VmStepper>(env, exports, "vmStepper");
  add<FlockWitnessAsync>(env, exports, "flockWitnessAsync");
  add<ProductsOfFour>(env, exports, "productsOfFour");
  add<QuarticSums>(env, exports, "quarticSums");
  add<FormRows>(env, exports, "formRows");
  add<FormPairSums>(env, exports, "formPairSums");
  add<QueryWeights>(env, exports, "queryWeights");
  add<QueryWeightsTransposed>(env, exports, "queryWeightsTransposed");
  add<SmallestNonce>(env, exports, "smallestNonce");
  add<HeldBytes>(env, exports, "heldBytes");
  add<LimitAllocations>(env, exports, "limitAllocations");
  if (leanvm::mapsPages()) {
    add<AllocWords>(env, exports, "allocWords");
    add<HeapWords>(env, exports, "heapWords");
    add<ReleaseWords>(env, exports, "releaseWords");
    if (leanvm::remapsPages()) add<ResizeWords>(env, exports, "resizeWords");
  }
  return exports;
}

}  // namespace

NODE_API_MODULE(leanvm_native, Init)
