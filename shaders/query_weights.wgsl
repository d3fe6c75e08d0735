// The query batch's weight as the transpose of the encoding (the cpu side is
// queryWeightsTransposed in src/poly/bulk.ts): scatter_points puts each distinct queried
// position's summed coefficient into a zeroed E table over the code's domain, the NTT's
// layers run transposed (ntt.wgsl, ntt_radix2_transposed), and sum_tiles adds the domain's
// 2^ν message-sized tiles, the transpose of tiling the message. A domain longer than a binding
// goes in windows: scatter_points writes the positions its window holds, and sum_tiles adds one
// window of one tile into the message at a time (it adds into what the message holds).

struct ScatterParams {
  count: u32, // points: records of 7 words (position, then the E coefficient)
  first: u32, // the position of data[0..6] (a domain longer than a binding, in windows)
  positions: u32, // positions data holds
}

struct TileParams {
  count: u32, // u32 words this dispatch adds (a whole tile, or a window of one)
  tiles: u32, // tiles bound, count words apart
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
  let p = points[7u * i];
  if (p < scatter.first || p - scatter.first >= scatter.positions) {
    return;
  }
  let at = 6u * (p - scatter.first);
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
  message[i] ^= sum;
}
