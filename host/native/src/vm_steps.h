// The interpreter's plain steps (src/vm/execute.ts) run here, on the interpreter's own arrays:
// XOR, MUL, SET, DEREF, JUMP and BLAKE2S rows that need nothing the JavaScript side keeps.
// A run stops, leaving the step it stopped at untouched, wherever that side must act: a pc whose
// hints are not applied yet (once they are, the run starts at its instruction), a halt or fill
// boundary, the step cap, an array too short (memory, the generator's powers or index, a table,
// the order), a DEREF whose two cells are unwritten, an address the index does not hold, and
// every fault. The interpreter then takes that one step itself (so it alone says what went
// wrong) and hands the rest back here.
#pragma once
#include <cstddef>
#include <cstdint>

#include "kernels.h"

namespace leanvm {

constexpr int VM_TABLES = 6;

/** The interpreter's arrays, in place; lengths in elements. */
struct VmArrays {
  const uint32_t* code;  // 8 words a slot (execute.ts decode)
  const uint32_t* consts;  // 6 words a slot
  const int32_t* hintAt;
  size_t slots;
  uint32_t* cells;  // 6 words a cell
  uint8_t* written;
  uint32_t* count;
  size_t capacity;  // cells the three arrays hold
  const uint32_t* pow;  // g^k as (lo, hi)
  int32_t* index;  // k + 1 at a power's slot (gpow.ts)
  size_t indexLength;
  uint32_t* bytecodeCounts;
  uint8_t* order;
  size_t orderLength;
  uint32_t* rows[VM_TABLES];
  size_t rowWords[VM_TABLES];
};

/** The interpreter's scalars, read at the start of a run and written back at its end. */
struct VmRegisters {
  uint64_t pc, fp, steps;
  int64_t left;  // rows left in the fill cycle, −1 before the halt
  uint64_t maxCycles, endPc;
  uint64_t memLength;  // one past the highest cell touched
  uint64_t covered;  // exponents the powers cover
  uint64_t noted;  // exponents the index holds
  uint32_t shift;  // the index's slot shift
  uint64_t rowCount[VM_TABLES];
  bool hinted;  // the first step's hints are applied: it runs here although its pc has hints
};

/** Runs steps until one the interpreter must take; returns how many ran. */
uint64_t runVmSteps(const FieldKernels& field, const VmArrays& a, VmRegisters& r);

}  // namespace leanvm
