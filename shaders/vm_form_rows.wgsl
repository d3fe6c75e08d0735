// The bus's leaves (VmKernels.formRows; needs lib/gf64.wgsl, lib/gf192.wgsl, lib/vm_form.wgsl,
// lib/vm_sources.wgsl): out[at + i] +=
// constant + Σ_t coeff_t·(a_t·b_t)(row i) for each row i < n of K columns in one or two source
// buffers, the form laid out as lib/vm_form.wgsl reads it.

struct RowsParams {
  k0: vec2<u32>, // the form's constant (k0, k1, k2)
  k1: vec2<u32>,
  k2: vec2<u32>,
  n: u32,
  at: u32, // the first row's value in out
  terms: u32,
  columns: u32,
}

@group(0) @binding(0) var<storage, read> src0: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> src1: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> src2: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> form: array<u32>;
@group(0) @binding(4) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(5) var<uniform> params: RowsParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_form_rows(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.n) {
    return;
  }
  let base = 4u * params.columns;
  var acc = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  for (var t = 0u; t < params.terms; t++) {
    let a = form[base + 8u * t];
    let b = form[base + 8u * t + 1u];
    var v = value_k(a, i);
    if (b != NO_COLUMN) {
      v = k_mul(v, value_k(b, i));
    }
    acc = e_wide_add(acc, e_mul_k_wide(term_coeff(base, t), v));
  }
  let f = e_add(e_reduce(acc), E(params.k0, params.k1, params.k2));
  let o = 3u * (params.at + i);
  out[o] ^= f.c0;
  out[o + 1u] ^= f.c1;
  out[o + 2u] ^= f.c2;
}
