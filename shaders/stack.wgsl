// The level-0 stack as the codeword's starting point (docs/protocol.md §4.4): block b of the top 6
// index bits goes to lane nLanes-1-b, position-major, and each lane's message is tiled over
// all 2^(κ+ν) positions (what the top ν layers make of it zero-padded). Words past the end
// of a partly filled stack read as zero.

struct StackParams {
  count: u32,   // codeword words: lanes · 2^(κ+ν)
  lanes: u32,
  log_msg: u32, // κ
  msg_len: u32, // K words in the stack buffer
}

@group(0) @binding(0) var<storage, read_write> codeword: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read> msg: array<vec2<u32>>;
@group(0) @binding(2) var<uniform> params: StackParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn stack_tile(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.count) {
    return;
  }
  let pos = i / params.lanes;
  let blk = params.lanes - 1u - i % params.lanes;
  let src = (blk << params.log_msg) | (pos & ((1u << params.log_msg) - 1u));
  var word = vec2<u32>(0u);
  if (src < params.msg_len) {
    word = msg[src];
  }
  codeword[i] = word;
}
