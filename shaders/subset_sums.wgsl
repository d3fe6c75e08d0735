// Tables of subset sums of basis values, each value `width` u32 words: entry i of table t is
// the XOR of basis values first + t·bits + j over the set bits j of i (i < 2^bits). Basis value
// v is words v·width.. of `basis` while v < live, then `tail` (6 words) while v < end, then 0:
// a pass's block weights (BlockWeights: eq[t], the padding tail's weight) as they are. It
// builds the byte tables of F2-linear maps (8 bits: the skip pass's Λ planes, the zerocheck's
// entry tables), the subset tables of eight block weights a bit column folds with
// (fold_bits.wgsl), and an NTT layer's twiddles (src/ntt/twiddles.ts: layer ℓ's blocks sum ℓ
// basis twiddles).

struct SubsetParams {
  tail: array<vec4<u32>, 2>, // words 0..5
  count: u32,  // entries this dispatch makes
  bits: u32,
  width: u32,  // u32 words a value
  out_at: u32, // the first entry's word in out
  first: u32,  // the first basis value
  live: u32,
  end: u32,
  at_entry: u32, // the entry of the dispatch's first invocation (out_at is its word)
}

@group(0) @binding(0) var<storage, read> basis: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@group(0) @binding(2) var<uniform> params: SubsetParams;

const WORKGROUP_SIZE = 256u;

fn basis_word(v: u32, q: u32) -> u32 {
  if (v < params.live) {
    return basis[v * params.width + q];
  }
  if (v < params.end) {
    return params.tail[q >> 2u][q & 3u];
  }
  return 0u;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn subset_sums(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let local = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (local >= params.count) {
    return;
  }
  let e = params.at_entry + local;
  let v0 = params.first + (e >> params.bits) * params.bits;
  let i = e & ((1u << params.bits) - 1u);
  for (var q = 0u; q < params.width; q++) {
    var s = 0u;
    for (var j = 0u; j < params.bits; j++) {
      if (((i >> j) & 1u) == 1u) {
        s ^= basis_word(v0 + j, q);
      }
    }
    out[params.out_at + local * params.width + q] = s;
  }
}
