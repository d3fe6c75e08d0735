import { AllocationError } from '../allocation';
import { BackendUsageError, WORDS, type DeviceBuffer, type Elem } from '../backend';
import { WebGpuError } from './errors';
import type { DeviceLink } from './link';

/** A storage buffer of the WebGPU backend; `gpu` is null once freed. */
export class WebGpuBuffer implements DeviceBuffer {
  constructor(
    readonly elem: Elem,
    readonly length: number,
    readonly device: GPUDevice,
    public gpu: GPUBuffer | null,
  ) {}

  get bytes(): number {
    return this.length * WORDS[this.elem] * 4;
  }
}

/** The most bytes one storage buffer may hold on `device` (a kernel binds whole buffers). */
export function bindingLimit(device: GPUDevice): number {
  return Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
}

/** AllocationError for `bytes` of `what` when one binding could not hold them (splitting
 * larger buffers into chunks is not implemented yet). */
function checkBinding(device: GPUDevice, what: string, bytes: number): void {
  const limit = bindingLimit(device);
  if (bytes > limit) throw new AllocationError('gpu', what, bytes, `over this device's ${limit}-byte storage binding limit`);
}

/**
 * Bytes of a buffer of `length` elements, refused (AllocationError) when one binding could
 * not hold it.
 */
export function bufferBytes(device: GPUDevice, elem: Elem, length: number): number {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new BackendUsageError(`buffer length must be a non-negative integer, got ${length}`);
  }
  const bytes = length * WORDS[elem] * 4;
  checkBinding(device, `a buffer of ${length} ${elem} elements`, bytes);
  return bytes;
}

/** A buffer `make` creates through the link, a refusal (out of memory, or a size the device
 * does not take: an error scope's error, or the RangeError of a buffer mapped at creation) as
 * an AllocationError naming `what`. The buffer is never used, so a refused one cannot make a
 * wrong proof. */
export async function allocateBuffer(link: DeviceLink, what: string, bytes: number, make: () => GPUBuffer): Promise<GPUBuffer> {
  try {
    return await link.checked(`allocating ${what}`, make);
  } catch (e) {
    if (e instanceof WebGpuError || e instanceof RangeError) throw new AllocationError('gpu', what, bytes, e.message);
    throw e;
  }
}

/** The live GPU buffer behind `buf`, checking that it belongs to `device` and is not freed. */
export function gpuBuffer(device: GPUDevice, buf: DeviceBuffer): GPUBuffer {
  if (!(buf instanceof WebGpuBuffer) || buf.device !== device) {
    throw new BackendUsageError('buffer does not belong to this webgpu backend');
  }
  if (buf.gpu === null) throw new BackendUsageError('buffer used after free');
  return buf.gpu;
}

/** A scratch storage buffer of `bytes` (or holding `words`), within one binding's limit. */
export async function scratchBuffer(link: DeviceLink, what: string, contents: number | Uint32Array): Promise<GPUBuffer> {
  const { device } = link;
  const bytes = typeof contents === 'number' ? contents : contents.byteLength;
  checkBinding(device, what, bytes);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const size = Math.max(4, bytes);
  return allocateBuffer(link, what, size, () => link.buffer(size, usage, typeof contents === 'number' ? undefined : contents));
}
