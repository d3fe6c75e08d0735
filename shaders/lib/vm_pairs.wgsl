// The table sumcheck's pair sums over a form (needs lib/gf64.wgsl, lib/gf192.wgsl,
// lib/partials.wgsl, lib/vm_form.wgsl). The kernel defines its `eq` weights and PairParams
// `params`, value_e(c, j) (value j of column c as the sums read it), source_e(c, j) (as the
// bind reads it), store_bound(c, j, v) and pair_terms(i) (the form's sums on pair i).

// The pair kernels' uniform parameters.
struct PairParams {
  r0: vec2<u32>, // the bind's challenge r = (r0, r1, r2)
  r1: vec2<u32>,
  r2: vec2<u32>,
  half: u32,
  terms: u32,
  columns: u32,
  elem_e: u32, // 1: the sources hold E values, 0: K
  bind: u32,
  eq_at: u32,
  threads: u32,
}

// Σ_i eq[i]·pair_terms(i) over the invocation's pairs from `first`, folded into the workgroup's
// partial of three. Has barriers: call it from uniform control flow.
fn form_pair_sums(first: u32, local: u32, wg: vec3<u32>, groups: vec3<u32>) {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var s = array<EWide, 3>(z, z, z);
  for (var i = first; i < params.half; i += params.threads) {
    let v = pair_terms(i);
    let e = 3u * (params.eq_at + i);
    let w = E(eq[e], eq[e + 1u], eq[e + 2u]);
    for (var k = 0u; k < 3u; k++) {
      s[k] = e_wide_add(s[k], e_mul_wide(e_reduce(v[k]), w));
    }
  }
  for (var k = 0u; k < 3u; k++) {
    store_partial_slot(s[k], k, 3u, local, wg, groups);
  }
}

// Binds values i and i + half of every column at r, their top variable (of 4·half values):
// v = lo + r·(lo + hi), hi the value 2·half on.
fn bind_columns(i: u32, half: u32, columns: u32, r: E) {
  for (var c = 0u; c < columns; c++) {
    for (var j = i; j < 2u * half; j += half) {
      let lo = source_e(c, j);
      store_bound(c, j, e_add(lo, e_mul(r, e_add(lo, source_e(c, j + 2u * half)))));
    }
  }
}

// Σ_t coeff_t·(s0, s1, s2)_t of the terms' lines on rows i and i + half of E columns, where
// a line's product S(lo + X·(lo + hi)) = s0 + s1·X + s2·X², unreduced.
fn form_pair_e(base: u32, terms: u32, i: u32, half: u32) -> array<EWide, 3> {
  let z = EWide(vec4<u32>(0u), vec4<u32>(0u), vec4<u32>(0u));
  var s = array<EWide, 3>(z, z, z);
  for (var t = 0u; t < terms; t++) {
    let coeff = term_coeff(base, t);
    let a = form[base + 8u * t];
    let b = form[base + 8u * t + 1u];
    let a0 = value_e(a, i);
    let a1 = value_e(a, i + half);
    if (b == NO_COLUMN) {
      s[0] = e_wide_add(s[0], e_mul_wide(coeff, a0));
      s[1] = e_wide_add(s[1], e_mul_wide(coeff, e_add(a0, a1)));
      continue;
    }
    let b0 = value_e(b, i);
    let b1 = value_e(b, i + half);
    // a0·db + da·b0 = a1·b1 + a0·b0 + da·db.
    let p0 = e_mul(a0, b0);
    let p2 = e_mul(e_add(a0, a1), e_add(b0, b1));
    s[0] = e_wide_add(s[0], e_mul_wide(coeff, p0));
    s[1] = e_wide_add(s[1], e_mul_wide(coeff, e_add(e_add(e_mul(a1, b1), p0), p2)));
    s[2] = e_wide_add(s[2], e_mul_wide(coeff, p2));
  }
  return s;
}
