// The columns of a VM form kernel in its up to three source buffers (needs lib/gf192.wgsl; the
// kernel binds src0, src1 and src2 at bindings 0 to 2 and its `form` table as lib/vm_form.wgsl
// lays it out).

fn source_word(s: u32, w: u32) -> vec2<u32> {
  if (s == 0u) {
    return src0[w];
  }
  if (s == 1u) {
    return src1[w];
  }
  return src2[w];
}

// Where value j of column c lies: its first value, then one every stride.
fn source_index(c: u32, j: u32) -> u32 {
  return form[4u * c + 1u] + j * form[4u * c + 3u];
}

// Value j of K column c.
fn value_k(c: u32, j: u32) -> vec2<u32> {
  return source_word(form[4u * c], source_index(c, j));
}

// Value j of column c, E (e) or K lifted.
fn source_value(c: u32, j: u32, e: bool) -> E {
  if (!e) {
    return E(value_k(c, j), vec2<u32>(0u), vec2<u32>(0u));
  }
  let s = form[4u * c];
  let w = 3u * source_index(c, j);
  return E(source_word(s, w), source_word(s, w + 1u), source_word(s, w + 2u));
}
