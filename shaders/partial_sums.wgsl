// The reductions' second stage (lib/partials.wgsl's partials): one workgroup XORs the
// workgroups' partials of `words` u32 each (a multiple of 6: whole E sums) into the total it
// holds, so that many words come back, whatever the grid; a reduction over windows of its
// operands adds each window's partials in turn. Six words at a time fit workgroup memory.

struct TotalParams {
  partials: u32,
  words: u32,
}

@group(0) @binding(0) var<storage, read> partials: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: array<u32>;
@group(0) @binding(2) var<uniform> params: TotalParams;

const WORKGROUP_SIZE = 256u;

var<workgroup> acc: array<array<u32, 6>, WORKGROUP_SIZE>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn sum_partials(@builtin(local_invocation_index) l: u32) {
  for (var at = 0u; at < params.words; at += 6u) {
    var s = array<u32, 6>(0u, 0u, 0u, 0u, 0u, 0u);
    for (var p = l; p < params.partials; p += WORKGROUP_SIZE) {
      for (var q = 0u; q < 6u; q++) {
        s[q] ^= partials[params.words * p + at + q];
      }
    }
    acc[l] = s;
    workgroupBarrier();
    for (var half = WORKGROUP_SIZE / 2u; half > 0u; half = half / 2u) {
      if (l < half) {
        for (var q = 0u; q < 6u; q++) {
          acc[l][q] ^= acc[l + half][q];
        }
      }
      workgroupBarrier();
    }
    if (l == 0u) {
      for (var q = 0u; q < 6u; q++) {
        total[at + q] ^= acc[0][q];
      }
    }
    workgroupBarrier();
  }
}
