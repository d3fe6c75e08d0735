// Binds the variable of one sumcheck round at a challenge r (needs lib/gf64.wgsl,
// lib/gf192.wgsl, lib/pairs.wgsl): out[t] = lo + r·(lo + hi) for the pair of term t, hi = 0
// when its unit has no high half. fold_k reads a K table (the level-0 witness, whose first
// fold makes it E-valued), fold_e an E table.

struct FoldParams {
  r0: vec2<u32>, // r = (r0, r1, r2)
  r1: vec2<u32>,
  r2: vec2<u32>,
  count: u32, // terms: ceil(n / 2·stride) · stride, the folded table's length
  n: u32,     // values in src
  stride: u32,
  hi_shift: u32, // a pair's high value is src_hi[hi - hi_shift] (round_sums.wgsl's windows)
}

@group(0) @binding(0) var<storage, read> src: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> src_hi: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(3) var<uniform> params: FoldParams;

const WORKGROUP_SIZE = 256u;

fn term(id: vec3<u32>, groups: vec3<u32>) -> u32 {
  return id.y * groups.x * WORKGROUP_SIZE + id.x;
}

fn store(t: u32, v: E) {
  out[3u * t] = v.c0;
  out[3u * t + 1u] = v.c1;
  out[3u * t + 2u] = v.c2;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn fold_k(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let t = term(id, groups);
  if (t >= params.count) {
    return;
  }
  let p = pair_at(t, params.stride, params.n);
  let lo = src[p.lo];
  var d = lo;
  if (p.paired) {
    d = lo ^ src_hi[p.hi - params.hi_shift];
  }
  let v = e_mul_k(E(params.r0, params.r1, params.r2), d);
  store(t, E(v.c0 ^ lo, v.c1, v.c2));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn fold_e(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let t = term(id, groups);
  if (t >= params.count) {
    return;
  }
  let p = pair_at(t, params.stride, params.n);
  let lo = E(src[3u * p.lo], src[3u * p.lo + 1u], src[3u * p.lo + 2u]);
  var d = lo;
  if (p.paired) {
    let h = 3u * (p.hi - params.hi_shift);
    d = e_add(lo, E(src_hi[h], src_hi[h + 1u], src_hi[h + 2u]));
  }
  store(t, e_add(lo, e_mul(E(params.r0, params.r1, params.r2), d)));
}
