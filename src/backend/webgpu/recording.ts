// Work for one queue submission: kernel dispatches (in one compute pass, so a multi-pass
// kernel such as the NTT costs one submit and one error-scope round trip, not one per
// layer), copies between buffers and reads of buffer ranges back to the host, in the order
// recorded.
import { AllocationError } from '../../util/allocation';
import { dispatchGrid } from './grid';
import { KERNELS, type KernelName } from './kernels';
import type { DeviceLink } from './link';
import { bindingSize, type Windows } from './window';

/** The compute pipelines of one device, built from the kernel table on first use. */
export class Pipelines {
  private readonly cache = new Map<KernelName, Promise<GPUComputePipeline>>();

  constructor(private readonly device: GPUDevice) {}

  get(name: KernelName): Promise<GPUComputePipeline> {
    let p = this.cache.get(name);
    if (!p) {
      const spec = KERNELS[name];
      const layout = this.device.createBindGroupLayout({
        label: name,
        entries: spec.bindings.map(({ type }, binding) => ({
          binding,
          visibility: GPUShaderStage.COMPUTE,
          buffer: { type },
        })),
      });
      p = this.device.createComputePipelineAsync({
        label: name,
        layout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: {
          module: this.device.createShaderModule({ label: name, code: spec.module }),
          entryPoint: spec.entryPoint,
        },
      });
      this.cache.set(name, p);
    }
    return p;
  }
}

/** A storage binding: a whole buffer, or a window of one (window.ts). */
export type Binding = GPUBuffer | GPUBufferBinding;

type Step =
  | { kind: 'dispatch'; name: KernelName; count: number; buffers: Binding[]; params: Uint32Array }
  | { kind: 'copy'; src: GPUBuffer; offset: number; dst: GPUBuffer; dstOffset: number; bytes: number }
  | { kind: 'read'; src: GPUBuffer; offset: number; bytes: number };

export class Recording {
  private readonly steps: Step[] = [];
  private reads = 0;

  constructor(
    private readonly link: DeviceLink,
    private readonly pipelines: Pipelines,
    private readonly maxPerDimension: number,
    private readonly windows: Windows,
    private readonly label: string,
  ) {}

  /**
   * Runs kernel `name` over `count` invocations (none when 0). `buffers` fill its storage
   * bindings in table order; its uniform binding, if it has one, receives `params` as u32 words.
   * A binding longer than the backend's window (window.ts) is refused here, at the device's
   * limit or a smaller one the backend was given alike, so a kernel that does not split its
   * operands fails the same way on every device.
   */
  dispatch(name: KernelName, count: number, buffers: Binding[], params: ArrayLike<number>): this {
    const over = buffers.find((b) => bindingSize(b) > this.windows.bytes);
    if (over !== undefined) {
      throw new AllocationError('gpu', `a binding of ${name}`, bindingSize(over), `over the ${this.windows.bytes}-byte storage binding limit`);
    }
    if (count > 0) this.steps.push({ kind: 'dispatch', name, count, buffers, params: Uint32Array.from(params) });
    return this;
  }

  /** Copies `bytes` of `src` from `offset` to `dst` at `dstOffset` (multiples of 4). */
  copy(src: GPUBuffer, offset: number, dst: GPUBuffer, dstOffset: number, bytes: number): this {
    if (bytes > 0) this.steps.push({ kind: 'copy', src, offset, dst, dstOffset, bytes });
    return this;
  }

  /** Reads `bytes` of `src` from `offset` after the work recorded so far; returns the index
   * of its words in submit()'s result. */
  read(src: GPUBuffer, offset: number, bytes: number): number {
    this.steps.push({ kind: 'read', src, offset, bytes });
    return this.reads++;
  }

  /** Submits everything and resolves with the words of each read, in order. The error scopes
   * span the encoding and the submission; the wait for the reads comes after them (link.read:
   * an abort gives it up). */
  async submit(): Promise<Uint32Array[]> {
    const { link } = this;
    const { device } = link;
    const staging: GPUBuffer[] = [];
    try {
      await link.checked(this.label, async () => {
        // A first use compiles its pipelines (seconds on a software device): not waited for
        // once aborted (they compile on, kept for the next proof).
        const pipelines = await link.unlessAborted(Promise.all(
          this.steps.map((s) => (s.kind === 'dispatch' ? this.pipelines.get(s.name) : null)),
        ));
        const encoder = device.createCommandEncoder({ label: this.label });
        const uniforms: GPUBuffer[] = [];
        try {
          let pass: GPUComputePassEncoder | null = null;
          for (const [i, step] of this.steps.entries()) {
            if (step.kind !== 'dispatch') {
              pass?.end();
              pass = null;
            }
            if (step.kind === 'copy') {
              encoder.copyBufferToBuffer(step.src, step.offset, step.dst, step.dstOffset, step.bytes);
              continue;
            }
            if (step.kind === 'read') {
              const dst = link.staging(step.bytes);
              staging.push(dst);
              encoder.copyBufferToBuffer(step.src, step.offset, dst, 0, step.bytes);
              continue;
            }
            const pipeline = pipelines[i] as GPUComputePipeline;
            const { bindings } = KERNELS[step.name];
            const params = bindings.some(({ type }) => type === 'uniform')
              ? link.buffer(Math.max(16, Math.ceil(step.params.length / 4) * 16), GPUBufferUsage.UNIFORM, step.params)
              : null;
            if (params !== null) uniforms.push(params);
            let storage = 0;
            const entries = bindings.map(({ type }, binding) => ({
              binding,
              resource: type === 'uniform' ? { buffer: params as GPUBuffer } : asBinding(step.buffers[storage++]),
            }));
            pass ??= encoder.beginComputePass({ label: this.label });
            pass.setPipeline(pipeline);
            pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries }));
            pass.dispatchWorkgroups(...dispatchGrid(step.count, this.maxPerDimension));
          }
          pass?.end();
          link.submit(encoder.finish());
        } finally {
          for (const u of uniforms) u.destroy(); // submitted work keeps their contents
        }
      });
    } catch (e) {
      for (const buf of staging) buf.destroy();
      throw e;
    }
    return link.read(staging);
  }
}

function asBinding(b: Binding): GPUBufferBinding {
  return 'buffer' in b ? b : { buffer: b };
}
