// Gathers whole records (rows of a codeword, digests of a tree) into one small buffer, so
// an opening downloads only what the proof holds: out[at + i] is word i % width of record
// index[first + i / width] of src. A source longer than a binding is gathered from in windows:
// a dispatch writes the words of the records src holds (records src_first .. + src_records).

struct GatherParams {
  count: u32, // words to gather
  width: u32, // u32 words per record
  first: u32, // the first entry of `index` this dispatch reads
  at: u32,    // where in out the first word goes
  src_first: u32,   // the record src starts with
  src_records: u32, // records src holds
}

@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read> index: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
@group(0) @binding(3) var<uniform> params: GatherParams;

const WORKGROUP_SIZE = 256u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn gather_records(@builtin(global_invocation_id) id: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
  let i = id.y * groups.x * WORKGROUP_SIZE + id.x;
  if (i >= params.count) {
    return;
  }
  let record = index[params.first + i / params.width];
  if (record >= params.src_first && record - params.src_first < params.src_records) {
    out[params.at + i] = src[(record - params.src_first) * params.width + i % params.width];
  }
}
