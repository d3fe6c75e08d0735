// One step of building seed·eq(point, ·) LSB-first (needs lib/gf64.wgsl, lib/gf192.wgsl): with
// the first `size` entries built over coordinates r_0..r_{k−1}, the step for r_k turns entry e
// into e + e·r_k (index i) and e·r_k (index i + size). The host writes the seed at entry 0 and
// records one step per coordinate.

struct EqParams {
  r0: vec2<u32>, // r_k = (r0, r1, r2)
  r1: vec2<u32>,
  r2: vec2<u32>,
  size: u32,  // entries this dispatch doubles
  split: u32, // 1: the high entries are table_hi's (a table longer than a binding, in windows)
}

@group(0) @binding(0) var<storage, read_write> table: array<vec2<u32>>;
@group(0) @binding(1) var<uniform> params: EqParams;
@group(0) @binding(2) var<storage, read_write> table_hi: array<vec2<u32>>;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn eq_step(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.size) {
    return;
  }
  let e = E(table[3u * i], table[3u * i + 1u], table[3u * i + 2u]);
  let hi = e_mul(e, E(params.r0, params.r1, params.r2));
  let lo = e_add(e, hi);
  table[3u * i] = lo.c0;
  table[3u * i + 1u] = lo.c1;
  table[3u * i + 2u] = lo.c2;
  if (params.split == 1u) {
    table_hi[3u * i] = hi.c0;
    table_hi[3u * i + 1u] = hi.c1;
    table_hi[3u * i + 2u] = hi.c2;
  } else {
    let h = 3u * (i + params.size);
    table[h] = hi.c0;
    table[h + 1u] = hi.c1;
    table[h + 2u] = hi.c2;
  }
}
