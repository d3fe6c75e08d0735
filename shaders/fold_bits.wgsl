// A bit column folded over the blocks: out[j] = Σ_t w_t·bit j of block t, for the 32·words bit
// positions j of a block of `words` u32 words — lincheck's zv (src/kernels/flock/fold-blocks.ts;
// the z column, 2^14 positions) and the skip pass's sums (its group records, skip_pass.wgsl).
// A chunk of blocks at a time: their weights' subset tables (subset_sums.wgsl, one per eight
// blocks), then fold_bits, an invocation per (position, run of the chunk's blocks) adding one
// table entry per eight blocks into its run's partial sum; fold_bits_sum adds the runs.

struct FoldParams {
  first: u32,     // the chunk's first block
  end: u32,       // the chunk's end
  per_run: u32,   // blocks a run (a multiple of 8)
  runs: u32,
  words: u32,     // u32 words a block
  src_first: u32, // the block at word 0 of src
}

struct SumParams {
  positions: u32,
  runs: u32,
}

@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read> tables: array<u32>; // the chunk's, 256 E values per 8 blocks
@group(0) @binding(2) var<storage, read_write> partials: array<u32>; // an E value per position and run
@group(0) @binding(3) var<uniform> params: FoldParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn fold_bits(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let positions = 32u * params.words;
  let i = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (i >= positions * params.runs) {
    return;
  }
  let j = i % positions;
  let run = i / positions;
  let word = j >> 5u;
  let bit = j & 31u;
  let start = params.first + run * params.per_run;
  let end = min(start + params.per_run, params.end);
  var acc: array<u32, 6>;
  for (var t0 = start; t0 < end; t0 += 8u) {
    var beta = 0u;
    for (var k = 0u; k < 8u; k++) {
      if (t0 + k < end) {
        beta |= ((src[(t0 + k - params.src_first) * params.words + word] >> bit) & 1u) << k;
      }
    }
    let at = 6u * (256u * ((t0 - params.first) >> 3u) + beta);
    for (var q = 0u; q < 6u; q++) {
      acc[q] ^= tables[at + q];
    }
  }
  let at = 6u * (run * positions + j);
  for (var q = 0u; q < 6u; q++) {
    partials[at + q] ^= acc[q];
  }
}

@group(0) @binding(0) var<storage, read> run_sums: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
@group(0) @binding(2) var<uniform> sum_params: SumParams;

@compute @workgroup_size(WORKGROUP_SIZE)
fn fold_bits_sum(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let j = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (j >= sum_params.positions) {
    return;
  }
  for (var q = 0u; q < 6u; q++) {
    var s = 0u;
    for (var r = 0u; r < sum_params.runs; r++) {
      s ^= run_sums[6u * (r * sum_params.positions + j) + q];
    }
    sums[6u * j + q] = s;
  }
}
