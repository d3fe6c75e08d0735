// The pairing of a sumcheck round (the Backend seam's convention, src/backend/backend.ts): at
// stride s a table of n values is cut into units of 2s, and value j of a unit's low half pairs
// with value j of its high half; a last unit without a high half pairs with zeros. Term t is
// (unit t / s, j = t mod s): ceil(n / 2s) · s terms, which is also the folded table's order.

struct Pair {
  lo: u32,
  hi: u32,
  paired: bool, // false: the unit has no high half, hi is past the table
}

fn pair_at(t: u32, stride: u32, n: u32) -> Pair {
  let unit = t / stride;
  let lo = t + unit * stride; // 2s·unit + j
  return Pair(lo, lo + stride, lo + stride < n);
}
