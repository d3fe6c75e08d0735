// table[i] = M(table[i]) for an F2-linear map M: E → E given by its byte tables (the ring
// switch's Φ, src/pcs/ring-switch/map.ts): byte b of u32 word w of the input selects entry
// 256·(4w + b) + v (v the byte's value) of 24 tables of E values, and the 24 entries XOR to
// the image. The accumulator is three named K limbs, not an array: lavapipe keeps an indexed
// private array in memory.

struct PhiParams {
  count: u32, // E values
}

@group(0) @binding(0) var<storage, read_write> table: array<u32>;
@group(0) @binding(1) var<storage, read> phi: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: PhiParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn phi_map(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.count) {
    return;
  }
  var c0 = vec2<u32>(0u);
  var c1 = vec2<u32>(0u);
  var c2 = vec2<u32>(0u);
  for (var w = 0u; w < 6u; w++) {
    let x = table[6u * i + w];
    for (var b = 0u; b < 4u; b++) {
      let e = 3u * (256u * (4u * w + b) + ((x >> (8u * b)) & 0xffu));
      c0 ^= phi[e];
      c1 ^= phi[e + 1u];
      c2 ^= phi[e + 2u];
    }
  }
  table[6u * i] = c0.x;
  table[6u * i + 1u] = c0.y;
  table[6u * i + 2u] = c1.x;
  table[6u * i + 3u] = c1.y;
  table[6u * i + 4u] = c2.x;
  table[6u * i + 5u] = c2.y;
}
