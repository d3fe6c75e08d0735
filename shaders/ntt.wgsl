// Additive NTT over K on interleaved lanes, in place (docs/protocol.md §4.2; needs lib/gf64.wgsl).
// data[pos · lanes + t] is position pos of lane t; every lane shares the twiddles.
//
// Layer l pairs position bit d = L-1-l: u += t·w, w += u, with t the twiddle of the block
// (the bits above d). A dispatch runs r consecutive layers l0 .. l0+r-1 as radix-2^r
// groups: each invocation owns one lane at 2^r positions that differ only in bits
// d .. d-r+1, loads them once into registers, runs the r layers, and stores them once.
// The group's block at layer l0+j is (blk << j) | g for its sub-block g, so it reads
// 2^r - 1 twiddles from the table twiddles[2^l - 1 + b] (every layer of one transform
// size, built on the host once per size).
//
// The groups are spelled out from radix-2 and radix-4 steps with constant indices: a loop
// over a register array that the shader compiler declines to unroll turns every access
// into an indexed one (lavapipe ran radix-16 slower than radix-4 that way).
//
// A codeword longer than a binding is transformed in windows (src/backend/webgpu/window.ts):
// a pass whose blocks fit a window runs over a window of whole blocks, `blk0` the first one's
// block (for its twiddles) and `tw_base` the first twiddle the bound table holds; a layer whose
// pairs lie further apart than a window runs as ntt_radix2_split over two windows `lo` and
// `hi` = lo + the pair distance, within one block, whose one twiddle is `tw`.
//
// E-valued lanes are three K lanes each (an E×K product is limbwise), so one transform serves
// both. ntt_radix2_transposed runs one layer of the transpose (u += w, w += t·u), which the
// host records from the last layer back: the query weights of a WHIR level are the
// transposed encoding of their scattered coefficients.

struct NttParams {
  count: u32,    // invocations: lanes · 2^(L - r)
  lanes: u32,
  layer: u32,    // l0
  low_bits: u32, // position bits below the group's: L - l0 - r
  blk0: u32,     // the block at layer l0 of the bound window's first word
  tw_base: u32,  // the table entry of twiddles[0]
}

@group(0) @binding(0) var<storage, read_write> data: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> twiddles: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: NttParams;

const WORKGROUP_SIZE = 256u;

// Where an invocation's group lies: position k of the group is word first + k · stride.
struct Group {
  valid: bool,
  first: u32,
  stride: u32,
  blk: u32, // the block at layer l0 ("block" trips wgsl_reflect)
}

fn group_of(r: u32, id: vec3<u32>, groups: vec3<u32>) -> Group {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  let lane = i % params.lanes;
  let rest = i / params.lanes;
  let low = rest & ((1u << params.low_bits) - 1u);
  let blk = rest >> params.low_bits;
  let first = (((blk << r) << params.low_bits) | low) * params.lanes + lane;
  return Group(i < params.count, first, params.lanes << params.low_bits, blk);
}

// The twiddle of sub-block g at layer l0 + j.
fn twiddle(g: Group, j: u32, sub: u32) -> vec2<u32> {
  return twiddles[(1u << (params.layer + j)) - 1u + ((params.blk0 + g.blk) << j) + sub - params.tw_base];
}

fn radix2(v: array<vec2<u32>, 2>, t: vec2<u32>) -> array<vec2<u32>, 2> {
  let u = v[0] ^ k_mul(t, v[1]);
  return array<vec2<u32>, 2>(u, v[1] ^ u);
}

// Two layers on positions (0, 1, 2, 3) of a sub-group: pairs (0, 2), (1, 3) with t, then
// (0, 1) with t_lo and (2, 3) with t_hi.
fn radix4(v: array<vec2<u32>, 4>, t: vec2<u32>, t_lo: vec2<u32>, t_hi: vec2<u32>) -> array<vec2<u32>, 4> {
  let a = radix2(array<vec2<u32>, 2>(v[0], v[2]), t);
  let b = radix2(array<vec2<u32>, 2>(v[1], v[3]), t);
  let lo = radix2(array<vec2<u32>, 2>(a[0], b[0]), t_lo);
  let hi = radix2(array<vec2<u32>, 2>(a[1], b[1]), t_hi);
  return array<vec2<u32>, 4>(lo[0], lo[1], hi[0], hi[1]);
}

fn load4(g: Group, at: vec4<u32>) -> array<vec2<u32>, 4> {
  return array<vec2<u32>, 4>(
    data[g.first + at.x * g.stride], data[g.first + at.y * g.stride],
    data[g.first + at.z * g.stride], data[g.first + at.w * g.stride],
  );
}

fn store4(g: Group, at: vec4<u32>, v: array<vec2<u32>, 4>) {
  data[g.first + at.x * g.stride] = v[0];
  data[g.first + at.y * g.stride] = v[1];
  data[g.first + at.z * g.stride] = v[2];
  data[g.first + at.w * g.stride] = v[3];
}

// Layers l0+j, l0+j+1 on the four positions `at` (bits j, j+1 of the group index, from the
// top), which lie in sub-block `sub` of layer l0+j.
fn radix4_at(g: Group, j: u32, sub: u32, v: array<vec2<u32>, 4>) -> array<vec2<u32>, 4> {
  return radix4(v, twiddle(g, j, sub), twiddle(g, j + 1u, 2u * sub), twiddle(g, j + 1u, 2u * sub + 1u));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix2(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let g = group_of(1u, id, groups);
  if (!g.valid) {
    return;
  }
  let v = radix2(array<vec2<u32>, 2>(data[g.first], data[g.first + g.stride]), twiddle(g, 0u, 0u));
  data[g.first] = v[0];
  data[g.first + g.stride] = v[1];
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix4(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let g = group_of(2u, id, groups);
  if (!g.valid) {
    return;
  }
  let at = vec4<u32>(0u, 1u, 2u, 3u);
  store4(g, at, radix4_at(g, 0u, 0u, load4(g, at)));
}

// Radix-4 on the columns (k, k+2, k+4, k+6), then radix-2 on the pairs (2m, 2m+1).
@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix8(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let g = group_of(3u, id, groups);
  if (!g.valid) {
    return;
  }
  let c0 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(0u, 2u, 4u, 6u)));
  let c1 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(1u, 3u, 5u, 7u)));
  // Column k's entry m is position k + 2m; pair m is positions 2m, 2m+1.
  let p0 = radix2(array<vec2<u32>, 2>(c0[0], c1[0]), twiddle(g, 2u, 0u));
  let p1 = radix2(array<vec2<u32>, 2>(c0[1], c1[1]), twiddle(g, 2u, 1u));
  let p2 = radix2(array<vec2<u32>, 2>(c0[2], c1[2]), twiddle(g, 2u, 2u));
  let p3 = radix2(array<vec2<u32>, 2>(c0[3], c1[3]), twiddle(g, 2u, 3u));
  store4(g, vec4<u32>(0u, 1u, 2u, 3u), array<vec2<u32>, 4>(p0[0], p0[1], p1[0], p1[1]));
  store4(g, vec4<u32>(4u, 5u, 6u, 7u), array<vec2<u32>, 4>(p2[0], p2[1], p3[0], p3[1]));
}

// Radix-4 on the columns (k, k+4, k+8, k+12), then radix-4 on the rows (4m .. 4m+3).
@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix16(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let g = group_of(4u, id, groups);
  if (!g.valid) {
    return;
  }
  let c0 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(0u, 4u, 8u, 12u)));
  let c1 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(1u, 5u, 9u, 13u)));
  let c2 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(2u, 6u, 10u, 14u)));
  let c3 = radix4_at(g, 0u, 0u, load4(g, vec4<u32>(3u, 7u, 11u, 15u)));
  // Column k's entry m is position k + 4m: row m is sub-block m of layer l0+2.
  store4(g, vec4<u32>(0u, 1u, 2u, 3u), radix4_at(g, 2u, 0u, array<vec2<u32>, 4>(c0[0], c1[0], c2[0], c3[0])));
  store4(g, vec4<u32>(4u, 5u, 6u, 7u), radix4_at(g, 2u, 1u, array<vec2<u32>, 4>(c0[1], c1[1], c2[1], c3[1])));
  store4(g, vec4<u32>(8u, 9u, 10u, 11u), radix4_at(g, 2u, 2u, array<vec2<u32>, 4>(c0[2], c1[2], c2[2], c3[2])));
  store4(g, vec4<u32>(12u, 13u, 14u, 15u), radix4_at(g, 2u, 3u, array<vec2<u32>, 4>(c0[3], c1[3], c2[3], c3[3])));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix2_transposed(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let g = group_of(1u, id, groups);
  if (!g.valid) {
    return;
  }
  let w = data[g.first + g.stride];
  let u = data[g.first] ^ w;
  data[g.first] = u;
  data[g.first + g.stride] = w ^ k_mul(twiddle(g, 0u, 0u), u);
}

struct SplitParams {
  count: u32,      // pairs: the windows' words
  tw: u32,         // the block's twiddle in split_twiddles
  transposed: u32, // 1: the transpose's layer
}

@group(0) @binding(0) var<storage, read> split_twiddles: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> lo: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> hi: array<vec2<u32>>;
@group(0) @binding(3) var<uniform> split: SplitParams;

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix2_split(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= split.count) {
    return;
  }
  let t = split_twiddles[split.tw];
  if (split.transposed == 0u) {
    let u = lo[i] ^ k_mul(t, hi[i]);
    lo[i] = u;
    hi[i] = hi[i] ^ u;
  } else {
    let w = hi[i];
    let u = lo[i] ^ w;
    lo[i] = u;
    hi[i] = w ^ k_mul(t, u);
  }
}
