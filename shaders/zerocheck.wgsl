// One eq-factored round of the Flock zerocheck (needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/partials.wgsl): over E tables a, b, c of 2N values and eq weights of N,
// g1 = Σ eq[x]·(a1·b1 + c1) and gi = Σ eq[x]·(a0 + a1)·(b0 + b1) with a0 = a[2x],
// a1 = a[2x + 1]. As round_sums.wgsl: each invocation sums pairs x ≡ i (mod the dispatched
// invocations) unreduced, and its workgroup folds the sums into one partial (g1, gi);
// partial_sums.wgsl adds the partials.

struct ZerocheckParams {
  pairs: u32,   // N
  threads: u32, // invocations dispatched (workgroups · 256)
}

@group(0) @binding(0) var<storage, read> a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> b: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> c: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> eq: array<vec2<u32>>;
@group(0) @binding(4) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(5) var<uniform> params: ZerocheckParams;

const WORKGROUP_SIZE = 256u;

fn a_at(i: u32) -> E {
  return E(a[3u * i], a[3u * i + 1u], a[3u * i + 2u]);
}

fn b_at(i: u32) -> E {
  return E(b[3u * i], b[3u * i + 1u], b[3u * i + 2u]);
}

fn c_at(i: u32) -> E {
  return E(c[3u * i], c[3u * i + 1u], c[3u * i + 2u]);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn zerocheck_sums(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var g1 = z;
  var gi = z;
  for (var x = invocation(id, groups); x < params.pairs; x += params.threads) {
    let w = E(eq[3u * x], eq[3u * x + 1u], eq[3u * x + 2u]);
    let a0 = a_at(2u * x);
    let a1 = a_at(2u * x + 1u);
    let b0 = b_at(2u * x);
    let b1 = b_at(2u * x + 1u);
    g1 = e_wide_add(g1, e_mul_wide(e_add(e_mul(a1, b1), c_at(2u * x + 1u)), w));
    gi = e_wide_add(gi, e_mul_wide(e_mul(e_add(a0, a1), e_add(b0, b1)), w));
  }
  store_partial(g1, gi, local, wg, groups);
}
