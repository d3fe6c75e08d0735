import { AllocationError } from '../../util/allocation';
import { BackendUsageError, WORDS, type DeviceBuffer, type Elem } from '../backend';
import { WebGpuError } from './errors';
import type { DeviceLink } from './link';
import type { Store } from './store';

/** A storage buffer of the WebGPU backend; `gpu` (one buffer, or parts: store.ts) is null once
 * freed. A view (VmKernels.view) is values at, at + stride, … of another buffer's storage,
 * which it does not own. */
export class WebGpuBuffer implements DeviceBuffer {
  constructor(
    readonly elem: Elem,
    readonly length: number,
    readonly device: GPUDevice,
    public gpu: Store | null,
    readonly at = 0,
    readonly view = false,
    readonly stride = 1,
  ) {}

  get bytes(): number {
    return this.length * WORDS[this.elem] * 4;
  }
}

/**
 * Bytes of a buffer of `length` elements (kept in parts where one buffer could not hold it:
 * store.ts; the device refuses what its memory cannot).
 */
export function bufferBytes(elem: Elem, length: number): number {
  const bytes = length * WORDS[elem] * 4;
  if (!Number.isSafeInteger(length) || length < 0 || !Number.isSafeInteger(bytes)) {
    throw new BackendUsageError(`buffer length must be a non-negative integer, got ${length}`);
  }
  return bytes;
}

/** Storage `make` creates through the link, a refusal (out of memory, or a size the device
 * does not take: an error scope's error, or the RangeError of a buffer mapped at creation) as
 * an AllocationError naming `what`. The storage is never used, so a refused one cannot make a
 * wrong proof. */
export async function allocateBuffer<S extends Store>(link: DeviceLink, what: string, bytes: number, make: () => S): Promise<S> {
  let made: S | undefined;
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
export function gpuStrided(device: GPUDevice, buf: DeviceBuffer): { gpu: Store; at: number; stride: number } {
  if (!(buf instanceof WebGpuBuffer) || buf.device !== device) {
    throw new BackendUsageError('buffer does not belong to this webgpu backend');
  }
  if (buf.gpu === null) throw new BackendUsageError('buffer used after free');
  return { gpu: buf.gpu, at: buf.at, stride: buf.stride };
}

/** gpuStrided of a buffer whose values are consecutive (a buffer, or a view of stride 1). */
export function gpuRange(device: GPUDevice, buf: DeviceBuffer): { gpu: Store; at: number } {
  const { gpu, at, stride } = gpuStrided(device, buf);
  if (stride !== 1) throw new BackendUsageError(`a view of stride ${stride} is read by the VM form kernels only`);
  return { gpu, at };
}

/** The live storage behind `buf`, which a kernel reads from its start. */
export function gpuBuffer(device: GPUDevice, buf: DeviceBuffer): Store {
  const { gpu, at } = gpuRange(device, buf);
  if (at !== 0) throw new BackendUsageError(`a view from value ${at} is read by the VM kernels and download only`);
  return gpu;
}

/** Scratch storage of `bytes` (or holding `words`): one buffer, or parts when longer. */
export async function scratchBuffer(link: DeviceLink, what: string, contents: number | Uint32Array): Promise<Store> {
  const bytes = typeof contents === 'number' ? contents : contents.byteLength;
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const size = Math.max(4, bytes);
  return allocateBuffer(link, what, size, () => link.store(size, usage, typeof contents === 'number' ? undefined : contents));
}
