// The WebGPU backend: storage buffers on one GPUDevice and compute pipelines built from the
// table in kernels.ts. Platform neutral: the host (host/node/dawn.ts, or a browser page) hands
// it the device.
import { BackendUsageError, WORDS, sameShape, type Backend, type DeviceBuffer, type Elem } from '../backend';
import { createCpuBackend } from '../cpu/index';
import { completeBackend } from '../portable';
import { WebGpuBuffer, allocateBuffer, bufferBytes, gpuBuffer, gpuRange, gpuStrided } from './buffer';
import { createCommitKernels } from './commit';
import type { KernelName } from './kernels';
import { DeviceLink } from './link';
import { defaultGroupLayers, NttKernels } from './ntt';
import { createOpeningKernels } from './opening';
import { Pipelines, Recording } from './recording';
import type { KernelContext } from './context';
import { createFlockPasses } from './flock';
import { createGrindKernels } from './grind';
import { createVmKernels } from './vm';
import { deviceWindows, dispatchElementwise, type Windows } from './window';
import { createZerocheckKernels } from './zerocheck';

import { checkOptions } from '../../util/options';
import type { PlainSteps } from '../../kernels/vm/steps';
import type { FlockPasses } from '../flock-passes';

export { WebGpuError } from './errors';

export interface WebGpuBackendOptions {
  /** Caps workgroups per dispatch dimension below the device's limit (tests reach the 2-D grid). */
  maxWorkgroupsPerDimension?: number;
  /** Layers per NTT pass at most, 1 to 4 (radix-2 to radix-16 register groups); by default
   * 2 on CPU-backed adapters and 4 on GPUs (see defaultGroupLayers). */
  nttGroupLayers?: number;
  /** Tables of fewer elements than this finish a WHIR opening (or the zerocheck's rounds)
   * on the host (default 2^12: below it a round is mostly submit and read-back latency); 0
   * keeps them here. */
  hostBelow?: number;
  /** Bytes a storage binding spans at most, below the device's own limit: kernels split their
   * operands into windows of this size (window.ts), as they do on a device whose limit it is. */
  maxBindingBytes?: number;
  /** Bytes one buffer holds at most, below the device's maxBufferSize: longer operands are kept
   * in parts of this size (store.ts), as they are on a device whose limit it is. */
  maxBufferBytes?: number;
  /** Where the VM interpreter's plain steps run (VmKernels.steps): the native module's stepper
   * where the host has one; by default the interpreter's own. */
  steps?: PlainSteps;
  /** Lincheck's weights on the host (FlockPasses.comb): the native module's where the host has
   * one; by default the TypeScript walk. */
  comb?: FlockPasses['comb'];
}

const HOST_BELOW = 2 ** 12;

export function createWebGpuBackend(device: GPUDevice, options: WebGpuBackendOptions = {}): Backend {
  checkOptions('createWebGpuBackend', options, { maxWorkgroupsPerDimension: { integer: [1, 2 ** 32] }, nttGroupLayers: { integer: [1, 4] }, hostBelow: { integer: [0, 2 ** 53] }, maxBindingBytes: { integer: [1, 2 ** 53] }, maxBufferBytes: { integer: [1, 2 ** 53] }, steps: 'function', comb: 'function' });
  const windows = deviceWindows(device, options.maxBindingBytes, options.maxBufferBytes);
  // checkOptions has refused group layers outside 1..4 and a negative hostBelow.
  return backendOn({
    device,
    maxPerDimension: Math.min(device.limits.maxComputeWorkgroupsPerDimension, options.maxWorkgroupsPerDimension ?? Infinity),
    windows,
    groupLayers: options.nttGroupLayers ?? defaultGroupLayers(device),
    pipelines: new Pipelines(device),
    // The small tables' rounds finish on the reference backend, on this thread.
    host: { below: options.hostBelow ?? HOST_BELOW, backend: createCpuBackend() },
    made: new Map(),
    steps: options.steps,
    comb: options.comb,
    disposed: false,
  }, new DeviceLink(device, windows.partBytes));
}

/** What the backend and its views with a signal (withSignal) share: the device, its settings,
 * its pipelines and what is made on it once (KernelContext.once). */
interface Shared {
  readonly device: GPUDevice;
  readonly maxPerDimension: number;
  readonly windows: Windows;
  readonly groupLayers: number;
  readonly pipelines: Pipelines;
  readonly host: Backend['host'];
  readonly made: Map<string, Promise<unknown>>;
  readonly steps: PlainSteps | undefined;
  readonly comb: FlockPasses['comb'] | undefined;
  disposed: boolean;
}

/** The backend's methods over `link`: its own, or a proof's with that proof's signal. */
function backendOn(shared: Shared, link: DeviceLink): Backend {
  const { device, maxPerDimension, windows, pipelines } = shared;
  const storageUsage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;

  function live(): void {
    if (shared.disposed) throw new BackendUsageError('webgpu backend used after dispose');
  }

  /** Work for one submission, under the label `what` (its errors name it). */
  function record(what: string): Recording {
    return new Recording(link, pipelines, maxPerDimension, windows, what);
  }

  function once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let made = shared.made.get(key) as Promise<T> | undefined;
    if (made === undefined) {
      made = make();
      shared.made.set(key, made);
      // Not made (refused, aborted): the next use tries again.
      made.catch(() => shared.made.get(key) === made && shared.made.delete(key));
    }
    return made;
  }

  // out = a · b elementwise; out may not alias an input (a writable binding excludes others).
  async function elementwise(name: KernelName, elem: Elem, a: DeviceBuffer, b: DeviceBuffer, out: DeviceBuffer) {
    live();
    const n = sameShape(elem, a, b, out);
    const [ga, gb, gout] = [a, b, out].map((buf) => gpuBuffer(device, buf));
    if (gout === ga || gout === gb) throw new BackendUsageError(`${name}: out must not be an input buffer`);
    const unit = 4 * WORDS[elem];
    const rec = record(name);
    dispatchElementwise(windows, rec, name, n, [ga, gb, gout].map((windowed) => ({ windowed, unit })), (run) => [run]);
    await rec.submit();
  }

  async function create(elem: Elem, length: number, words?: Uint32Array): Promise<DeviceBuffer> {
    live();
    const size = bufferBytes(elem, length);
    const gpu = await allocateBuffer(link, `a buffer of ${length} ${elem} elements`, size, () => link.store(size, storageUsage, words));
    return new WebGpuBuffer(elem, length, device, gpu);
  }

  async function upload(elem: Elem, words: Uint32Array): Promise<DeviceBuffer> {
    if (words.length % WORDS[elem] !== 0) {
      throw new BackendUsageError(`${words.length} words is not a whole number of ${elem} elements`);
    }
    return create(elem, words.length / WORDS[elem], words);
  }

  const ntt = new NttKernels(link, record, once, shared.groupLayers, windows);
  const ctx: KernelContext = { device, link, live, record, create, upload, once, maxPerDimension, windows };
  const commit = createCommitKernels({ ...ctx, ntt });
  const opening = createOpeningKernels({ ...ctx, ntt, host: shared.host });
  const zerocheck = createZerocheckKernels(ctx);
  const grind = createGrindKernels(ctx);
  const flock = { ...createFlockPasses(ctx), comb: shared.comb };
  const vm = createVmKernels(ctx, shared.steps);

  return completeBackend({
    name: 'webgpu',
    upload,
    async alloc(elem, length) {
      return create(elem, length);
    },
    async download(buf) {
      live();
      const { gpu: src, at } = gpuRange(device, buf);
      const size = (buf as WebGpuBuffer).bytes;
      if (size === 0) return new Uint32Array(0);
      const rec = record('download');
      rec.read(src, 4 * WORDS[buf.elem] * at, size);
      const [words] = await rec.submit();
      return words as Uint32Array;
    },
    mulK(a, b, out) {
      return elementwise('mulK', 'K', a, b, out);
    },
    mulE(a, b, out) {
      return elementwise('mulE', 'E', a, b, out);
    },
    ...commit,
    ...opening,
    ...zerocheck,
    ...grind,
    flock,
    vm,
    stackWeight: 'table',
    traffic: () => link.traffic(),
    held: () => link.held(),
    withSignal: (signal) => backendOn(shared, link.withSignal(signal)),
    async finish() {
      live();
      await link.idle();
    },
    free(buf) {
      const { gpu } = gpuStrided(device, buf);
      if (!(buf as WebGpuBuffer).view) gpu.destroy();
      (buf as WebGpuBuffer).gpu = null;
    },
    async dispose() {
      shared.disposed = true;
      device.destroy();
    },
  });
}
