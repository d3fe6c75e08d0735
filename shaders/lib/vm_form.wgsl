// A VM form as the form kernels read it (VmKernels' forms; needs lib/gf64.wgsl,
// lib/gf192.wgsl). The kernel's `form` storage array holds per column c (source, at, out_at,
// stride) at 4c (value j of the column is value at + j·stride of its source, and a bind writes
// it at out_at + j), then from `base` per term t (a, b, coeff: 6 words) at base + 8t, b =
// NO_COLUMN for a term of one column.

const NO_COLUMN = 0xFFFFFFFFu;

fn term_coeff(base: u32, t: u32) -> E {
  let o = base + 8u * t + 2u;
  return E(vec2<u32>(form[o], form[o + 1u]), vec2<u32>(form[o + 2u], form[o + 3u]), vec2<u32>(form[o + 4u], form[o + 5u]));
}
