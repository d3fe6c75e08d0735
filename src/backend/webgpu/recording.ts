// Work for one queue submission: kernel dispatches (in one compute pass, so a multi-pass
// kernel such as the NTT costs one submit and one error-scope round trip, not one per
// layer), copies between buffers and reads of buffer ranges back to the host, in the order
// recorded.
import { AllocationError } from '../../util/allocation';
import { joined } from '../../util/joined';
import { dispatchGrid } from './grid';
import { KERNELS, type KernelName } from './kernels';
import type { DeviceLink } from './link';
import { BackendUsageError } from '../backend';
import { copyPieces, pieces, type Store } from './store';
import type { StoreWindow, Windows } from './window';

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

/** A storage binding: a whole operand (one buffer), or a window of one (window.ts). */
export type Binding = Store | StoreWindow;

type Step =
  | { kind: 'dispatch'; name: KernelName; count: number; buffers: Binding[]; params: Uint32Array }
  | { kind: 'copy'; src: Store; offset: number; dst: Store; dstOffset: number; bytes: number }
  | { kind: 'read'; src: Store; offset: number; bytes: number };

/** A binding as the device takes it: a range of one buffer, or (`across`) a window across a
 * part's end, bound through a scratch copy. */
type Resolved = { readonly binding: GPUBufferBinding } | { readonly across: StoreWindow; readonly writable: boolean };

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
    const over = buffers.find((b) => b.size > this.windows.bytes);
    if (over !== undefined) {
      throw new AllocationError('gpu', `a binding of ${name}`, over.size, `over the ${this.windows.bytes}-byte storage binding limit`);
    }
    if (count > 0) this.steps.push({ kind: 'dispatch', name, count, buffers, params: Uint32Array.from(params) });
    return this;
  }

  /** Copies `bytes` of `src` from `offset` to `dst` at `dstOffset` (multiples of 4). */
  copy(src: Store, offset: number, dst: Store, dstOffset: number, bytes: number): this {
    if (bytes > 0) this.steps.push({ kind: 'copy', src, offset, dst, dstOffset, bytes });
    return this;
  }

  /** Reads `bytes` of `src` from `offset` after the work recorded so far; returns the index
   * of its words in submit()'s result. */
  read(src: Store, offset: number, bytes: number): number {
    this.steps.push({ kind: 'read', src, offset, bytes });
    return this.reads++;
  }

  /** The bindings of a dispatch of `name` as the device takes them. A window across a part's
   * end is bound through a copy, so it may share no bytes with another binding of the dispatch
   * where either is written (the copy would hide one's writes from the other). */
  private resolve(name: KernelName, buffers: readonly Binding[]): Resolved[] {
    const types = KERNELS[name].bindings.filter(({ type }) => type !== 'uniform');
    const ranges = buffers.map((b) => ('offset' in b ? b : { buffer: b, offset: 0, size: b.size }));
    return ranges.map((r, k) => {
      const [first, ...rest] = pieces(r.buffer, r.offset, r.size);
      if (first === undefined) throw new BackendUsageError(`${name} binds an empty window`);
      if (rest.length === 0) return { binding: { buffer: first.buffer, offset: first.offset, size: r.size } };
      const clash = ranges.some((o, j) => j !== k && o.buffer === r.buffer && o.offset < r.offset + r.size && r.offset < o.offset + o.size && (types[j]?.type === 'storage' || types[k]?.type === 'storage'));
      if (clash) throw new BackendUsageError(`${name} binds a window across a buffer's end that shares bytes with a binding written`);
      return { across: r, writable: types[k]?.type === 'storage' };
    });
  }

  /** Submits everything and resolves with the words of each read, in order. The error scopes
   * span the encoding and the submission; the wait for the reads comes after them (link.read:
   * an abort gives it up). */
  async submit(): Promise<Uint32Array[]> {
    const { link } = this;
    const { device } = link;
    const staging: GPUBuffer[] = [];
    const readParts: number[] = []; // staging buffers a read
    try {
      await link.checked(this.label, async () => {
        // A first use compiles its pipelines (seconds on a software device): not waited for
        // once aborted (they compile on, kept for the next proof).
        const pipelines = await link.unlessAborted(Promise.all(
          this.steps.map((s) => (s.kind === 'dispatch' ? this.pipelines.get(s.name) : null)),
        ));
        const encoder = device.createCommandEncoder({ label: this.label });
        const made: GPUBuffer[] = []; // uniforms and scratch buffers
        const scratches = new ScratchPool(link, made);
        try {
          let pass: GPUComputePassEncoder | null = null;
          for (const [i, step] of this.steps.entries()) {
            if (step.kind !== 'dispatch') {
              pass?.end();
              pass = null;
            }
            if (step.kind === 'copy') {
              copy(encoder, step.src, step.offset, step.dst, step.dstOffset, step.bytes);
              continue;
            }
            if (step.kind === 'read') {
              // One staging buffer a piece: a read may be longer than one buffer holds.
              const parts = pieces(step.src, step.offset, step.bytes).map((p) => {
                const dst = link.staging(p.bytes);
                staging.push(dst);
                encoder.copyBufferToBuffer(p.buffer, p.offset, dst, 0, p.bytes);
                return dst;
              });
              readParts.push(parts.length);
              continue;
            }
            const pipeline = pipelines[i] as GPUComputePipeline;
            const { bindings } = KERNELS[step.name];
            const params = bindings.some(({ type }) => type === 'uniform')
              ? link.buffer(Math.max(16, Math.ceil(step.params.length / 4) * 16), GPUBufferUsage.UNIFORM, step.params)
              : null;
            if (params !== null) made.push(params);
            const copies: { across: StoreWindow; writable: boolean; scratch: GPUBuffer }[] = [];
            const bound = this.resolve(step.name, step.buffers).map((r): GPUBufferBinding => {
              if ('binding' in r) return r.binding;
              const scratch = scratches.take(r.across.size);
              copies.push({ ...r, scratch });
              return { buffer: scratch };
            });
            if (copies.length > 0) {
              pass?.end();
              pass = null;
              for (const { across, scratch } of copies) copy(encoder, across.buffer, across.offset, scratch, 0, across.size);
            }
            let storage = 0;
            const entries = bindings.map(({ type }, binding) => ({
              binding,
              resource: type === 'uniform' ? { buffer: params as GPUBuffer } : (bound[storage++] as GPUBufferBinding),
            }));
            pass ??= encoder.beginComputePass({ label: this.label });
            pass.setPipeline(pipeline);
            pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries }));
            pass.dispatchWorkgroups(...dispatchGrid(step.count, this.maxPerDimension));
            if (copies.some((c) => c.writable)) {
              pass.end();
              pass = null;
              for (const { across, scratch, writable } of copies) if (writable) copy(encoder, scratch, 0, across.buffer, across.offset, across.size);
            }
            for (const c of copies) scratches.give(c.scratch);
          }
          pass?.end();
          link.submit(encoder.finish());
        } finally {
          for (const buf of made) buf.destroy(); // submitted work keeps their contents
        }
      });
    } catch (e) {
      for (const buf of staging) buf.destroy();
      throw e;
    }
    const words = await link.read(staging);
    let next = 0;
    return readParts.map((n) => (n === 1 ? (words[next++] as Uint32Array) : joined(words.slice(next, (next += n)), (length) => new Uint32Array(length))));
  }
}

/** Encodes the copies of `bytes` of `src` from `offset` to `dst` at `dstOffset`, cut at parts' ends. */
function copy(encoder: GPUCommandEncoder, src: Store, offset: number, dst: Store, dstOffset: number, bytes: number): void {
  for (const c of copyPieces(src, offset, dst, dstOffset, bytes)) encoder.copyBufferToBuffer(c.src.buffer, c.src.offset, c.dst.buffer, c.dst.offset, c.src.bytes);
}

/** Scratch buffers for the windows across a part's end, each reused by later dispatches of the
 * recording once its own is encoded (the queue orders a dispatch after the copies before it). */
class ScratchPool {
  private readonly free = new Map<number, GPUBuffer[]>();

  constructor(
    private readonly link: DeviceLink,
    private readonly made: GPUBuffer[],
  ) {}

  take(bytes: number): GPUBuffer {
    const spare = this.free.get(bytes)?.pop();
    if (spare !== undefined) return spare;
    const buf = this.link.buffer(bytes, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
    this.made.push(buf);
    return buf;
  }

  give(buf: GPUBuffer): void {
    const list = this.free.get(buf.size) ?? [];
    list.push(buf);
    this.free.set(buf.size, list);
  }
}
