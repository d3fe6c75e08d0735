// E = K[y] / (y^3 + y + 1) = GF(2^192): c0 + c1*y + c2*y^2 with K limbs (needs gf64.wgsl).
// Products are accumulated unreduced (128-bit K products, XOR is linear), folded in y with
// y^3 = y + 1 and y^4 = y^2 + y, and reduced in K once per output limb.

struct E {
  c0: vec2<u32>,
  c1: vec2<u32>,
  c2: vec2<u32>,
}

fn e_add(a: E, b: E) -> E {
  return E(a.c0 ^ b.c0, a.c1 ^ b.c1, a.c2 ^ b.c2);
}

// An E value before its K reductions: three 128-bit limbs. Reduction is linear, so sums of
// products accumulate in this form and reduce once.
struct EWide {
  c0: vec4<u32>,
  c1: vec4<u32>,
  c2: vec4<u32>,
}

fn e_wide_add(a: EWide, b: EWide) -> EWide {
  return EWide(a.c0 ^ b.c0, a.c1 ^ b.c1, a.c2 ^ b.c2);
}

fn e_reduce(w: EWide) -> E {
  return E(k_reduce(w.c0), k_reduce(w.c1), k_reduce(w.c2));
}

// Three-term Karatsuba: 6 K products. With P_i = a_i*b_i and M_ij = (a_i + a_j)(b_i + b_j), the
// y-coefficients d0..d4 of a*b fold to
//   r0 = d0 + d3      = P0 + P1 + P2 + M12
//   r1 = d1 + d3 + d4 = P0 + M01 + M12
//   r2 = d2 + d4      = P0 + P1 + M02
fn e_mul_wide(a: E, b: E) -> EWide {
  let p0 = k_clmul(a.c0, b.c0);
  let p1 = k_clmul(a.c1, b.c1);
  let p2 = k_clmul(a.c2, b.c2);
  let m01 = k_clmul(a.c0 ^ a.c1, b.c0 ^ b.c1);
  let m02 = k_clmul(a.c0 ^ a.c2, b.c0 ^ b.c2);
  let m12 = k_clmul(a.c1 ^ a.c2, b.c1 ^ b.c2);
  return EWide(p0 ^ p1 ^ p2 ^ m12, p0 ^ m01 ^ m12, p0 ^ p1 ^ m02);
}

fn e_mul(a: E, b: E) -> E {
  return e_reduce(e_mul_wide(a, b));
}

// (c0 + c1*y + c2*y^2)^2 = c0^2 + c1^2*y^2 + c2^2*y^4 = c0^2 + c2^2*y + (c1^2 + c2^2)*y^2.
fn e_square(a: E) -> E {
  let s2 = k_clsquare(a.c2);
  return E(k_square(a.c0), k_reduce(s2), k_reduce(k_clsquare(a.c1) ^ s2));
}

// E x K: limbwise K products.
fn e_mul_k_wide(a: E, k: vec2<u32>) -> EWide {
  return EWide(k_clmul(a.c0, k), k_clmul(a.c1, k), k_clmul(a.c2, k));
}

fn e_mul_k(a: E, k: vec2<u32>) -> E {
  return e_reduce(e_mul_k_wide(a, k));
}
