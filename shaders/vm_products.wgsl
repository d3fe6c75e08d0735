// A GKR level from the one below (VmKernels.productsOfFour; needs lib/gf64.wgsl,
// lib/gf192.wgsl): out[x] = src[4x]·src[4x+1]·src[4x+2]·src[4x+3], src and out E tables from
// values src_at and out_at of their buffers.

struct ProductParams {
  count: u32,
  src_at: u32,
  out_at: u32,
}

@group(0) @binding(0) var<storage, read> src: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: ProductParams;

const WORKGROUP_SIZE = 256u;

fn node(i: u32) -> E {
  let o = 3u * (params.src_at + i);
  return E(src[o], src[o + 1u], src[o + 2u]);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_products(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let x = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (x >= params.count) {
    return;
  }
  let p = e_mul(e_mul(node(4u * x), node(4u * x + 1u)), e_mul(node(4u * x + 2u), node(4u * x + 3u)));
  let o = 3u * (params.out_at + x);
  out[o] = p.c0;
  out[o + 1u] = p.c1;
  out[o + 2u] = p.c2;
}
