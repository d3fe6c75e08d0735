// vm_form_pairs.wgsl with the bind in place (needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/partials.wgsl, lib/vm_form.wgsl): the E columns lie in one buffer, and each invocation
// binds its columns' values i and i + half over themselves (it alone reads and writes values i,
// i + half, i + 2·half and i + 3·half of a column) before it sums them.

struct PairParams {
  r0: vec2<u32>,
  r1: vec2<u32>,
  r2: vec2<u32>,
  half: u32,
  terms: u32,
  columns: u32,
  elem_e: u32,
  bind: u32,
  eq_at: u32,
  threads: u32,
}

@group(0) @binding(0) var<storage, read> eq: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> form: array<u32>;
@group(0) @binding(2) var<storage, read_write> cols: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(4) var<uniform> params: PairParams;

const WORKGROUP_SIZE = 256u;

fn source_e(c: u32, j: u32) -> E {
  let o = 3u * (form[3u * c + 1u] + j);
  return E(cols[o], cols[o + 1u], cols[o + 2u]);
}

fn store_bound(c: u32, j: u32, v: E) {
  let o = 3u * (form[3u * c + 1u] + j);
  cols[o] = v.c0;
  cols[o + 1u] = v.c1;
  cols[o + 2u] = v.c2;
}

fn value_e(c: u32, j: u32) -> E {
  return source_e(c, j);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_form_pairs_in_place(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var s = array<EWide, 3>(z, z, z);
  let base = 3u * params.columns;
  for (var i = invocation(id, groups); i < params.half; i += params.threads) {
    bind_columns(i, params.half, params.columns, E(params.r0, params.r1, params.r2));
    let v = form_pair_e(base, params.terms, i, params.half);
    let e = 3u * (params.eq_at + i);
    let w = E(eq[e], eq[e + 1u], eq[e + 2u]);
    for (var k = 0u; k < 3u; k++) {
      s[k] = e_wide_add(s[k], e_mul_wide(e_reduce(v[k]), w));
    }
  }
  for (var k = 0u; k < 3u; k++) {
    store_partial_slot(s[k], k, 3u, local, wg, groups);
  }
}
