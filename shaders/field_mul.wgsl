// Elementwise products out[i] = a[i] * b[i] (needs gf64.wgsl, gf192.wgsl). A K element is one
// vec2<u32>; an E element is three consecutive ones (c0, c1, c2), the packed host layout.

struct Params {
  n: u32, // elements to multiply
}

@group(0) @binding(0) var<storage, read> a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> b: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(3) var<uniform> params: Params;

const WORKGROUP_SIZE = 256u;

// Element index on a grid of rows of num_workgroups.x groups: one row when the count fits the
// per-dimension dispatch limit, more rows past it.
fn element_index(id: vec3<u32>, groups: vec3<u32>) -> u32 {
  return id.y * groups.x * WORKGROUP_SIZE + id.x;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn mul_k(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = element_index(id, groups);
  if (i >= params.n) {
    return;
  }
  out[i] = k_mul(a[i], b[i]);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn mul_e(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = element_index(id, groups);
  if (i >= params.n) {
    return;
  }
  let w = 3u * i;
  let r = e_mul(E(a[w], a[w + 1u], a[w + 2u]), E(b[w], b[w + 1u], b[w + 2u]));
  out[w] = r.c0;
  out[w + 1u] = r.c1;
  out[w + 2u] = r.c2;
}
