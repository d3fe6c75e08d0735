// Additive NTT over K on interleaved lanes, in place (PROTOCOL.md §4; needs lib/gf64.wgsl).
// data[pos · lanes + t] is position pos of lane t; every lane shares the twiddles.
//
// Layer l pairs position bit d = L-1-l: u += t·w, w += u, with t the twiddle of the block
// (the bits above d). A dispatch runs r consecutive layers l0 .. l0+r-1 as radix-2^r
// groups: each invocation owns one lane at 2^r positions that differ only in bits
// d .. d-r+1, loads them once into registers, runs the r layers, and stores them once.
// Its block at layer l0+j is (blk << j) | g for sub-group g, so it reads 2^r - 1
// twiddles from the table twiddles[2^l - 1 + b] (all layers of one transform size, built
// on the host once per size).

struct NttParams {
  count: u32,    // invocations: lanes · 2^(L - r)
  lanes: u32,
  layer: u32,    // l0
  low_bits: u32, // position bits below the group's: L - l0 - r
}

@group(0) @binding(0) var<storage, read_write> data: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> twiddles: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: NttParams;

const WORKGROUP_SIZE = 256u;
const MAX_RADIX = 16u;

fn ntt_group(r: u32, id: vec3<u32>, groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.count) {
    return;
  }
  let size = 1u << r;
  let lane = i % params.lanes;
  let rest = i / params.lanes;
  let low = rest & ((1u << params.low_bits) - 1u);
  let blk = rest >> params.low_bits; // the block at layer l0 ("block" trips wgsl_reflect)
  let first = (((blk << r) << params.low_bits) | low) * params.lanes + lane;
  let stride = params.lanes << params.low_bits;

  var x: array<vec2<u32>, MAX_RADIX>;
  for (var k = 0u; k < size; k++) {
    x[k] = data[first + k * stride];
  }
  for (var j = 0u; j < r; j++) {
    let half = size >> (j + 1u);
    let row = (1u << (params.layer + j)) - 1u + (blk << j);
    for (var g = 0u; g < (1u << j); g++) {
      let t = twiddles[row + (g ^ 1u)];
      for (var k = 2u * g * half; k < (2u * g + 1u) * half; k++) {
        let u = x[k] ^ k_mul(t, x[k + half]);
        x[k] = u;
        x[k + half] ^= u;
      }
    }
  }
  for (var k = 0u; k < size; k++) {
    data[first + k * stride] = x[k];
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix2(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  ntt_group(1u, id, groups);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix4(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  ntt_group(2u, id, groups);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix8(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  ntt_group(3u, id, groups);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn ntt_radix16(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  ntt_group(4u, id, groups);
}
