// The table sumcheck's round sums (VmKernels.formPairSums; needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/partials.wgsl, lib/vm_form.wgsl, lib/vm_pairs.wgsl, lib/vm_sources.wgsl): Σ_{i < half} eq[i]·Σ_t coeff_t·(s0, s1, s2)_t on rows
// i and i + half of K or E columns, which lie in up to three source buffers; each workgroup
// folds its invocations' sums into one partial of three. With `bind`, each invocation first
// binds its columns' values i and i + half at r into `out` (another buffer), and sums those.

@group(0) @binding(0) var<storage, read> src0: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> src1: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> src2: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> eq: array<vec2<u32>>;
@group(0) @binding(4) var<storage, read> form: array<u32>;
@group(0) @binding(5) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(6) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(7) var<uniform> params: PairParams;

const WORKGROUP_SIZE = 256u;

fn source_e(c: u32, j: u32) -> E {
  return source_value(c, j, params.elem_e == 1u);
}

fn store_bound(c: u32, j: u32, v: E) {
  let o = 3u * (form[4u * c + 2u] + j);
  out[o] = v.c0;
  out[o + 1u] = v.c1;
  out[o + 2u] = v.c2;
}

fn value_e(c: u32, j: u32) -> E {
  if (params.bind == 0u) {
    return source_e(c, j);
  }
  let o = 3u * (form[4u * c + 2u] + j);
  return E(out[o], out[o + 1u], out[o + 2u]);
}

// form_pair_e on K columns: the lines' products in K, each lifted by its E coefficient.
fn form_pair_k(base: u32, terms: u32, i: u32, half: u32) -> array<EWide, 3> {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var s = array<EWide, 3>(z, z, z);
  for (var t = 0u; t < terms; t++) {
    let coeff = term_coeff(base, t);
    let a = form[base + 8u * t];
    let b = form[base + 8u * t + 1u];
    let a0 = value_k(a, i);
    let a1 = value_k(a, i + half);
    if (b == NO_COLUMN) {
      s[0] = e_wide_add(s[0], e_mul_k_wide(coeff, a0));
      s[1] = e_wide_add(s[1], e_mul_k_wide(coeff, a0 ^ a1));
      continue;
    }
    let b0 = value_k(b, i);
    let b1 = value_k(b, i + half);
    let p0 = k_mul(a0, b0);
    let p2 = k_mul(a0 ^ a1, b0 ^ b1);
    s[0] = e_wide_add(s[0], e_mul_k_wide(coeff, p0));
    s[1] = e_wide_add(s[1], e_mul_k_wide(coeff, k_mul(a1, b1) ^ p0 ^ p2));
    s[2] = e_wide_add(s[2], e_mul_k_wide(coeff, p2));
  }
  return s;
}

// The pair's sums: bound first with a bind, on K columns as they are in K.
fn pair_terms(i: u32) -> array<EWide, 3> {
  let base = 4u * params.columns;
  if (params.bind == 1u) {
    bind_columns(i, params.half, params.columns, E(params.r0, params.r1, params.r2));
  }
  if (params.elem_e == 0u && params.bind == 0u) {
    return form_pair_k(base, params.terms, i, params.half);
  }
  return form_pair_e(base, params.terms, i, params.half);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_form_pairs(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  form_pair_sums(invocation(id, groups), local, wg, groups);
}

