import { AllocationError } from '../../util/allocation';
import { BackendUsageError, WORDS, type DeviceBuffer, type Elem } from '../backend';
import { WebGpuError } from './errors';
import type { DeviceLink } from './link';

/** A storage buffer of the WebGPU backend; `gpu` is null once freed. A view (VmKernels.view)
 * is values at, at + stride, … of another buffer's storage, which it does not own. */
export class WebGpuBuffer implements DeviceBuffer {
  constructor(
    readonly elem: Elem,
    readonly length: number,
    readonly device: GPUDevice,
    public gpu: GPUBuffer | null,
    readonly at = 0,
    readonly view = false,
    readonly stride = 1,
  ) {}

  get bytes(): number {
    return this.length * WORDS[this.elem] * 4;
  }
}

/** AllocationError for `bytes` of `what` when one buffer could not hold them (kernels bind
 * windows of a buffer longer than a binding: window.ts). */
function checkBuffer(device: GPUDevice, what: string, bytes: number): void {
  const limit = device.limits.maxBufferSize;
  if (bytes > limit) throw new AllocationError('gpu', what, bytes, `over this device's ${limit}-byte buffer limit`);
}

/**
 * Bytes of a buffer of `length` elements, refused (AllocationError) when one buffer could not
 * hold it.
 */
export function bufferBytes(device: GPUDevice, elem: Elem, length: number): number {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new BackendUsageError(`buffer length must be a non-negative integer, got ${length}`);
  }
  const bytes = length * WORDS[elem] * 4;
  checkBuffer(device, `a buffer of ${length} ${elem} elements`, bytes);
  return bytes;
}

/** A buffer `make` creates through the link, a refusal (out of memory, or a size the device
 * does not take: an error scope's error, or the RangeError of a buffer mapped at creation) as
 * an AllocationError naming `what`. The buffer is never used, so a refused one cannot make a
 * wrong proof. */
export async function allocateBuffer(link: DeviceLink, what: string, bytes: number, make: () => GPUBuffer): Promise<GPUBuffer> {
  let made: GPUBuffer | undefined;
  try {
    return await link.checked(`allocating ${what}`, () => (made = make()));
  } catch (e) {
    // The refused buffer is an invalid object, destroyed so the link stops counting it as held.
    made?.destroy();
    if (e instanceof WebGpuError || e instanceof RangeError) throw new AllocationError('gpu', what, bytes, e.message);
    throw e;
  }
}

/** The live GPU buffer, first value and stride behind `buf`, checking that it belongs to
 * `device` and is not freed. */
export function gpuStrided(device: GPUDevice, buf: DeviceBuffer): { gpu: GPUBuffer; at: number; stride: number } {
  if (!(buf instanceof WebGpuBuffer) || buf.device !== device) {
    throw new BackendUsageError('buffer does not belong to this webgpu backend');
  }
  if (buf.gpu === null) throw new BackendUsageError('buffer used after free');
  return { gpu: buf.gpu, at: buf.at, stride: buf.stride };
}

/** gpuStrided of a buffer whose values are consecutive (a buffer, or a view of stride 1). */
export function gpuRange(device: GPUDevice, buf: DeviceBuffer): { gpu: GPUBuffer; at: number } {
  const { gpu, at, stride } = gpuStrided(device, buf);
  if (stride !== 1) throw new BackendUsageError(`a view of stride ${stride} is read by the VM form kernels only`);
  return { gpu, at };
}

/** The live GPU buffer behind `buf`, which a kernel reads from its start. */
export function gpuBuffer(device: GPUDevice, buf: DeviceBuffer): GPUBuffer {
  const { gpu, at } = gpuRange(device, buf);
  if (at !== 0) throw new BackendUsageError(`a view from value ${at} is read by the VM kernels and download only`);
  return gpu;
}

/** A scratch storage buffer of `bytes` (or holding `words`), within one buffer's limit. */
export async function scratchBuffer(link: DeviceLink, what: string, contents: number | Uint32Array): Promise<GPUBuffer> {
  const { device } = link;
  const bytes = typeof contents === 'number' ? contents : contents.byteLength;
  checkBuffer(device, what, bytes);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const size = Math.max(4, bytes);
  return allocateBuffer(link, what, size, () => link.buffer(size, usage, typeof contents === 'number' ? undefined : contents));
}
