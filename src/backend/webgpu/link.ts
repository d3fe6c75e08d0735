// The one place the webgpu backend talks to its device: buffers made (and filled), queue
// writes and submissions, reads back and waits. Each is counted here, so a proof's traffic
// (Backend.traffic) is what the backend really moved, whichever kernel moved it; and every buffer
// made here is counted until destroyed (Backend.held), so a proof that leaks one shows.
// A link with a signal (withSignal: one proof's) refuses to submit once it is aborted and gives
// up a wait when it is: the proof stops within the submission it is waiting for, not after it.
import { AbortError, throwIfAborted } from '../abort';
import type { DeviceTraffic, HeldMemory } from '../backend';
import { gpuChecked } from './errors';
import { PartedBuffer, pieces, type Store } from './store';

export class DeviceLink {
  constructor(
    readonly device: GPUDevice,
    /** Bytes one buffer holds at most here: a power of two; longer operands are parted (store.ts). */
    readonly partBytes: number,
    private readonly signal?: AbortSignal,
    private readonly counts: DeviceTraffic = { uploadBytes: 0, readBytes: 0, submits: 0, waits: 0 },
    private readonly live: HeldMemory = { buffers: 0, bytes: 0 },
  ) {}

  /** This link, counting into the same meters, with `signal` stopping its submissions and waits. */
  withSignal(signal: AbortSignal): DeviceLink {
    return new DeviceLink(this.device, this.partBytes, signal, this.counts, this.live);
  }

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

  /**
   * Storage of `size` bytes (filled with `contents` when given): one buffer, or parts of
   * partBytes when longer. Parts made before one is refused (a RangeError of a buffer mapped at
   * creation) are destroyed.
   */
  store(size: number, usage: GPUBufferUsageFlags, contents?: Uint32Array): Store {
    if (size <= this.partBytes) return this.buffer(size, usage, contents);
    const parts: GPUBuffer[] = [];
    try {
      for (let at = 0; at < size; at += this.partBytes) {
        const bytes = Math.min(this.partBytes, size - at);
        parts.push(this.buffer(bytes, usage, contents?.subarray(at / 4, (at + bytes) / 4)));
      }
    } catch (e) {
      for (const part of parts) part.destroy();
      throw e;
    }
    return new PartedBuffer(parts, this.partBytes, size);
  }

  /** Writes `words` into `store` at byte `offset`, in queue order (an upload). */
  write(store: Store, offset: number, words: Uint32Array<ArrayBuffer>): void {
    for (const p of pieces(store, offset, words.byteLength)) {
      this.device.queue.writeBuffer(p.buffer, p.offset, words, p.from / 4, p.bytes / 4);
    }
    this.counts.uploadBytes += words.byteLength;
  }

  /** A buffer the host can map, for `bytes` copied back. */
  staging(bytes: number): GPUBuffer {
    return this.create({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  }

  /** Submits `commands` (AbortError instead once the signal is aborted). */
  submit(commands: GPUCommandBuffer): void {
    throwIfAborted(this.signal);
    this.device.queue.submit([commands]);
    this.counts.submits++;
  }

  /**
   * Each staging buffer's words once all are readable (filled by work submitted before), one
   * wait for them all; the buffers are destroyed either way. An abort meanwhile rejects at once
   * with AbortError (destroying a buffer cancels its pending map; the submitted work runs on).
   */
  async read(staging: readonly GPUBuffer[]): Promise<Uint32Array[]> {
    if (staging.length === 0) return [];
    this.counts.waits++;
    const mapped = Promise.all(staging.map((buf) => buf.mapAsync(GPUMapMode.READ)));
    try {
      await this.unlessAborted(mapped);
      return staging.map((buf) => {
        const words = new Uint32Array(buf.getMappedRange().slice(0));
        this.counts.readBytes += words.byteLength;
        return words;
      });
    } finally {
      for (const buf of staging) buf.destroy();
      mapped.catch(() => {}); // rejected by the destroys above when given up
    }
  }

  /** Resolves once all work submitted so far has completed (a wait; given up on an abort). */
  async idle(): Promise<void> {
    this.counts.waits++;
    await this.unlessAborted(this.device.queue.onSubmittedWorkDone());
  }

  /** `wait`, or AbortError as soon as the signal is aborted (at once if it is already). */
  unlessAborted<T>(wait: Promise<T>): Promise<T> {
    const { signal } = this;
    if (signal === undefined) return wait;
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(new AbortError(undefined, { cause: signal.reason }));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      wait.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  /** Runs `work` inside the device's error scopes (errors.ts, gpuChecked). */
  checked<T>(what: string, work: () => T | Promise<T>): Promise<T> {
    return gpuChecked(this.device, what, work);
  }
}
