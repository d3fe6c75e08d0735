// acc[at + stride·i] += s·src[i] for E tables (needs lib/gf64.wgsl, lib/gf192.wgsl); a plain add
// when `scaled` is 0 (a product by one would cost an E product per value).

struct AddParams {
  s0: vec2<u32>, // s = (s0, s1, s2)
  s1: vec2<u32>,
  s2: vec2<u32>,
  count: u32, // E values of src
  at: u32,    // the u32 pair of acc[0] where value 0 goes (3 · its index)
  scaled: u32,
  stride: u32,
  src_at: u32, // the u32 pair of src[0] where value 0 is (a window of src from an aligned start)
}

@group(0) @binding(0) var<storage, read_write> acc: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> src: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: AddParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn add_scaled(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.count) {
    return;
  }
  let j = params.src_at + 3u * i;
  var v = E(src[j], src[j + 1u], src[j + 2u]);
  if (params.scaled != 0u) {
    v = e_mul(E(params.s0, params.s1, params.s2), v);
  }
  let o = params.at + 3u * params.stride * i;
  acc[o] ^= v.c0;
  acc[o + 1u] ^= v.c1;
  acc[o + 2u] ^= v.c2;
}
