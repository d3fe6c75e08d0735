// One partial per workgroup of a reduction to two E sums (needs lib/gf192.wgsl, and from the
// kernel WORKGROUP_SIZE and its `partials` storage array): every invocation's sums, reduced,
// go to workgroup memory, a tree of XORs folds them into one, and invocation 0 writes its six
// words at 6·(workgroup index). partial_sums.wgsl XORs the partials; every sum is an exact
// XOR, so any grouping gives the same bytes.

// Per invocation: the first sum's limbs then the second's.
var<workgroup> sums: array<array<vec2<u32>, 6>, WORKGROUP_SIZE>;

// XORs the first `width` limbs of every invocation's sums into sums[0], a tree of halves.
fn fold_sums(local: u32, width: u32) {
  workgroupBarrier();
  for (var half = WORKGROUP_SIZE / 2u; half > 0u; half = half / 2u) {
    if (local < half) {
      for (var k = 0u; k < width; k++) {
        sums[local][k] ^= sums[local + half][k];
      }
    }
    workgroupBarrier();
  }
}

// The invocation's index in a grid of rows of groups.x workgroups.
fn invocation(id: vec3<u32>, groups: vec3<u32>) -> u32 {
  return id.y * groups.x * WORKGROUP_SIZE + id.x;
}

// Has barriers: call it from uniform control flow, once per invocation.
fn store_partial(x: EWide, y: EWide, local: u32, wg: vec3<u32>, groups: vec3<u32>) {
  let rx = e_reduce(x);
  let ry = e_reduce(y);
  sums[local] = array<vec2<u32>, 6>(rx.c0, rx.c1, rx.c2, ry.c0, ry.c1, ry.c2);
  fold_sums(local, 6u);
  if (local == 0u) {
    let at = 6u * (wg.y * groups.x + wg.x);
    for (var k = 0u; k < 6u; k++) {
      partials[at + k] = sums[0][k];
    }
  }
}

// One sum of a reduction to `slots` E sums (the VM kernels' 3 or 4): the invocations' x folded
// into sum `slot` of the workgroup's partial, 6·slots words at 6·slots·(workgroup index). Has
// barriers: call it from uniform control flow, once per invocation and slot.
fn store_partial_slot(x: EWide, slot: u32, slots: u32, local: u32, wg: vec3<u32>, groups: vec3<u32>) {
  let rx = e_reduce(x);
  sums[local][0] = rx.c0;
  sums[local][1] = rx.c1;
  sums[local][2] = rx.c2;
  fold_sums(local, 3u);
  if (local == 0u) {
    let at = 3u * (slots * (wg.y * groups.x + wg.x) + slot);
    for (var k = 0u; k < 3u; k++) {
      partials[at + k] = sums[0][k];
    }
  }
  workgroupBarrier();
}
