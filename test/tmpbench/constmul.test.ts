import { test } from 'vitest';
import { requestNodeGpu } from '../../host/node/dawn';
import gf64 from '../../shaders/lib/gf64.wgsl';
import { SplitMix64 } from '../../src/util/splitmix64';
import { kMulAt } from '../../src/field/k';

const N = 1 << 18; // invocations
const REPS = 64;   // chained products each
const code = `
@group(0) @binding(0) var<storage, read_write> data: array<vec2<u32>>;
var<workgroup> lo_tab: array<u32, 256>;
var<workgroup> hi_tab: array<u32, 256>;
@compute @workgroup_size(256)
fn direct(@builtin(global_invocation_id) id: vec3<u32>) {
  let t = data[N];
  var x = data[id.x];
  for (var r = 0u; r < ${REPS}u; r++) { x = k_mul(t, x) ^ vec2<u32>(r, 0u); }
  data[id.x] = x;
}
@compute @workgroup_size(256)
fn table(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) li: u32) {
  let t = data[N];
  // entry (j, v) = t * (v << 4j)
  let j = li >> 4u; let v = li & 15u;
  let s = 4u * j;
  var e = vec2<u32>(0u);
  if (s < 32u) { e = vec2<u32>(v << s, select(0u, v >> (32u - s), s > 0u)); } else { e = vec2<u32>(0u, v << (s - 32u)); }
  let p = k_mul(t, e);
  lo_tab[li] = p.x; hi_tab[li] = p.y;
  workgroupBarrier();
  var x = data[id.x];
  for (var r = 0u; r < ${REPS}u; r++) {
    var lo = 0u; var hi = 0u;
    for (var k = 0u; k < 8u; k++) {
      let a = (x.x >> (4u * k)) & 15u; let b = (x.y >> (4u * k)) & 15u;
      lo ^= lo_tab[16u * k + a] ^ lo_tab[16u * (k + 8u) + b];
      hi ^= hi_tab[16u * k + a] ^ hi_tab[16u * (k + 8u) + b];
    }
    x = vec2<u32>(lo, hi) ^ vec2<u32>(r, 0u);
  }
  data[id.x] = x;
}
`.replaceAll('N]', `${N}u]`);

test('const mul', async () => {
  const g = await requestNodeGpu();
  if ('unavailable' in g) throw new Error('no gpu');
  const { device } = g;
  const module = device.createShaderModule({ code: code + '\n' + gf64 });
  const init = new SplitMix64(3).words(N + 1);
  const outs: Uint32Array[] = [];
  for (const entry of ['direct', 'table', 'direct', 'table']) {
    const pipe = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: entry } });
    const buf = device.createBuffer({ size: init.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true });
    new Uint32Array(buf.getMappedRange()).set(init); buf.unmap();
    const rb = device.createBuffer({ size: init.byteLength, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const t0 = performance.now();
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass(); pass.setPipeline(pipe);
    pass.setBindGroup(0, device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buf } }] }));
    pass.dispatchWorkgroups(N / 256); pass.end();
    enc.copyBufferToBuffer(buf, 0, rb, 0, init.byteLength);
    device.queue.submit([enc.finish()]);
    await rb.mapAsync(GPUMapMode.READ);
    const ms = performance.now() - t0;
    outs.push(new Uint32Array(rb.getMappedRange().slice(0)));
    console.log(`RESULT ${entry}: ${(ms * 1e6 / (N * REPS)).toFixed(2)} ns/product`);
  }
  // cross-check the two forms agree and match the CPU on element 5
  let x = init.slice(10, 12); const t = init.slice(2 * N, 2 * N + 2); const p = new Uint32Array(2);
  for (let r = 0; r < REPS; r++) { kMulAt(p, 0, t, 0, x, 0); x = Uint32Array.of(p[0] ^ r, p[1]); }
  console.log('RESULT agree', outs[0][10] === outs[1][10] && outs[0][11] === outs[1][11], outs[0][10] === x[0] && outs[0][11] === x[1]);
  device.destroy();
});
