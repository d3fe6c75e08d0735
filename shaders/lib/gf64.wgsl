// K = GF(2^64) = GF(2)[x] / (x^64 + x^4 + x^3 + x + 1) on vec2<u32> (x = low word, y = high word).
// Addition is XOR. WGSL has neither 64-bit integers nor a carry-less multiply, so products are
// built from u32 integer multiplies.
//
// clmul32_lo: the integer-multiply-with-holes trick. Each operand is split into four classes
// that keep one bit in four (HOLES); in an integer product of two classes every column sums at
// most 8 one-bits, which never reaches the next kept bit 4 places up, so the kept bits are the
// carry-less parities. 16 multiplies give the low word of the 32x32 product.
// clmul32 gets the high word from the same routine on bit-reversed operands (as BearSSL's
// ghash_ctmul32): rev(a)*rev(b) is the 63-bit product reversed, so its low word, reversed and
// shifted right once, is the high word. 32 multiplies per 32x32 -> 64 product (the holes trick on
// 16-bit halves would need 48); clmul64 is Karatsuba over three of them.

const HOLES = vec4<u32>(0x11111111u, 0x22222222u, 0x44444444u, 0x88888888u);

// Low 32 bits of the carry-less product a*b.
fn clmul32_lo(a: u32, b: u32) -> u32 {
  let bv = vec4<u32>(b) & HOLES;
  // Lane k gathers the class pairs (i, j) with i + j = k mod 4.
  let z = ((a & HOLES.x) * bv) ^ ((a & HOLES.y) * bv.wxyz) ^ ((a & HOLES.z) * bv.zwxy) ^ ((a & HOLES.w) * bv.yzwx);
  let m = z & HOLES;
  return m.x | m.y | m.z | m.w;
}

// The 64-bit carry-less product a*b as (low word, high word).
fn clmul32(a: u32, b: u32) -> vec2<u32> {
  let hi = reverseBits(clmul32_lo(reverseBits(a), reverseBits(b))) >> 1u;
  return vec2<u32>(clmul32_lo(a, b), hi);
}

// The unreduced 128-bit carry-less product, words low to high.
fn k_clmul(a: vec2<u32>, b: vec2<u32>) -> vec4<u32> {
  let lo = clmul32(a.x, b.x);
  let hi = clmul32(a.y, b.y);
  let mid = clmul32(a.x ^ a.y, b.x ^ b.y) ^ lo ^ hi;
  return vec4<u32>(lo.x, lo.y ^ mid.x, hi.x ^ mid.y, hi.y);
}

// Reduces a 128-bit polynomial with x^64 = 0x1B: the high half h folds in as h*0x1B (68 bits),
// and the 4 bits above x^64 fold once more (their product stays below x^8).
fn k_reduce(p: vec4<u32>) -> vec2<u32> {
  let h = p.zw;
  let spill = (h.y >> 31u) ^ (h.y >> 29u) ^ (h.y >> 28u);
  let lo = h.x ^ (h.x << 1u) ^ (h.x << 3u) ^ (h.x << 4u) ^ spill ^ (spill << 1u) ^ (spill << 3u) ^ (spill << 4u);
  let hi = h.y ^ (h.y << 1u) ^ (h.y << 3u) ^ (h.y << 4u) ^ (h.x >> 31u) ^ (h.x >> 29u) ^ (h.x >> 28u);
  return p.xy ^ vec2<u32>(lo, hi);
}

// Spreads the low 16 bits of each lane to the even bit positions: squaring is F2-linear.
fn spread16(v: vec4<u32>) -> vec4<u32> {
  var s = v & vec4<u32>(0xFFFFu);
  s = (s | (s << vec4<u32>(8u))) & vec4<u32>(0x00FF00FFu);
  s = (s | (s << vec4<u32>(4u))) & vec4<u32>(0x0F0F0F0Fu);
  s = (s | (s << vec4<u32>(2u))) & vec4<u32>(0x33333333u);
  s = (s | (s << vec4<u32>(1u))) & vec4<u32>(0x55555555u);
  return s;
}

// The unreduced square: each bit i moves to 2i.
fn k_clsquare(a: vec2<u32>) -> vec4<u32> {
  return spread16(vec4<u32>(a.x, a.x >> 16u, a.y, a.y >> 16u));
}

fn k_add(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  return a ^ b;
}

fn k_mul(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  return k_reduce(k_clmul(a, b));
}

fn k_square(a: vec2<u32>) -> vec2<u32> {
  return k_reduce(k_clsquare(a));
}
