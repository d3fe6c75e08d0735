// The query batch's weight as the transpose of the encoding (the cpu side is
// queryWeightsTransposed in src/poly/bulk.ts): scatter_points puts each distinct queried
// position's summed coefficient into a zeroed E table over the code's domain, the NTT's
// layers run transposed (ntt.wgsl, ntt_radix2_transposed), and sum_tiles adds the domain's
// 2^ν message-sized tiles, the transpose of tiling the message.

struct ScatterParams {
  count: u32, // points: records of 7 words (position, then the E coefficient)
}

struct TileParams {
  count: u32, // u32 words in one tile (the output)
  tiles: u32,
}

@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> points: array<u32>;
@group(0) @binding(2) var<uniform> scatter: ScatterParams;

@group(0) @binding(0) var<storage, read> domain: array<u32>;
@group(0) @binding(1) var<storage, read_write> message: array<u32>;
@group(0) @binding(2) var<uniform> tile: TileParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn scatter_points(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= scatter.count) {
    return;
  }
  let at = 6u * points[7u * i];
  for (var k = 0u; k < 6u; k++) {
    data[at + k] = points[7u * i + 1u + k];
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn sum_tiles(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= tile.count) {
    return;
  }
  var sum = 0u;
  for (var t = 0u; t < tile.tiles; t++) {
    sum ^= domain[t * tile.count + i];
  }
  message[i] = sum;
}
