// The grand-product GKR's round sums (VmKernels.quarticSums; needs lib/gf64.wgsl,
// lib/gf192.wgsl, lib/partials.wgsl). Rows of four children (4 E values), pair p the rows 2p
// and 2p + 1, child c the line lo_c + X·(lo_c + hi_c); each invocation sums eq[p]·(q(0) + q(1),
// c2, c3, c4) of q = Π_c line_c over its pairs, and its workgroup folds the sums into one
// partial of four. With `bind`, the pairs are first bound at r into `out` (old pair q becomes
// row q, a row of ones past the old pairs), and the sums are the bound rows'.

struct QuarticParams {
  r0: vec2<u32>, // the bind's challenge r = (r0, r1, r2)
  r1: vec2<u32>,
  r2: vec2<u32>,
  rows_at: u32,   // the rows' first value in rows
  eq_at: u32,     // the weights' first value in eq
  old_pairs: u32, // pairs of the given rows
  pairs: u32,     // pairs summed (after the bind)
  bind: u32,
  out_at: u32,    // the bound rows' first value in out
  threads: u32,   // invocations dispatched
}

@group(0) @binding(0) var<storage, read> rows: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> eq: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> partials: array<vec2<u32>>;
@group(0) @binding(4) var<uniform> params: QuarticParams;

const WORKGROUP_SIZE = 256u;

fn child(row: u32, c: u32) -> E {
  let o = 3u * (params.rows_at + 4u * row + c);
  return E(rows[o], rows[o + 1u], rows[o + 2u]);
}

// Child c of bound row q: the old pair q at r, or one past the old pairs.
fn bound_child(q: u32, c: u32) -> E {
  if (q >= params.old_pairs) {
    return E(vec2<u32>(1u, 0u), vec2<u32>(0u), vec2<u32>(0u));
  }
  let lo = child(2u * q, c);
  return e_add(lo, e_mul(E(params.r0, params.r1, params.r2), e_add(lo, child(2u * q + 1u, c))));
}

fn store_child(row: u32, c: u32, v: E) {
  let o = 3u * (params.out_at + 4u * row + c);
  out[o] = v.c0;
  out[o + 1u] = v.c1;
  out[o + 2u] = v.c2;
}

// (a_i + X d_i)(a_j + X d_j) as three coefficients (Karatsuba: three products).
fn line_product(ai: E, di: E, aj: E, dj: E) -> array<E, 3> {
  let q0 = e_mul(ai, aj);
  let q2 = e_mul(di, dj);
  return array<E, 3>(q0, e_add(e_add(e_mul(e_add(ai, di), e_add(aj, dj)), q0), q2), q2);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn vm_quartic(
  @builtin(global_invocation_id) id: vec3<u32>,
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var s = array<EWide, 4>(z, z, z, z);
  for (var p = invocation(id, groups); p < params.pairs; p += params.threads) {
    var a: array<E, 4>;
    var d: array<E, 4>;
    for (var c = 0u; c < 4u; c++) {
      var lo: E;
      var hi: E;
      if (params.bind == 1u) {
        lo = bound_child(2u * p, c);
        hi = bound_child(2u * p + 1u, c);
        store_child(2u * p, c, lo);
        store_child(2u * p + 1u, c, hi);
      } else {
        lo = child(2u * p, c);
        hi = child(2u * p + 1u, c);
      }
      a[c] = lo;
      d[c] = e_add(lo, hi);
    }
    let l = line_product(a[0], d[0], a[1], d[1]);
    let r = line_product(a[2], d[2], a[3], d[3]);
    // The quartic l·r: c0 = l0r0, c4 = l2r2, c2 = (l0+l2)(r0+r2) + c0 + c4 + l1r1,
    // c3 = (l1+l2)(r1+r2) + l1r1 + c4, q(0) + q(1) = c0 + Σl·Σr.
    let p0 = e_mul_wide(l[0], r[0]);
    let p4 = e_mul_wide(l[2], r[2]);
    let p11 = e_mul_wide(l[1], r[1]);
    let at1 = e_mul_wide(e_add(e_add(l[0], l[1]), l[2]), e_add(e_add(r[0], r[1]), r[2]));
    let m02 = e_mul_wide(e_add(l[0], l[2]), e_add(r[0], r[2]));
    let m12 = e_mul_wide(e_add(l[1], l[2]), e_add(r[1], r[2]));
    let w = E(eq[3u * (params.eq_at + p)], eq[3u * (params.eq_at + p) + 1u], eq[3u * (params.eq_at + p) + 2u]);
    s[0] = e_wide_add(s[0], e_mul_wide(e_reduce(e_wide_add(p0, at1)), w));
    s[1] = e_wide_add(s[1], e_mul_wide(e_reduce(e_wide_add(e_wide_add(m02, p0), e_wide_add(p4, p11))), w));
    s[2] = e_wide_add(s[2], e_mul_wide(e_reduce(e_wide_add(e_wide_add(m12, p11), p4)), w));
    s[3] = e_wide_add(s[3], e_mul_wide(e_reduce(p4), w));
  }
  for (var k = 0u; k < 4u; k++) {
    store_partial_slot(s[k], k, 4u, local, wg, groups);
  }
}
