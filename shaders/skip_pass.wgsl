// The zerocheck's univariate-skip pass (src/kernels/flock/skip-pass.ts) over the columns a,
// b, c = z (needs lib/gf64.wgsl, lib/gf192.wgsl). Per group g of 8 K words (16 u32) the pass
// needs, for every lane λ of the 64 in Λ (or position of S), a bit per (set, plane): the planes
// of the GF(2^8) values E (even words' a♯·b♯ + c♯, weighted by t^K), O (odd words'), I (the
// pairs' (a0 + a1)♯·(b0 + b1)♯) and the S bits D: 1792 bits, a record of 56 words. Group g' of
// block t weighs lo[g']·w_t, so the sums are S[col] = Σ_g' lo[g']·Σ_t w_t·bit(col, (t, g')):
//   skip_masks    an invocation per (group, lane half) writes its half of the group's record
//                 (E planes at 2·plane + half, then O, I, and D at 48 + 2·slot + half);
//   fold_bits     (fold_bits.wgsl) folds the records of a block, 32·56 words, over the blocks;
//   skip_resolve  per set and lane, Σ_g' lo[g']·Σ_p φ8(t^p)·(the folded bit of (g', set, p, λ)).

struct MaskParams {
  first: u32,  // the chunk's first group
  groups: u32, // groups in the chunk
  bytes: u32,  // 8, the byte positions of a K word: a bound the compiler cannot unroll
               // (lavapipe takes 20 s to compile the skip pass's lookups unrolled)
}


@group(0) @binding(0) var<storage, read> col_a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> col_b: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> col_c: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read> lt: array<vec4<u32>>; // skip-pass.ts LT
@group(0) @binding(4) var<storage, read_write> records: array<u32>;
@group(0) @binding(5) var<uniform> mask_params: MaskParams;

const WORKGROUP_SIZE = 256u;
const RECORD = 56u;
const GROUPS = 32u; // groups a block

// Planes are bytes of GF(2^8) values bitsliced over 32 lanes: plane q is bit q of every lane.
alias Planes = array<u32, 8>;

// p = lanes 32h..32h+31 of the eight planes of the Λ image of the K word w.
fn planes(p: ptr<function, Planes>, w: vec2<u32>, h: u32) {
  var p0 = vec4<u32>(0u);
  var p1 = vec4<u32>(0u);
  for (var k = 0u; k < mask_params.bytes; k++) {
    let at = 4u * (256u * k + ((select(w.y, w.x, k < 4u) >> (8u * (k & 3u))) & 255u)) + 2u * h;
    p0 ^= lt[at];
    p1 ^= lt[at + 1u];
  }
  *p = Planes(p0.x, p0.y, p0.z, p0.w, p1.x, p1.y, p1.z, p1.w);
}

// acc = t^2·acc + x·y, reduced modulo t^8 + t^4 + t^3 + t + 1.
fn horner(acc: ptr<function, Planes>, x: ptr<function, Planes>, y: ptr<function, Planes>) {
  var r: array<u32, 15>;
  for (var q = 0u; q < 8u; q++) {
    r[q + 2u] = (*acc)[q];
  }
  for (var i = 0u; i < 8u; i++) {
    let xi = (*x)[i];
    for (var j = 0u; j < 8u; j++) {
      r[i + j] ^= xi & (*y)[j];
    }
  }
  for (var k = 14u; k >= 8u; k--) {
    let v = r[k];
    r[k - 4u] ^= v;
    r[k - 5u] ^= v;
    r[k - 7u] ^= v;
    r[k - 8u] ^= v;
  }
  for (var q = 0u; q < 8u; q++) {
    (*acc)[q] = r[q];
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn skip_masks(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = gid.y * groups.x * WORKGROUP_SIZE + gid.x;
  if (i >= 2u * mask_params.groups) {
    return;
  }
  let h = i & 1u;
  let grp = mask_params.first + (i >> 1u);
  let out = RECORD * (i >> 1u);
  // Word K weighs t^K: Horner over the pairs j = 3..0 of words (2j, 2j + 1), t^2 a step; the
  // odd words take one more t at the end.
  var e_sum: Planes;
  var o_sum: Planes;
  var i_sum: Planes;
  var ae: Planes;
  var be: Planes;
  var ao: Planes;
  var bo: Planes;
  var c: Planes;
  for (var jj = 0u; jj < 4u; jj++) {
    let j = 3u - jj;
    let e = 8u * grp + 2u * j; // K word 2j of the group
    planes(&ae, col_a[e], h);
    planes(&be, col_b[e], h);
    planes(&ao, col_a[e + 1u], h);
    planes(&bo, col_b[e + 1u], h);
    horner(&e_sum, &ae, &be);
    horner(&o_sum, &ao, &bo);
    planes(&c, col_c[e], h);
    for (var q = 0u; q < 8u; q++) {
      e_sum[q] ^= c[q];
    }
    planes(&c, col_c[e + 1u], h);
    for (var q = 0u; q < 8u; q++) {
      o_sum[q] ^= c[q];
      ae[q] ^= ao[q];
      be[q] ^= bo[q];
    }
    horner(&i_sum, &ae, &be);
    let da = col_a[e] ^ col_a[e + 1u];
    let db = col_b[e] ^ col_b[e + 1u];
    records[out + 48u + 2u * j + h] = select(da.y & db.y, da.x & db.x, h == 0u);
  }
  // t·o_sum (t^8 = t^4 + t^3 + t + 1).
  let o = o_sum;
  o_sum = Planes(o[7], o[0] ^ o[7], o[1], o[2] ^ o[7], o[3] ^ o[7], o[4], o[5], o[6]);
  for (var p = 0u; p < 8u; p++) {
    records[out + 2u * p + h] = e_sum[p];
    records[out + 16u + 2u * p + h] = o_sum[p];
    records[out + 32u + 2u * p + h] = i_sum[p];
  }
}

@group(0) @binding(0) var<storage, read> folded: array<vec2<u32>>; // an E value per bit of a block's records
@group(0) @binding(1) var<storage, read> lo: array<vec2<u32>>;     // 32 E values
@group(0) @binding(2) var<storage, read> phi_basis: array<vec2<u32>>; // φ8(t^p), p < 8
@group(0) @binding(3) var<storage, read_write> sums: array<vec2<u32>>;

fn folded_at(j: u32) -> E {
  return E(folded[3u * j], folded[3u * j + 1u], folded[3u * j + 2u]);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn skip_resolve(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = gid.x; // set · 64 + lane
  let sum_set = i >> 6u;
  let h = (i >> 5u) & 1u;
  let bit = i & 31u;
  var out = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  for (var g = 0u; g < GROUPS; g++) {
    let rec = 32u * RECORD * g + bit;
    var s = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
    if (sum_set < 3u) {
      for (var p = 0u; p < 8u; p++) {
        s = e_wide_add(s, e_mul_k_wide(folded_at(rec + 32u * (16u * sum_set + 2u * p + h)), phi_basis[p]));
      }
    } else {
      // The S bits of pair slot j stand for plane 2j.
      for (var j = 0u; j < 4u; j++) {
        s = e_wide_add(s, e_mul_k_wide(folded_at(rec + 32u * (48u + 2u * j + h)), phi_basis[2u * j]));
      }
    }
    out = e_wide_add(out, e_mul_wide(e_reduce(s), E(lo[3u * g], lo[3u * g + 1u], lo[3u * g + 2u])));
  }
  let r = e_reduce(out);
  sums[3u * i] = r.c0;
  sums[3u * i + 1u] = r.c1;
  sums[3u * i + 2u] = r.c2;
}
