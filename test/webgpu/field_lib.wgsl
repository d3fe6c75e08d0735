// Test entry points for the library functions that no production kernel calls yet (needs
// gf64.wgsl, gf192.wgsl). A K element is one vec2<u32>, an E element three.

@group(0) @binding(0) var<storage, read> a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> b: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read_write> out: array<vec2<u32>>;

fn load_e(i: u32) -> E {
  return E(a[3u * i], a[3u * i + 1u], a[3u * i + 2u]);
}

fn store_e(i: u32, r: E) {
  out[3u * i] = r.c0;
  out[3u * i + 1u] = r.c1;
  out[3u * i + 2u] = r.c2;
}

@compute @workgroup_size(64)
fn add_k(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&out)) {
    out[id.x] = k_add(a[id.x], b[id.x]);
  }
}

@compute @workgroup_size(64)
fn square_k(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&out)) {
    out[id.x] = k_square(a[id.x]);
  }
}

@compute @workgroup_size(64)
fn add_e(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&out) / 3u) {
    store_e(id.x, e_add(load_e(id.x), E(b[3u * id.x], b[3u * id.x + 1u], b[3u * id.x + 2u])));
  }
}

@compute @workgroup_size(64)
fn square_e(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&out) / 3u) {
    store_e(id.x, e_square(load_e(id.x)));
  }
}

// b holds one K element per E element of a.
@compute @workgroup_size(64)
fn mul_e_k(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&out) / 3u) {
    store_e(id.x, e_mul_k(load_e(id.x), b[id.x]));
  }
}
