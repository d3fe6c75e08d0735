// Which backends can run on this machine, and which one a command gets; every choice comes
// with its reason.
import { availableParallelism } from 'node:os';
import type { Backend, BackendName } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { asNativeModule, createNativeBackend, describeNative, type NativeModule } from '../../src/backend/native/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { createCpuPool } from './cpu-pool';
import { requestNodeGpu, type NodeGpu } from './dawn';
import { loadNative } from './native';

export type BackendChoice = 'auto' | BackendName;

export interface BackendReport {
  name: BackendName;
  usable: boolean;
  reason: string;
  /** A software adapter (lavapipe, SwiftShader): usable, ranked below the native module. */
  software?: boolean;
  details?: Record<string, unknown>;
}

const SOFTWARE_ADAPTER = /llvmpipe|lavapipe|swiftshader|software/i;

function describeGpu(gpu: NodeGpu): BackendReport {
  const info = gpu.adapterInfo;
  const label = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' / ');
  const software = SOFTWARE_ADAPTER.test(label) || gpu.isFallbackAdapter === true;
  return {
    name: 'webgpu',
    usable: true,
    software,
    reason: `Dawn adapter ${label || '(no adapter info)'}${software ? ' (software rasterizer)' : ''}`,
    details: { adapter: info, limits: gpu.limits },
  };
}

/** Worker threads of the cpu pool and the native module unless told otherwise: every core
 * this process may use. */
export const DEFAULT_THREADS = availableParallelism();

/** The TypeScript backend, with a worker pool when more than one thread is wanted. */
function openCpu(threads: number): Backend {
  return createCpuBackend(threads > 1 ? { pool: createCpuPool({ threads }) } : {});
}

type NativeProbe = { module: NativeModule; reason: string } | { module: null; reason: string };

/** The companion module if it loads and carries this adapter's functions, with the path its
 * dispatcher chose; otherwise why not. */
function probeNative(): NativeProbe {
  const loaded = loadNative();
  if (!loaded.ok) return { module: null, reason: loaded.reason };
  try {
    const module = asNativeModule(loaded.module);
    module.setThreads(DEFAULT_THREADS);
    return { module, reason: `${loaded.reason}; ${describeNative(module)}` };
  } catch (e) {
    return { module: null, reason: (e as Error).message };
  }
}

/** Probes every backend; opens (and closes) a GPU device to do so. */
export async function probeBackends(): Promise<BackendReport[]> {
  const reports: BackendReport[] = [{ name: 'cpu', usable: true, reason: 'TypeScript reference backend, always available' }];
  const native = probeNative();
  reports.push({ name: 'native', usable: native.module !== null, reason: native.reason });
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    reports.push({ name: 'webgpu', usable: false, reason: gpu.unavailable });
  } else {
    reports.push(describeGpu(gpu));
    gpu.device.destroy();
  }
  return reports;
}

export interface OpenOptions {
  /** Threads for the cpu and native backends (default: every core). */
  threads?: number;
}

export interface OpenedBackend {
  backend: Backend;
  /** Why this backend was chosen (or why the requested one was not available). */
  why: string;
}

/**
 * Opens the requested backend. 'auto' picks a hardware GPU, then the native module, then a
 * software GPU adapter (lavapipe and SwiftShader still beat the TypeScript kernels: they run
 * compiled SIMD code on every core), then TypeScript — and says why.
 */
export async function openBackend(choice: BackendChoice, needBytes = 0, options: OpenOptions = {}): Promise<OpenedBackend> {
  const threads = options.threads ?? DEFAULT_THREADS;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`threads must be a positive integer, got ${threads}`);
  if (choice === 'cpu') return { backend: openCpu(threads), why: 'requested --backend cpu' };
  const native = probeNative();
  if (choice === 'native') {
    if (native.module === null) throw new BackendUnavailableError(`native backend unavailable: ${native.reason}`);
    return { backend: createNativeBackend(native.module, { threads }), why: `requested --backend native (${native.reason})` };
  }
  const fallback = (gpuWhy: string): OpenedBackend =>
    native.module !== null
      ? { backend: createNativeBackend(native.module, { threads }), why: `${gpuWhy}; native module: ${native.reason}` }
      : { backend: openCpu(threads), why: `${gpuWhy}; no native module (${native.reason}); using the TypeScript backend` };
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    if (choice === 'webgpu') throw new BackendUnavailableError(`webgpu backend unavailable: ${gpu.unavailable}`);
    return fallback(`no WebGPU (${gpu.unavailable})`);
  }
  const report = describeGpu(gpu);
  // One buffer of the job must fit one binding; buffers are not split across bindings yet.
  const maxBytes = Math.min(gpu.limits.maxStorageBufferBindingSize, gpu.limits.maxBufferSize);
  if (needBytes > maxBytes) {
    gpu.device.destroy();
    const tooBig = `the job needs a ${mib(needBytes)} buffer and ${report.reason} binds at most ${mib(maxBytes)}`;
    if (choice === 'webgpu') throw new BackendUnavailableError(`webgpu backend unusable here: ${tooBig}`);
    return fallback(tooBig);
  }
  if (choice === 'webgpu') return { backend: createWebGpuBackend(gpu.device), why: `requested --backend webgpu (${report.reason})` };
  if (!report.software) return { backend: createWebGpuBackend(gpu.device), why: `hardware GPU: ${report.reason}` };
  if (native.module !== null) {
    gpu.device.destroy();
    return { backend: createNativeBackend(native.module, { threads }), why: `no hardware GPU (${report.reason}); native module: ${native.reason}` };
  }
  return {
    backend: createWebGpuBackend(gpu.device),
    why: `no hardware GPU and no native module (${native.reason}); ${report.reason} still outruns the TypeScript kernels`,
  };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export class BackendUnavailableError extends Error {
  override name = 'BackendUnavailableError';
}
