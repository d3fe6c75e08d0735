// BLAKE2s (RFC 7693) compression on u32 words, for Merkle leaves and nodes.
// The 4x4 state is four rows a, b, c, d (vec4<u32>), so the four column G functions run
// side by side, and the diagonal ones too after rotating rows b, c, d by 1, 2, 3 lanes
// (the usual SIMD form). The ten rounds spell out the RFC's SIGMA schedule: each call takes
// the message words of G_0..G_3 (x, then y) and of G_4..G_7.

struct B2State {
  a: vec4<u32>,
  b: vec4<u32>,
  c: vec4<u32>,
  d: vec4<u32>,
}

// The SHA-256 initial words, BLAKE2s's IV, as two rows.
const B2_IV_LO = vec4<u32>(0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au);
const B2_IV_HI = vec4<u32>(0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u);
// The BLAKE2s-256 chaining value before the first block: digest length 32, fanout 1, depth 1
// folded into word 0.
const B2_PARAM_IV_LO = vec4<u32>(0x6a09e667u ^ 0x01010020u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au);

fn b2_rotr(x: vec4<u32>, n: u32) -> vec4<u32> {
  return (x >> vec4<u32>(n)) | (x << vec4<u32>(32u - n));
}

// Four G functions at once: lane i mixes (a_i, b_i, c_i, d_i) with words x_i, then y_i.
fn b2_g(s: ptr<function, B2State>, x: vec4<u32>, y: vec4<u32>) {
  (*s).a = (*s).a + (*s).b + x;
  (*s).d = b2_rotr((*s).d ^ (*s).a, 16u);
  (*s).c = (*s).c + (*s).d;
  (*s).b = b2_rotr((*s).b ^ (*s).c, 12u);
  (*s).a = (*s).a + (*s).b + y;
  (*s).d = b2_rotr((*s).d ^ (*s).a, 8u);
  (*s).c = (*s).c + (*s).d;
  (*s).b = b2_rotr((*s).b ^ (*s).c, 7u);
}

// One round: columns G(0,4,8,12)..G(3,7,11,15), then diagonals G(0,5,10,15)..G(3,4,9,14).
fn b2_round(s: ptr<function, B2State>, cx: vec4<u32>, cy: vec4<u32>, dx: vec4<u32>, dy: vec4<u32>) {
  b2_g(s, cx, cy);
  (*s).b = (*s).b.yzwx;
  (*s).c = (*s).c.zwxy;
  (*s).d = (*s).d.wxyz;
  b2_g(s, dx, dy);
  (*s).b = (*s).b.wxyz;
  (*s).c = (*s).c.zwxy;
  (*s).d = (*s).d.yzwx;
}

// The chaining value (h_lo = h0..h3, h_hi = h4..h7) after compressing block m; t is the byte
// count so far (below 2^32 here), last sets the final-block flag.
fn blake2s_compress(h_lo: vec4<u32>, h_hi: vec4<u32>, m: array<u32, 16>, t: u32, last: bool) -> array<vec4<u32>, 2> {
  var s = B2State(h_lo, h_hi, B2_IV_LO, B2_IV_HI ^ vec4<u32>(t, 0u, select(0u, 0xffffffffu, last), 0u));
  b2_round(&s, vec4<u32>(m[0], m[2], m[4], m[6]), vec4<u32>(m[1], m[3], m[5], m[7]),
           vec4<u32>(m[8], m[10], m[12], m[14]), vec4<u32>(m[9], m[11], m[13], m[15]));
  b2_round(&s, vec4<u32>(m[14], m[4], m[9], m[13]), vec4<u32>(m[10], m[8], m[15], m[6]),
           vec4<u32>(m[1], m[0], m[11], m[5]), vec4<u32>(m[12], m[2], m[7], m[3]));
  b2_round(&s, vec4<u32>(m[11], m[12], m[5], m[15]), vec4<u32>(m[8], m[0], m[2], m[13]),
           vec4<u32>(m[10], m[3], m[7], m[9]), vec4<u32>(m[14], m[6], m[1], m[4]));
  b2_round(&s, vec4<u32>(m[7], m[3], m[13], m[11]), vec4<u32>(m[9], m[1], m[12], m[14]),
           vec4<u32>(m[2], m[5], m[4], m[15]), vec4<u32>(m[6], m[10], m[0], m[8]));
  b2_round(&s, vec4<u32>(m[9], m[5], m[2], m[10]), vec4<u32>(m[0], m[7], m[4], m[15]),
           vec4<u32>(m[14], m[11], m[6], m[3]), vec4<u32>(m[1], m[12], m[8], m[13]));
  b2_round(&s, vec4<u32>(m[2], m[6], m[0], m[8]), vec4<u32>(m[12], m[10], m[11], m[3]),
           vec4<u32>(m[4], m[7], m[15], m[1]), vec4<u32>(m[13], m[5], m[14], m[9]));
  b2_round(&s, vec4<u32>(m[12], m[1], m[14], m[4]), vec4<u32>(m[5], m[15], m[13], m[10]),
           vec4<u32>(m[0], m[6], m[9], m[8]), vec4<u32>(m[7], m[3], m[2], m[11]));
  b2_round(&s, vec4<u32>(m[13], m[7], m[12], m[3]), vec4<u32>(m[11], m[14], m[1], m[9]),
           vec4<u32>(m[5], m[15], m[8], m[2]), vec4<u32>(m[0], m[4], m[6], m[10]));
  b2_round(&s, vec4<u32>(m[6], m[14], m[11], m[0]), vec4<u32>(m[15], m[9], m[3], m[8]),
           vec4<u32>(m[12], m[13], m[1], m[10]), vec4<u32>(m[2], m[7], m[4], m[5]));
  b2_round(&s, vec4<u32>(m[10], m[8], m[7], m[1]), vec4<u32>(m[2], m[4], m[6], m[5]),
           vec4<u32>(m[15], m[9], m[3], m[13]), vec4<u32>(m[11], m[14], m[12], m[0]));
  return array<vec4<u32>, 2>(h_lo ^ s.a ^ s.c, h_hi ^ s.b ^ s.d);
}

// A Merkle node: BLAKE2s-256 of the 64 bytes left ‖ right (one final block from the
// parameter IV). Digests are two vec4 (words 0..3, 4..7).
fn blake2s_node(left: array<vec4<u32>, 2>, right: array<vec4<u32>, 2>) -> array<vec4<u32>, 2> {
  let m = array<u32, 16>(
    left[0].x, left[0].y, left[0].z, left[0].w, left[1].x, left[1].y, left[1].z, left[1].w,
    right[0].x, right[0].y, right[0].z, right[0].w, right[1].x, right[1].y, right[1].z, right[1].w,
  );
  return blake2s_compress(B2_PARAM_IV_LO, B2_IV_HI, m, 64u, true);
}
