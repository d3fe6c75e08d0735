// The stored prefix of a bus tree or GKR level (VmKernels.ones): a zeroed buffer whose values
// from `from` on become one, E (1, 0, 0).

struct OnesParams {
  n: u32,
  start: u32, // the first value that is one
}

@group(0) @binding(0) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(1) var<uniform> params: OnesParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_ones(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = params.start + id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.n) {
    return;
  }
  out[3u * i] = vec2<u32>(1u, 0u);
}
