// Merkle tree over BLAKE2s (docs/protocol.md §5), needs lib/blake2s.wgsl. The tree is one flat
// array of digests (two vec4 each): the leaves, then each level up, the root last, so node i
// of level l is digest 2n - 2n/2^l + i (n leaves) and a node's children are adjacent.
//
// One invocation per node of the dispatch's first level: the leaf dispatch takes every row of
// the codeword at once, so hash batches are whole workgroups of 256 leaves (the GPU form of
// the seed's NTT tasks handing at least 64 rows to the Merkle stage). A workgroup's 256
// nodes then fold `levels` more levels in workgroup memory: 2^17 leaves take two dispatches.
//
// A tree or codeword longer than a binding is built in windows (src/backend/webgpu/window.ts):
// then each dispatch makes nodes first .. first + count of one level (levels = 0) into a window
// of the tree from digest tree_base, from a window of the rows (or of the level below, from
// digest src_base), until the levels left fit one window and fold as above, reading the level
// below from that window (from_tree).
//
// A leaf image is (image_words - row_words) zero u32 words, then the row: the blocks that
// lie wholly in the zeros are the same for every leaf, so the host compresses them once
// and hands their chaining value over as h0; the kernel starts at first_block.

struct MerkleParams {
  h0_lo: vec4<u32>,
  h0_hi: vec4<u32>,
  leaves: u32,      // n
  level: u32,       // the level this dispatch's invocations compute (0 = leaves)
  count: u32,       // nodes this dispatch computes on that level
  levels: u32,      // further levels folded in workgroup memory (at most log2 of a group's nodes)
  row_words: u32,   // u32 words per stored row
  image_words: u32, // u32 words per leaf image
  first_block: u32, // the first 64-byte block of the image that holds row words
  first: u32,       // the level's node of the dispatch's first invocation
  tree_base: u32,   // the digest of tree[0..2]
  src_base: u32,    // the row word of rows[0], or the digest of children[0..2]
  from_tree: u32,   // 1: the level below is read from tree (a dispatch that folds)
}

@group(0) @binding(0) var<storage, read_write> tree: array<vec4<u32>>;
@group(0) @binding(1) var<uniform> params: MerkleParams;
@group(0) @binding(2) var<storage, read> rows: array<u32>;
// read_write though only read: a buffer bound writable in a dispatch is bound writable only.
@group(0) @binding(2) var<storage, read_write> children: array<vec4<u32>>;

const WORKGROUP_SIZE = 256u;
const LOG_WORKGROUP_SIZE = 8u;

var<workgroup> folded: array<array<vec4<u32>, 2>, WORKGROUP_SIZE>;

// First digest slot of a level, in vec4 units.
fn level_start(level: u32) -> u32 {
  return 2u * (2u * params.leaves - ((2u * params.leaves) >> level));
}

fn store(level: u32, index: u32, digest: array<vec4<u32>, 2>) {
  let at = level_start(level) + 2u * index - 2u * params.tree_base;
  tree[at] = digest[0];
  tree[at + 1u] = digest[1];
}

fn load(level: u32, index: u32) -> array<vec4<u32>, 2> {
  if (params.from_tree == 1u) {
    let at = level_start(level) + 2u * index - 2u * params.tree_base;
    return array<vec4<u32>, 2>(tree[at], tree[at + 1u]);
  }
  let at = level_start(level) + 2u * index - 2u * params.src_base;
  return array<vec4<u32>, 2>(children[at], children[at + 1u]);
}

// Stores this invocation's node, then folds the workgroup's nodes `params.levels` levels up,
// storing every node on the way. Called in uniform control flow by every invocation.
fn store_and_fold(group: u32, local: u32, first: array<vec4<u32>, 2>) {
  let index = group * WORKGROUP_SIZE + local;
  if (index < params.count) {
    store(params.level, params.first + index, first);
  }
  folded[local] = first;
  // Nodes of this group on the dispatch's level: all 256, or the whole level when smaller.
  let width = min(params.count, WORKGROUP_SIZE);
  for (var j = 1u; j <= params.levels; j++) {
    workgroupBarrier();
    let busy = local < (width >> j) && index < params.count;
    var digest: array<vec4<u32>, 2>;
    if (busy) {
      digest = blake2s_node(folded[2u * local], folded[2u * local + 1u]);
      store(params.level + j, (params.first >> j) + (group << (LOG_WORKGROUP_SIZE - j)) + local, digest);
    }
    workgroupBarrier();
    if (busy) {
      folded[local] = digest;
    }
  }
}

fn group_index(wg: vec3<u32>, groups: vec3<u32>) -> u32 {
  return wg.y * groups.x + wg.x;
}

// BLAKE2s-256 of leaf `leaf`'s image, from the chaining value after its zero blocks.
fn leaf_digest(leaf: u32) -> array<vec4<u32>, 2> {
  var h = array<vec4<u32>, 2>(params.h0_lo, params.h0_hi);
  let zeros = params.image_words - params.row_words;
  let row = leaf * params.row_words - params.src_base;
  let blocks = (params.image_words + 15u) / 16u;
  for (var b = params.first_block; b < blocks; b++) {
    // Every word is written on every pass: lavapipe keeps a loop-local array's words from
    // the previous block rather than zeroing it again.
    var m: array<u32, 16>;
    for (var k = 0u; k < 16u; k++) {
      let w = 16u * b + k;
      var word = 0u;
      if (w >= zeros && w < params.image_words) {
        word = rows[row + w - zeros];
      }
      m[k] = word;
    }
    let last = b + 1u == blocks;
    h = blake2s_compress(h[0], h[1], m, select(64u * (b + 1u), 4u * params.image_words, last), last);
  }
  return h;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn merkle_leaves(
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let group = group_index(wg, groups);
  let leaf = group * WORKGROUP_SIZE + local;
  var digest: array<vec4<u32>, 2>;
  if (leaf < params.count) {
    digest = leaf_digest(params.first + leaf);
  }
  store_and_fold(group, local, digest);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn merkle_nodes(
  @builtin(local_invocation_index) local: u32,
  @builtin(workgroup_id) wg: vec3<u32>,
  @builtin(num_workgroups) groups: vec3<u32>,
) {
  let group = group_index(wg, groups);
  let index = group * WORKGROUP_SIZE + local;
  var digest: array<vec4<u32>, 2>;
  if (index < params.count) {
    let node = params.first + index;
    digest = blake2s_node(load(params.level - 1u, 2u * node), load(params.level - 1u, 2u * node + 1u));
  }
  store_and_fold(group, local, digest);
}
