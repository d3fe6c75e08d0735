// Flock's witness columns (docs/protocol.md §9.2, src/kernels/flock/witness.ts): invocation t computes the
// compression of block t (blocks from `live` on: the padding instance, compression `live`) on
// words and writes the block's 512 words of a = A_0 z, b = B_0 z and z = a ∧ b, each word once.
// The G rows from bit 1280 on are one gapless run of carry rows in position order, so they
// stream through a word accumulator; the input and output rows are whole words. Columns longer
// than a binding are written in windows: z, a, b from block `first`, messages and headers from
// word msg_base and header_base of the batch's.

struct WitnessParams {
  blocks: u32,        // blocks this dispatch writes
  live: u32,
  header_stride: u32, // 0: one header for every compression, else 12
  first: u32,         // the block of invocation 0
  msg_base: u32,      // the word of messages[0]
  header_base: u32,   // the word of headers[0]
}

@group(0) @binding(0) var<storage, read> messages: array<u32>; // 16 words a compression
@group(0) @binding(1) var<storage, read> headers: array<u32>;  // h[8], tLo, tHi, f0, f1
@group(0) @binding(2) var<storage, read_write> z: array<u32>;
@group(0) @binding(3) var<storage, read_write> a: array<u32>;
@group(0) @binding(4) var<storage, read_write> b: array<u32>;
@group(0) @binding(5) var<uniform> params: WitnessParams;

const WORKGROUP_SIZE = 256u;
const BLOCK_U32 = 512u;
const LOW31 = 0x7fffffffu;
const LOW30 = 0x3fffffffu;

// The G rows' stream: bits not yet written, the next word's index.
struct Rows {
  a: u32,
  b: u32,
  fill: u32,
  at: u32,
}

fn put(at: u32, av: u32, bv: u32) {
  a[at] = av;
  b[at] = bv;
  z[at] = av & bv;
}

// Appends `len` (≤ 31) rows taking the bits of av and bv (masked to the run).
fn rows(s: ptr<function, Rows>, av: u32, bv: u32, len: u32) {
  (*s).a |= av << (*s).fill;
  (*s).b |= bv << (*s).fill;
  let total = (*s).fill + len;
  if (total < 32u) {
    (*s).fill = total;
    return;
  }
  put((*s).at, (*s).a, (*s).b);
  (*s).at += 1u;
  // fill ≥ 1 here (len ≤ 31), so the bits still owed are av >> (32 − fill), a shift below 32.
  let used = 32u - (*s).fill;
  (*s).a = av >> used;
  (*s).b = bv >> used;
  (*s).fill = total - 32u;
}

// The 31 carry rows of x + y; returns the sum.
fn add(s: ptr<function, Rows>, x: u32, y: u32) -> u32 {
  let sum = x + y;
  let cin = sum ^ x ^ y;
  rows(s, (x ^ cin) & LOW31, (y ^ cin) & LOW31, 31u);
  return sum;
}

// The fused x + y + w: 31 majority rows, then 30 ripple rows for bits 1..30; returns the sum.
fn add3(s: ptr<function, Rows>, x: u32, y: u32, w: u32) -> u32 {
  let ml = (x ^ w) & LOW31;
  let mr = (y ^ w) & LOW31;
  rows(s, ml, mr, 31u);
  let p = x ^ y ^ w;
  let q = ((ml & mr) ^ (w & LOW31)) << 1u; // the carries of x + y + w, one place up
  let sum = p + q;
  let cin = sum ^ p ^ q;
  rows(s, ((p ^ cin) >> 1u) & LOW30, ((q ^ cin) >> 1u) & LOW30, 30u);
  return sum;
}

fn rotr(x: u32, n: u32) -> u32 {
  return (x >> n) | (x << (32u - n));
}

const SIGMA = array<array<u32, 16>, 10>(
  array<u32, 16>(0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u),
  array<u32, 16>(14u, 10u, 4u, 8u, 9u, 15u, 13u, 6u, 1u, 12u, 0u, 2u, 11u, 7u, 5u, 3u),
  array<u32, 16>(11u, 8u, 12u, 0u, 5u, 2u, 15u, 13u, 10u, 14u, 3u, 6u, 7u, 1u, 9u, 4u),
  array<u32, 16>(7u, 9u, 3u, 1u, 13u, 12u, 11u, 14u, 2u, 6u, 5u, 10u, 4u, 0u, 15u, 8u),
  array<u32, 16>(9u, 0u, 5u, 7u, 2u, 4u, 10u, 15u, 14u, 1u, 11u, 12u, 6u, 8u, 3u, 13u),
  array<u32, 16>(2u, 12u, 6u, 10u, 0u, 11u, 8u, 3u, 4u, 13u, 7u, 5u, 15u, 14u, 1u, 9u),
  array<u32, 16>(12u, 5u, 1u, 15u, 14u, 13u, 4u, 10u, 0u, 7u, 6u, 3u, 9u, 2u, 8u, 11u),
  array<u32, 16>(13u, 11u, 7u, 14u, 12u, 1u, 3u, 9u, 5u, 0u, 15u, 4u, 8u, 6u, 2u, 10u),
  array<u32, 16>(6u, 15u, 14u, 9u, 11u, 3u, 0u, 8u, 12u, 2u, 13u, 7u, 1u, 4u, 10u, 5u),
  array<u32, 16>(10u, 2u, 8u, 4u, 7u, 6u, 1u, 5u, 15u, 11u, 9u, 14u, 3u, 12u, 13u, 0u),
);

// Lanes (a, b, c, d) of the eight G calls of a round: four columns, then four diagonals.
const G_LANES = array<vec4<u32>, 8>(
  vec4<u32>(0u, 4u, 8u, 12u), vec4<u32>(1u, 5u, 9u, 13u), vec4<u32>(2u, 6u, 10u, 14u), vec4<u32>(3u, 7u, 11u, 15u),
  vec4<u32>(0u, 5u, 10u, 15u), vec4<u32>(1u, 6u, 11u, 12u), vec4<u32>(2u, 7u, 8u, 13u), vec4<u32>(3u, 4u, 9u, 14u),
);

// One G on lanes l with message words mx, my: its 184 rows, in order.
fn g(s: ptr<function, Rows>, v: ptr<function, array<u32, 16>>, l: vec4<u32>, mx: u32, my: u32) {
  let a1 = add3(s, (*v)[l.x], (*v)[l.y], mx);
  let d1 = rotr((*v)[l.w] ^ a1, 16u);
  let c1 = add(s, (*v)[l.z], d1);
  let b1 = rotr((*v)[l.y] ^ c1, 12u);
  let a2 = add3(s, a1, b1, my);
  let d2 = rotr(d1 ^ a2, 8u);
  let c2 = add(s, c1, d2);
  (*v)[l.x] = a2;
  (*v)[l.y] = rotr(b1 ^ c2, 7u);
  (*v)[l.z] = c2;
  (*v)[l.w] = d2;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn flock_witness(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let t = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (t >= params.blocks) {
    return;
  }
  let c = min(params.first + t, params.live);
  let base = t * BLOCK_U32;
  var m: array<u32, 16>;
  for (var i = 0u; i < 16u; i++) {
    m[i] = messages[16u * c + i - params.msg_base];
  }
  let hd = params.header_stride * c - params.header_base;
  var h: array<u32, 8>;
  for (var i = 0u; i < 8u; i++) {
    h[i] = headers[hd + i];
    put(base + i, h[i], 0xffffffffu);          // input rows: a = z = the bit, b = 1
  }
  let t_lo = headers[hd + 8u];
  let t_hi = headers[hd + 9u];
  let f0 = headers[hd + 10u];
  let f1 = headers[hd + 11u];
  put(base + 16u, 1u, 1u);                     // the constant wire, bit 512
  for (var i = 17u; i < 20u; i++) {
    put(base + i, 0u, 0u);
  }
  for (var i = 0u; i < 16u; i++) {
    put(base + 20u + i, m[i], 0xffffffffu);
  }
  put(base + 36u, t_lo, 0xffffffffu);
  put(base + 37u, t_hi, 0xffffffffu);
  put(base + 38u, f0, 0xffffffffu);
  put(base + 39u, f1, 0xffffffffu);
  var v = array<u32, 16>(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu ^ t_lo, 0x9b05688cu ^ t_hi, 0x1f83d9abu ^ f0, 0x5be0cd19u ^ f1);
  var s = Rows(0u, 0u, 0u, base + 40u);        // the G rows start at bit 1280
  // One loop over the 80 G calls, not ten rounds written out: a GPU compiles the one body.
  for (var i = 0u; i < 80u; i++) {
    let gi = i & 7u;
    let sg = SIGMA[i >> 3u];
    g(&s, &v, G_LANES[gi], m[sg[2u * gi]], m[sg[2u * gi + 1u]]);
  }
  // 80 G blocks of 184 rows end on a word boundary at bit 16000 (word 500); the rest is empty.
  for (var i = 500u; i < BLOCK_U32; i++) {
    put(base + i, 0u, 0u);
  }
  for (var i = 0u; i < 8u; i++) {
    put(base + 8u + i, h[i] ^ v[i] ^ v[i + 8u], 0xffffffffu);
  }
}
