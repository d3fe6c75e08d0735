// The reductions' second stage (lib/partials.wgsl's partials): one workgroup XORs the
// workgroups' partials of 12 words each into one, so 48 bytes come back, whatever the grid.

struct TotalParams {
  partials: u32,
}

@group(0) @binding(0) var<storage, read> partials: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: array<u32>;
@group(0) @binding(2) var<uniform> params: TotalParams;

const WORKGROUP_SIZE = 256u;
const WORDS = 12u;

var<workgroup> acc: array<array<u32, 12>, WORKGROUP_SIZE>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn sum_partials(@builtin(local_invocation_index) l: u32) {
  var s: array<u32, 12>;
  for (var p = l; p < params.partials; p += WORKGROUP_SIZE) {
    for (var q = 0u; q < WORDS; q++) {
      s[q] ^= partials[WORDS * p + q];
    }
  }
  acc[l] = s;
  workgroupBarrier();
  for (var half = WORKGROUP_SIZE / 2u; half > 0u; half = half / 2u) {
    if (l < half) {
      for (var q = 0u; q < WORDS; q++) {
        acc[l][q] ^= acc[l + half][q];
      }
    }
    workgroupBarrier();
  }
  if (l == 0u) {
    for (var q = 0u; q < WORDS; q++) {
      total[q] = acc[0][q];
    }
  }
}
