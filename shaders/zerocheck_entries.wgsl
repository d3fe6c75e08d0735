// The zerocheck's first tables (src/kernels/flock/materialize.ts): entry x of a column's
// table is Σ_k t0[k][byte k of w0] + t1[k][byte k of w0 ⊕ w1] for its K words w0 = word 2x,
// w1 = word 2x + 1 — the F2-linear maps Lz and χ_0·Lz as byte tables of E values (8 tables
// of 256 each, t0's then t1's, made by subset_sums.wgsl).

struct EntryParams {
  count: u32, // entries
}

@group(0) @binding(0) var<storage, read> col: array<u32>;
@group(0) @binding(1) var<storage, read> tables: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(3) var<uniform> params: EntryParams;

const WORKGROUP_SIZE = 256u;
const T1 = 8u * 256u; // t1's first entry

@compute @workgroup_size(WORKGROUP_SIZE)
fn zerocheck_entries(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let x = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (x >= params.count) {
    return;
  }
  let w0 = vec2<u32>(col[4u * x], col[4u * x + 1u]);
  let d = w0 ^ vec2<u32>(col[4u * x + 2u], col[4u * x + 3u]);
  var c0 = vec2<u32>(0u);
  var c1 = vec2<u32>(0u);
  var c2 = vec2<u32>(0u);
  for (var k = 0u; k < 8u; k++) {
    let sh = 8u * (k & 3u);
    let i = 256u * k + ((select(w0.y, w0.x, k < 4u) >> sh) & 255u);
    let j = T1 + 256u * k + ((select(d.y, d.x, k < 4u) >> sh) & 255u);
    c0 ^= tables[3u * i] ^ tables[3u * j];
    c1 ^= tables[3u * i + 1u] ^ tables[3u * j + 1u];
    c2 ^= tables[3u * i + 2u] ^ tables[3u * j + 2u];
  }
  out[3u * x] = c0;
  out[3u * x + 1u] = c1;
  out[3u * x + 2u] = c2;
}
