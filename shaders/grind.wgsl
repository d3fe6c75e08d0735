// Grinding's nonce search (src/transcript/pow.ts), needs lib/blake2s.wgsl: candidate i is
// nonce start + i, hashing base ‖ (lo, hi, 0, 0, 0, 0, tag, 0) as a Merkle node, and a pass
// (word 0 of the digest with its low bits under the masks zero) lowers `found` to i. The host
// reads `found` after each round of candidates: the smallest i, whatever order ran them.

struct GrindParams {
  base_lo: vec4<u32>,
  base_hi: vec4<u32>,
  start_lo: u32, // a multiple of the round size: start_lo + i never carries
  start_hi: u32,
  tag: u32,
  mask_lo: u32,  // the low `bits` bits of the digest's u64 word 0, as two u32 masks
  mask_hi: u32,
  count: u32,    // candidates this round
}

@group(0) @binding(0) var<storage, read_write> found: atomic<u32>;
@group(0) @binding(1) var<uniform> params: GrindParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn grind(
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  // Candidates i, i + threads, ... in turn: a pass below the next one already found makes the
  // rest moot, so after the first pass each invocation stops within a candidate or two (a
  // load of `found` per candidate), and a round can be many times the expected search.
  let threads = groups.x * groups.y * WORKGROUP_SIZE;
  for (var i = (wg.y * groups.x + wg.x) * WORKGROUP_SIZE + local; i < params.count; i += threads) {
    if (atomicLoad(&found) < i) {
      return;
    }
    let nonce = array<vec4<u32>, 2>(vec4<u32>(params.start_lo + i, params.start_hi, 0u, 0u), vec4<u32>(0u, 0u, params.tag, 0u));
    let digest = blake2s_node(array<vec4<u32>, 2>(params.base_lo, params.base_hi), nonce);
    if ((digest[0].x & params.mask_lo) == 0u && (digest[0].y & params.mask_hi) == 0u) {
      atomicMin(&found, i);
    }
  }
}
