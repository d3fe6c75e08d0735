// The round sums of the product sumcheck Σ f·b (needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/pairs.wgsl, lib/partials.wgsl): c0 = Σ f_lo·b_lo and c2 = Σ (f_lo + f_hi)·(b_lo + b_hi)
// over the pairs of one round, f K or E, b E. Each invocation sums terms t ≡ i (mod the
// dispatched invocations) in unreduced form, and its workgroup folds the sums into one partial
// (c0, c2); partial_sums.wgsl adds the partials. Tables longer than a binding are summed in
// windows (src/backend/webgpu/pair-windows.ts): a pair's high value is read from f_hi and b_hi
// at hi - hi_shift, the same windows as f and b (hi_shift 0) unless the pairs lie further apart
// than a window.

struct RoundParams {
  n: u32,       // values in f and b
  stride: u32,
  terms: u32,   // ceil(n / 2·stride) · stride
  hi_shift: u32,
  threads: u32, // invocations dispatched (workgroups · 256)
}

@group(0) @binding(0) var<storage, read> f: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> f_hi: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> b: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> b_hi: array<vec2<u32>>;
@group(0) @binding(4) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(5) var<uniform> params: RoundParams;

const WORKGROUP_SIZE = 256u;

struct Sums {
  c0: EWide,
  c2: EWide,
}

fn zero_sums() -> Sums {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  return Sums(z, z);
}

fn b_at(i: u32) -> E {
  return E(b[3u * i], b[3u * i + 1u], b[3u * i + 2u]);
}

fn b_hi_at(i: u32) -> E {
  let j = i - params.hi_shift;
  return E(b_hi[3u * j], b_hi[3u * j + 1u], b_hi[3u * j + 2u]);
}

fn f_e_at(i: u32) -> E {
  return E(f[3u * i], f[3u * i + 1u], f[3u * i + 2u]);
}

fn f_hi_e_at(i: u32) -> E {
  let j = i - params.hi_shift;
  return E(f_hi[3u * j], f_hi[3u * j + 1u], f_hi[3u * j + 2u]);
}

fn b_pair(p: Pair) -> array<E, 2> {
  let lo = b_at(p.lo);
  var sum = lo;
  if (p.paired) {
    sum = e_add(lo, b_hi_at(p.hi));
  }
  return array<E, 2>(lo, sum);
}

fn add_term_k(s: Sums, t: u32) -> Sums {
  let p = pair_at(t, params.stride, params.n);
  let bs = b_pair(p);
  let lo = f[p.lo];
  var sum = lo;
  if (p.paired) {
    sum = lo ^ f_hi[p.hi - params.hi_shift];
  }
  return Sums(e_wide_add(s.c0, e_mul_k_wide(bs[0], lo)), e_wide_add(s.c2, e_mul_k_wide(bs[1], sum)));
}

fn add_term_e(s: Sums, t: u32) -> Sums {
  let p = pair_at(t, params.stride, params.n);
  let bs = b_pair(p);
  let lo = f_e_at(p.lo);
  var sum = lo;
  if (p.paired) {
    sum = e_add(lo, f_hi_e_at(p.hi));
  }
  return Sums(e_wide_add(s.c0, e_mul_wide(lo, bs[0])), e_wide_add(s.c2, e_mul_wide(sum, bs[1])));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn round_sums_k(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  var s = zero_sums();
  for (var t = invocation(id, groups); t < params.terms; t += params.threads) {
    s = add_term_k(s, t);
  }
  store_partial(s.c0, s.c2, local, wg, groups);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn round_sums_e(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  var s = zero_sums();
  for (var t = invocation(id, groups); t < params.terms; t += params.threads) {
    s = add_term_e(s, t);
  }
  store_partial(s.c0, s.c2, local, wg, groups);
}
