// Query counts per WHIR level, pinned by leanEthereum/leanVM-b @ 5df6c37:
// python-verifier/verifier.py, `WHIR_QUERIES` (index [log_inv_rate − 1][log_n − 15]). The
// numbers come from a per-level f64 soundness optimisation (crates/pcs/src/whir_config.rs),
// so they are data, not recomputed (docs/protocol.md §6.1). Rows for log_n 15..28 only: the
// upstream table runs to 32, past the largest size the verifier accepts.

/** WHIR_QUERIES[logInvRate − 1][logN − 15] = queries for each level, level 0 first. */
export const WHIR_QUERIES: readonly (readonly (readonly number[])[])[] = [
  // log_inv_rate 1
  [
    [223, 56, 36], // log_n 15
    [223, 56, 37], // log_n 16
    [223, 56, 37], // log_n 17
    [224, 56, 37, 28], // log_n 18
    [224, 56, 37, 28], // log_n 19
    [224, 56, 38, 28], // log_n 20
    [224, 56, 38, 28, 22], // log_n 21
    [225, 56, 38, 28, 23], // log_n 22
    [225, 56, 38, 28, 23], // log_n 23
    [225, 56, 38, 28, 23, 19], // log_n 24
    [226, 56, 38, 28, 23, 19], // log_n 25
    [226, 56, 38, 28, 23, 19], // log_n 26
    [227, 56, 38, 28, 23, 19, 16], // log_n 27
    [228, 56, 38, 28, 23, 19, 16], // log_n 28
  ],
  // log_inv_rate 2
  [
    [112, 45, 31], // log_n 15
    [112, 45, 32], // log_n 16
    [112, 45, 32], // log_n 17
    [112, 45, 32, 25], // log_n 18
    [112, 45, 32, 25], // log_n 19
    [112, 45, 32, 25], // log_n 20
    [112, 45, 32, 25, 20], // log_n 21
    [112, 45, 32, 25, 21], // log_n 22
    [112, 45, 32, 25, 21], // log_n 23
    [113, 45, 32, 25, 21, 17], // log_n 24
    [113, 45, 32, 25, 21, 18], // log_n 25
    [113, 45, 32, 25, 21, 18], // log_n 26
    [113, 45, 32, 25, 21, 18, 15], // log_n 27
    [113, 45, 32, 25, 21, 18, 15], // log_n 28
  ],
  // log_inv_rate 3
  [
    [75, 37, 28], // log_n 15
    [75, 37, 28], // log_n 16
    [75, 38, 28], // log_n 17
    [75, 38, 28, 22], // log_n 18
    [75, 38, 28, 23], // log_n 19
    [75, 38, 28, 23], // log_n 20
    [75, 38, 28, 23, 19], // log_n 21
    [75, 38, 28, 23, 19], // log_n 22
    [75, 38, 28, 23, 19], // log_n 23
    [75, 38, 28, 23, 19, 16], // log_n 24
    [75, 38, 28, 23, 19, 16], // log_n 25
    [75, 38, 28, 23, 19, 16], // log_n 26
    [75, 38, 28, 23, 19, 17, 14], // log_n 27
    [76, 38, 29, 23, 19, 17, 14], // log_n 28
  ],
  // log_inv_rate 4
  [
    [56, 32, 25], // log_n 15
    [56, 32, 25], // log_n 16
    [56, 32, 25], // log_n 17
    [56, 32, 25, 20], // log_n 18
    [56, 32, 25, 21], // log_n 19
    [56, 32, 25, 21], // log_n 20
    [56, 32, 25, 21, 17], // log_n 21
    [56, 32, 25, 21, 18], // log_n 22
    [56, 32, 25, 21, 18], // log_n 23
    [57, 32, 25, 21, 18, 15], // log_n 24
    [57, 32, 25, 21, 18, 15], // log_n 25
    [57, 32, 25, 21, 18, 15], // log_n 26
    [57, 33, 25, 21, 18, 15, 14], // log_n 27
    [57, 33, 25, 21, 18, 16, 14], // log_n 28
  ],
];
