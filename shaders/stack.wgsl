// The level-0 stack as the codeword's starting point (docs/protocol.md §4.4): block b of the top 6
// index bits goes to lane nLanes-1-b, position-major, and each lane's message is tiled over
// all 2^(κ+ν) positions (what the top ν layers make of it zero-padded). Words past the end
// of a partly filled stack read as zero. A codeword or stack longer than a binding is made in
// windows: each dispatch writes the words of its codeword window whose source lies in its stack
// window (the codeword starts zeroed, so the others are left to the dispatches that hold them).

struct StackParams {
  count: u32,   // codeword words this dispatch writes
  lanes: u32,
  log_msg: u32, // κ
  msg_len: u32, // K words in the stack buffer
  out_first: u32, // the codeword word of codeword[0]
  msg_first: u32, // the stack word of msg[0]
  msg_words: u32, // the stack words bound
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
  let w = params.out_first + i;
  let pos = w / params.lanes;
  let blk = params.lanes - 1u - w % params.lanes;
  let src = (blk << params.log_msg) | (pos & ((1u << params.log_msg) - 1u));
  if (src < params.msg_len && src >= params.msg_first && src - params.msg_first < params.msg_words) {
    codeword[i] = msg[src - params.msg_first];
  }
}
