// The one place the webgpu backend talks to its device: buffers made (and filled), queue
// writes and submissions, reads back and waits. Each is counted here, so a proof's traffic
// (Backend.traffic) is what the backend really moved, whichever kernel moved it; and every buffer
// made here is counted until destroyed (Backend.held), so a proof that leaks one shows.
import type { DeviceTraffic, HeldMemory } from '../backend';
import { gpuChecked } from './errors';

export class DeviceLink {
  private readonly counts: DeviceTraffic = { uploadBytes: 0, readBytes: 0, submits: 0, waits: 0 };
  private readonly live: HeldMemory = { buffers: 0, bytes: 0 };

  constructor(readonly device: GPUDevice) {}

  /** The counts so far (a copy). */
  traffic(): DeviceTraffic {
    return { ...this.counts };
  }

  /** The buffers made here and not yet destroyed, and their bytes. */
  held(): HeldMemory {
    return { ...this.live };
  }

  /** A buffer from `descriptor`, counted as held until its destroy() (counted once, however
   * often it is called: WebGPU allows that). */
  private create(descriptor: GPUBufferDescriptor): GPUBuffer {
    const buf = this.device.createBuffer(descriptor);
    const { live } = this;
    const destroy = buf.destroy.bind(buf);
    let held = true;
    live.buffers++;
    live.bytes += descriptor.size;
    buf.destroy = () => {
      if (held) {
        held = false;
        live.buffers--;
        live.bytes -= descriptor.size;
      }
      destroy();
    };
    return buf;
  }

  /** A buffer of `size` bytes; with `contents`, created mapped and filled with them (an upload). */
  buffer(size: number, usage: GPUBufferUsageFlags, contents?: Uint32Array): GPUBuffer {
    const buf = this.create({ size, usage, mappedAtCreation: contents !== undefined });
    if (contents !== undefined) {
      new Uint32Array(buf.getMappedRange()).set(contents);
      buf.unmap();
      this.counts.uploadBytes += contents.byteLength;
    }
    return buf;
  }

  /** Writes `words` into `buf` at byte `offset`, in queue order (an upload). */
  write(buf: GPUBuffer, offset: number, words: Uint32Array<ArrayBuffer>): void {
    this.device.queue.writeBuffer(buf, offset, words);
    this.counts.uploadBytes += words.byteLength;
  }

  /** A buffer the host can map, for `bytes` copied back. */
  staging(bytes: number): GPUBuffer {
    return this.create({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  }

  /**
   * Submits `commands`; with staging buffers (filled by them), resolves with each one's words
   * once all are readable, one wait for them all, and destroys them.
   */
  async submit(commands: GPUCommandBuffer, staging: readonly GPUBuffer[] = []): Promise<Uint32Array[]> {
    this.device.queue.submit([commands]);
    this.counts.submits++;
    if (staging.length === 0) return [];
    this.counts.waits++;
    return Promise.all(
      staging.map(async (buf) => {
        await buf.mapAsync(GPUMapMode.READ);
        const words = new Uint32Array(buf.getMappedRange().slice(0));
        this.counts.readBytes += words.byteLength;
        buf.destroy();
        return words;
      }),
    );
  }

  /** Resolves once all work submitted so far has completed (a wait). */
  async idle(): Promise<void> {
    this.counts.waits++;
    await this.device.queue.onSubmittedWorkDone();
  }

  /** Runs `work` inside the device's error scopes (errors.ts, gpuChecked). */
  checked<T>(what: string, work: () => T | Promise<T>): Promise<T> {
    return gpuChecked(this.device, what, work);
  }
}
