// Each column's value at the end of the table sumcheck (VmKernels.values; needs lib/gf64.wgsl,
// lib/gf192.wgsl, lib/vm_form.wgsl, lib/vm_sources.wgsl): value 0 bound with value 1 at r (with
// `bind`), or value 0, of each of `columns` columns into out.

struct ValuesParams {
  r0: vec2<u32>,
  r1: vec2<u32>,
  r2: vec2<u32>,
  columns: u32,
  elem_e: u32,
  bind: u32,
}

@group(0) @binding(0) var<storage, read> src0: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> src1: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> src2: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> form: array<u32>;
@group(0) @binding(4) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(5) var<uniform> params: ValuesParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_values(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let c = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (c >= params.columns) {
    return;
  }
  let e = params.elem_e == 1u;
  var v = source_value(c, 0u, e);
  if (params.bind == 1u) {
    v = e_add(v, e_mul(E(params.r0, params.r1, params.r2), e_add(v, source_value(c, 1u, e))));
  }
  out[3u * c] = v.c0;
  out[3u * c + 1u] = v.c1;
  out[3u * c + 2u] = v.c2;
}
