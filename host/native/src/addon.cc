// The N-API glue: argument checks and the calls into the active path. Buffers are the
// caller's Uint32Arrays, used in place (their K words read as u64); nothing is copied.
#include <napi.h>

#include <cstdint>
#include <string>

#include "dispatch.h"
#include "merkle.h"
#include "ntt.h"
#include "products.h"
#include "threads.h"

namespace {

using leanvm::activePath;

struct Words {
  uint32_t* u32;
  size_t length;
  uint64_t* k() const { return reinterpret_cast<uint64_t*>(u32); }
};

Words words(const Napi::CallbackInfo& info, size_t i, const char* name) {
  const Napi::Value v = info[i];
  if (!v.IsTypedArray() || v.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a Uint32Array");
  }
  Napi::Uint32Array a = v.As<Napi::Uint32Array>();
  if (a.ByteOffset() % 8 != 0) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must start on an 8-byte boundary (K words are read as u64)");
  }
  return {a.Data(), a.ElementLength()};
}

size_t count(const Napi::CallbackInfo& info, size_t i, const char* name, double max) {
  const Napi::Value v = info[i];
  const double x = v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : -1;
  if (!(x >= 0 && x <= max && x == static_cast<double>(static_cast<uint64_t>(x)))) {
    throw Napi::RangeError::New(info.Env(), std::string(name) + " must be an integer in [0, " + std::to_string(max) + "]");
  }
  return static_cast<size_t>(x);
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
  const leanvm::Path* paths[8];
  const size_t n = std::min<size_t>(leanvm::supportedPaths(paths, 8), 8);
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

/** forwardNtt(data, nLanes, startLayer): 2^L positions of nLanes K words, layers startLayer..L−1. */
void ForwardNtt(const Napi::CallbackInfo& info) {
  needTwiddles(info);
  const Words data = words(info, 0, "data");
  const size_t lanes = count(info, 1, "nLanes", 1 << 20), start = count(info, 2, "startLayer", 63);
  require(info, lanes > 0 && data.length % (2 * lanes) == 0 && isPow2(data.length / (2 * lanes)),
          "data must hold 2^L positions of nLanes K words");
  const int logSize = log2(data.length / (2 * lanes));
  require(info, static_cast<int>(start) <= logSize, "startLayer is past the last layer");
  leanvm::forwardNtt(*activePath().field, data.k(), lanes, logSize, static_cast<int>(start));
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

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("paths", Napi::Function::New(env, Paths));
  exports.Set("activePath", Napi::Function::New(env, ActivePath));
  exports.Set("usePath", Napi::Function::New(env, UsePath));
  exports.Set("setThreads", Napi::Function::New(env, SetThreads));
  exports.Set("threads", Napi::Function::New(env, Threads));
  exports.Set("setTwiddleDeltas", Napi::Function::New(env, SetTwiddleDeltas));
  exports.Set("mulK", Napi::Function::New(env, MulK));
  exports.Set("mulE", Napi::Function::New(env, MulE));
  exports.Set("forwardNtt", Napi::Function::New(env, ForwardNtt));
  exports.Set("encodeStack", Napi::Function::New(env, EncodeStack));
  exports.Set("merkleTree", Napi::Function::New(env, MerkleTree));
  return exports;
}

}  // namespace

NODE_API_MODULE(leanvm_native, Init)
