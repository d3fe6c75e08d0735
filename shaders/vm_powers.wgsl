// The framework blocks' column of addresses (VmKernels.powers; needs lib/gf64.wgsl): out[at + i]
// = g^(first + i) for i < n, g = x, by squaring and multiplying over the bits of the exponent
// (a run from `first`, in a window from `at`: docs/gpu-scale.md).

struct PowersParams {
  n: u32,
  first: u32,
  at: u32,
}

@group(0) @binding(0) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(1) var<uniform> params: PowersParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_powers(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.n) {
    return;
  }
  var power = vec2<u32>(1u, 0u);
  var base = vec2<u32>(2u, 0u); // x
  for (var e = params.first + i; e != 0u; e = e >> 1u) {
    if ((e & 1u) == 1u) {
      power = k_mul(power, base);
    }
    base = k_square(base);
  }
  out[params.at + i] = power;
}
