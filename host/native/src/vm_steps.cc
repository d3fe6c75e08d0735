// The interpreter's plain steps (vm_steps.h). Each step checks everything that could stop it
// before it changes anything but the touched range, the index and a back-solved operand (each
// only grows, and is what the interpreter would write), so a stopped step is taken afresh by the
// interpreter.
#include "vm_steps.h"

#include <algorithm>

#include "blake2s_lanes.h"

namespace leanvm {
namespace {

/** Row words of each table: pc, fp, the bytecode count, then one count a cell read. */
constexpr size_t STRIDE[VM_TABLES] = {6, 6, 4, 6, 6, 11};
constexpr uint32_t SLOT = 8;
enum Mode : uint32_t { CELL = 0, PC = 1, FP = 2 };

class Steps {
 public:
  Steps(const FieldKernels& field, const VmArrays& a, VmRegisters& r) : f_(field), a_(a), r_(r) {}

  /** One step at (pc, fp) into (nextPc, nextFp), or false with nothing taken. */
  bool step(uint64_t pc, uint64_t fp, uint32_t op, uint32_t bc) {
    const uint32_t* c = a_.code + SLOT * pc;
    if (r_.rowCount[op] * STRIDE[op] + STRIDE[op] > a_.rowWords[op]) return false;
    nextPc = pc + 1;
    nextFp = fp;
    switch (op) {
      case 0:
      case 1:
        return arith(pc, fp, c, op == 0, bc);
      case 2:
        return set(pc, fp, c, bc);
      case 3:
        return deref(pc, fp, c, bc);
      case 4:
        return jump(pc, fp, c, bc);
      case 5:
        return blake2s(pc, fp, c, bc);
      default:
        return false;
    }
  }

  uint64_t nextPc = 0, nextFp = 0;

 private:
  const FieldKernels& f_;
  const VmArrays& a_;
  VmRegisters& r_;

  /** Brings cell c into the touched range; false past the arrays' capacity. */
  bool ensure(uint64_t c) {
    if (c < r_.memLength) return true;
    if (c >= a_.capacity) return false;
    r_.memLength = c + 1;
    return true;
  }

  const uint32_t* cell(uint64_t c) const { return a_.cells + 6 * c; }
  bool isK(uint64_t c) const {
    const uint32_t* w = cell(c);
    return (w[2] | w[3] | w[4] | w[5]) == 0;
  }
  /** Writing w to c would not contradict what c holds. */
  bool fits(uint64_t c, const uint32_t* w) const {
    return a_.written[c] == 0 || std::equal(w, w + 6, cell(c));
  }
  void put(uint64_t c, const uint32_t* w) {
    if (a_.written[c] != 0) return;
    std::copy(w, w + 6, a_.cells + 6 * c);
    a_.written[c] = 1;
  }

  uint32_t* row(uint32_t t, uint64_t pc, uint64_t fp, uint32_t bc) {
    uint32_t* d = a_.rows[t] + r_.rowCount[t]++ * STRIDE[t];
    d[0] = static_cast<uint32_t>(pc);
    d[1] = static_cast<uint32_t>(fp);
    d[2] = bc;
    return d;
  }
  /** A row's access counts, taken and advanced in order. */
  void counts(uint32_t* d, const uint64_t* cells, int n) {
    for (int j = 0; j < n; j++) d[3 + j] = a_.count[cells[j]]++;
  }

  uint32_t slotOf(uint32_t lo, uint32_t hi) const { return ((lo ^ (hi * 0x85ebca6bu)) * 0x9e3779b1u) >> r_.shift; }
  /** k with g^k = (lo, hi) among the indexed exponents, or −1 (the interpreter looks further). */
  int64_t log(uint32_t lo, uint32_t hi) const {
    const size_t mask = a_.indexLength - 1;
    for (size_t i = slotOf(lo, hi);; i = (i + 1) & mask) {
      const int32_t e = a_.index[i];
      if (e == 0 || static_cast<uint64_t>(e) > r_.covered) return -1;
      if (a_.pow[2 * (e - 1)] == lo && a_.pow[2 * e - 1] == hi) return e - 1;
    }
  }
  /** Indexes exponent k (covered); false where the index is full (the interpreter regrows it). */
  bool note(uint64_t k) {
    if (2 * (r_.noted + 1) > a_.indexLength) return false;
    const uint32_t lo = a_.pow[2 * k], hi = a_.pow[2 * k + 1];
    const size_t mask = a_.indexLength - 1;
    for (size_t i = slotOf(lo, hi);; i = (i + 1) & mask) {
      const int32_t e = a_.index[i];
      if (e == 0) {
        a_.index[i] = static_cast<int32_t>(k + 1);
        r_.noted++;
        return true;
      }
      if (static_cast<uint64_t>(e - 1) == k) return true;
    }
  }

  static uint64_t* k(uint32_t* w) { return reinterpret_cast<uint64_t*>(w); }
  static const uint64_t* k(const uint32_t* w) { return reinterpret_cast<const uint64_t*>(w); }

  /** a^-1 in K (a ≠ 0): a^(2^64 − 2), as 63 squarings and 62 products. */
  uint64_t invK(uint64_t a) const {
    uint64_t r = 1, s = a;
    for (int i = 1; i < 64; i++) {
      f_.mulK(&s, &s, &s, 1);
      f_.mulK(&r, &s, &r, 1);
    }
    return r;
  }

  /** out = a^-1 in E (a ≠ 0) by the norm, as src/field/e.ts eInv: with φ the Frobenius
   * (c0, c1, c2) ↦ (c0, c2, c1 + c2), b = φ(a)·φ²(a) makes a·b = N(a) in K. */
  void invE(const uint64_t* a, uint64_t* out) const {
    const uint64_t phi[3] = {a[0], a[2], a[1] ^ a[2]}, phi2[3] = {a[0], a[1] ^ a[2], a[1]};
    uint64_t b[3], norm[3];
    f_.mulE(phi, phi2, b, 1);
    f_.mulE(a, b, norm, 1);
    const uint64_t inv[3] = {invK(norm[0]), 0, 0};
    f_.mulE(b, inv, out, 1);
  }

  /** m[c] = m[known] op m[unknown] with m[c] known: m[unknown] = m[c] + m[known], or
   * m[c]·m[known]^-1 (false for a zero m[known], the interpreter's fault). */
  bool backSolve(bool xor_, uint64_t known, uint64_t unknown, uint64_t result) {
    const uint32_t *c = cell(result), *kw = cell(known);
    alignas(8) uint32_t out[6];
    if (xor_) {
      for (int i = 0; i < 6; i++) out[i] = c[i] ^ kw[i];
    } else {
      if ((kw[0] | kw[1] | kw[2] | kw[3] | kw[4] | kw[5]) == 0) return false;
      alignas(8) uint32_t inv[6];
      invE(k(kw), k(inv));
      f_.mulE(k(c), k(inv), k(out), 1);
    }
    put(unknown, out);
    return true;
  }

  bool arith(uint64_t pc, uint64_t fp, const uint32_t* c, bool xor_, uint32_t bc) {
    const uint64_t cells[3] = {fp + c[1], fp + c[2], fp + c[3]};
    if (!ensure(std::max({cells[0], cells[1], cells[2]}))) return false;
    const uint8_t* w = a_.written;
    // A known result with one operand unknown: solve for it (the range-check complement
    // g^(k−1)·x^-1 comes out of a MUL this way); the product then checks against the result.
    if (w[cells[2]] != 0 && (w[cells[0]] ^ w[cells[1]]) != 0) {
      const bool first = w[cells[0]] != 0;
      if (!backSolve(xor_, first ? cells[0] : cells[1], first ? cells[1] : cells[0], cells[2])) return false;
    }
    const uint32_t *x = cell(cells[0]), *y = cell(cells[1]);
    alignas(8) uint32_t out[6] = {0, 0, 0, 0, 0, 0};
    if (xor_) {
      for (int i = 0; i < 6; i++) out[i] = x[i] ^ y[i];
    } else if (isK(cells[0]) && isK(cells[1])) {
      f_.mulK(k(x), k(y), k(out), 1);
    } else {
      f_.mulE(k(x), k(y), k(out), 1);
    }
    if (!fits(cells[2], out)) return false;
    put(cells[2], out);
    counts(row(xor_ ? 0 : 1, pc, fp, bc), cells, 3);
    return true;
  }

  bool set(uint64_t pc, uint64_t fp, const uint32_t* c, uint32_t bc) {
    const uint64_t at = fp + c[1];
    const uint32_t* k = a_.consts + 6 * pc;
    if (!ensure(at) || !fits(at, k)) return false;
    put(at, k);
    counts(row(2, pc, fp, bc), &at, 1);
    return true;
  }

  bool deref(uint64_t pc, uint64_t fp, const uint32_t* c, uint32_t bc) {
    const uint64_t ptr = fp + c[1];
    if (!ensure(ptr) || !isK(ptr)) return false;
    const int64_t base = log(cell(ptr)[0], cell(ptr)[1]);
    if (base < 0) return false;
    const uint64_t cells[3] = {ptr, static_cast<uint64_t>(base) + c[2], fp + c[3]};
    if (!ensure(std::max(cells[1], cells[2]))) return false;
    if (c[4] == CELL) {
      const bool w2 = a_.written[cells[1]] != 0, w3 = a_.written[cells[2]] != 0;
      // Both unwritten: a range check's touch, settled by the interpreter after the run.
      if (!w2 && !w3) return false;
      if (w2 && w3 && !std::equal(cell(cells[1]), cell(cells[1]) + 6, cell(cells[2]))) return false;
      if (!w3) put(cells[2], cell(cells[1]));
      if (!w2) put(cells[1], cell(cells[2]));
    } else {
      const uint64_t k = c[4] == PC ? pc + 2 : fp;
      const uint32_t word[6] = {a_.pow[2 * k], a_.pow[2 * k + 1], 0, 0, 0, 0};
      if (!fits(cells[1], word) || !note(k)) return false;
      put(cells[1], word);
    }
    counts(row(3, pc, fp, bc), cells, 3);
    return true;
  }

  bool jump(uint64_t pc, uint64_t fp, const uint32_t* c, uint32_t bc) {
    const uint64_t cells[3] = {fp + c[1], fp + c[2], fp + c[3]};
    if (!ensure(std::max({cells[0], cells[1], cells[2]}))) return false;
    if (!isK(cells[0]) || !isK(cells[1]) || !isK(cells[2])) return false;
    if ((cell(cells[0])[0] | cell(cells[0])[1]) != 0) {
      const int64_t to = log(cell(cells[1])[0], cell(cells[1])[1]);
      const int64_t frame = log(cell(cells[2])[0], cell(cells[2])[1]);
      if (to < 0 || static_cast<uint64_t>(to) >= a_.slots || frame < 0) return false;
      nextPc = static_cast<uint64_t>(to);
      nextFp = static_cast<uint64_t>(frame);
    }
    counts(row(4, pc, fp, bc), cells, 3);
    return true;
  }

  bool blake2s(uint64_t pc, uint64_t fp, const uint32_t* c, uint32_t bc) {
    // The four message cells, cv and cv + 1, out and out + 1.
    const uint64_t cells[8] = {fp + c[1], fp + c[2], fp + c[3], fp + c[4], fp + c[5], fp + c[5] + 1, fp + c[6], fp + c[6] + 1};
    if (!ensure(std::max({cells[0], cells[1], cells[2], cells[3], cells[5], cells[7]}))) return false;
    uint32_t m[16], h[8];
    for (int j = 0; j < 6; j++) {
      const uint32_t* w = cell(cells[j]);
      if ((w[4] | w[5]) != 0) return false;
      std::copy(w, w + 4, j < 4 ? m + 4 * j : h + 4 * (j - 4));
    }
    const uint32_t* md = a_.consts + 6 * pc;  // the counter and the flags
    compressWith<ScalarLanes>(h, m, md[0], md[1], md[2], md[3]);
    const uint32_t lo[6] = {h[0], h[1], h[2], h[3], 0, 0}, hi[6] = {h[4], h[5], h[6], h[7], 0, 0};
    if (!fits(cells[6], lo) || !fits(cells[7], hi)) return false;
    put(cells[6], lo);
    put(cells[7], hi);
    counts(row(5, pc, fp, bc), cells, 8);
    return true;
  }
};

}  // namespace

uint64_t runVmSteps(const FieldKernels& field, const VmArrays& a, VmRegisters& r) {
  Steps s(field, a, r);
  uint64_t ran = 0;
  for (;;) {
    const uint64_t pc = r.pc, fp = r.fp;
    if (r.left < 0 ? pc == r.endPc : r.left == 0) break;
    if (pc >= a.slots || r.steps >= r.maxCycles || r.steps >= a.orderLength || (a.hintAt[pc] != 0 && !(r.hinted && ran == 0))) break;
    // The powers must cover the return address g^(pc+2) and g^fp this step may store.
    if (r.covered <= std::max(pc + 2, fp)) break;
    const uint32_t op = a.code[SLOT * pc];
    if (!s.step(pc, fp, op, a.bytecodeCounts[pc])) break;
    a.bytecodeCounts[pc]++;
    if (r.left > 0) r.left--;
    a.order[r.steps++] = static_cast<uint8_t>(op);
    r.pc = s.nextPc;
    r.fp = s.nextFp;
    ran++;
  }
  return ran;
}

}  // namespace leanvm
