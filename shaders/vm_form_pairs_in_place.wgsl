// vm_form_pairs.wgsl with the bind in place (needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/partials.wgsl, lib/vm_form.wgsl): the E columns lie in one buffer, and each invocation
// binds its columns' values i and i + half over themselves (it alone reads and writes values i,
// i + half, i + 2·half and i + 3·half of a column) before it sums them.

@group(0) @binding(0) var<storage, read> eq: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> form: array<u32>;
@group(0) @binding(2) var<storage, read_write> cols: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(4) var<uniform> params: PairParams;

const WORKGROUP_SIZE = 256u;

fn source_e(c: u32, j: u32) -> E {
  let o = 3u * (form[4u * c + 1u] + j);
  return E(cols[o], cols[o + 1u], cols[o + 2u]);
}

fn store_bound(c: u32, j: u32, v: E) {
  let o = 3u * (form[4u * c + 1u] + j);
  cols[o] = v.c0;
  cols[o + 1u] = v.c1;
  cols[o + 2u] = v.c2;
}

fn value_e(c: u32, j: u32) -> E {
  return source_e(c, j);
}

fn pair_terms(i: u32) -> array<EWide, 3> {
  bind_columns(i, params.half, params.columns, E(params.r0, params.r1, params.r2));
  return form_pair_e(4u * params.columns, params.terms, i, params.half);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_form_pairs_in_place(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  form_pair_sums(invocation(id, groups), local, wg, groups);
}
