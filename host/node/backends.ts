// Which backends can run on this machine, and which one a command gets; every choice comes
// with its reason.
import { InputError } from '../../src/util/errors';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Backend, BackendName } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { asNativeModule, createNativeBackend, describeNative, type NativeModule } from '../../src/backend/native/index';
import { nativeFlockKernels } from '../../src/backend/native/flock';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { createCpuPool } from './cpu-pool';
import { requestNodeGpu, type NodeGpu } from './dawn';
import { loadNative } from './native';
import { checkOptions, checkValue } from '../../src/util/options';

export type BackendChoice = 'auto' | BackendName;
const BACKEND_CHOICES: readonly BackendChoice[] = ['auto', 'cpu', 'native', 'webgpu'];

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

/** V8's full collection, reached without --expose-gc on the command line (the flag set at run
 * time, gc taken from a fresh context); undefined where V8 refuses. The second collection
 * waits for the first one's sweep of array buffers, whose memory is then back. */
function v8Collect(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc !== 'function') return undefined;
    return () => {
      gc();
      gc();
    };
  } catch {
    return undefined;
  }
}

/** The TypeScript backend, with a worker pool when more than one thread is wanted, and V8's
 * collector to call as it lets go of large arrays. */
function openCpu(threads: number): Backend {
  return createCpuBackend({ collect: v8Collect(), ...(threads > 1 ? { pool: createCpuPool({ threads }) } : {}) });
}

/** The native backend, with V8's collector for its arrays past the module's largest map. */
function openNative(module: NativeModule, threads: number): Backend {
  return createNativeBackend(module, { threads, collect: v8Collect() });
}

type NativeProbe = { module: NativeModule; reason: string } | { module: null; reason: string };

/** The companion module if it loads and carries this adapter's functions, set to `threads`,
 * with the path its dispatcher chose; otherwise why not. */
function probeNative(threads = DEFAULT_THREADS): NativeProbe {
  const loaded = loadNative();
  if (!loaded.ok) return { module: null, reason: loaded.reason };
  try {
    const module = asNativeModule(loaded.module);
    module.setThreads(threads);
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
  /** Whether its buffers are the host's memory (cpu, native, a software GPU adapter), not a card's. */
  hostMemory: boolean;
}

/**
 * Opens the requested backend. 'auto' picks a hardware GPU, then the native module, then a
 * software GPU adapter (lavapipe and SwiftShader still beat the TypeScript kernels: they run
 * compiled SIMD code on every core), then TypeScript — and says why.
 */
export async function openBackend(choice: BackendChoice, options: OpenOptions = {}): Promise<OpenedBackend> {
  checkValue('openBackend', 'choice', choice, { oneOf: BACKEND_CHOICES });
  checkOptions('openBackend', options, { threads: { integer: [1, 2 ** 16] } });
  const threads = options.threads ?? DEFAULT_THREADS;
  if (choice === 'cpu') return { backend: openCpu(threads), why: 'requested --backend cpu', hostMemory: true };
  const native = probeNative(threads);
  if (choice === 'native') {
    if (native.module === null) throw new BackendUnavailableError(`native backend unavailable: ${native.reason}`);
    return { backend: openNative(native.module, threads), why: `requested --backend native (${native.reason})`, hostMemory: true };
  }
  const fallback = (gpuWhy: string): OpenedBackend =>
    native.module !== null
      ? { backend: openNative(native.module, threads), why: `${gpuWhy}; native module: ${native.reason}`, hostMemory: true }
      : { backend: openCpu(threads), why: `${gpuWhy}; no native module (${native.reason}); using the TypeScript backend`, hostMemory: true };
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    if (choice === 'webgpu') throw new BackendUnavailableError(`webgpu backend unavailable: ${gpu.unavailable}`);
    return fallback(`no WebGPU (${gpu.unavailable})`);
  }
  const report = describeGpu(gpu);
  // Operands longer than a binding are bound in windows, and longer than a buffer kept in parts
  // (src/backend/webgpu/window.ts, store.ts): no job is refused for the device's limits.
  // The host's part of a proof in the native module where it loads: the VM interpreter's plain
  // steps (src/vm/plain-steps.ts) and lincheck's weights (FlockPasses.comb).
  const hostWork = native.module === null ? {} : { steps: native.module.vmStepper, comb: nativeFlockKernels(native.module).comb };
  const limits = { maxBindingBytes: byteOverride('LEANVM_WEBGPU_MAX_BINDING'), maxBufferBytes: byteOverride('LEANVM_WEBGPU_MAX_BUFFER'), ...hostWork };
  const hostMemory = report.software === true;
  const stepsNote = native.module === null ? '' : '; VM execution steps and lincheck weights in the native module';
  if (choice === 'webgpu') return { backend: createWebGpuBackend(gpu.device, limits), why: `requested --backend webgpu (${report.reason})${stepsNote}`, hostMemory };
  if (!report.software) return { backend: createWebGpuBackend(gpu.device, limits), why: `hardware GPU: ${report.reason}${stepsNote}`, hostMemory };
  if (native.module !== null) {
    gpu.device.destroy();
    return { backend: openNative(native.module, threads), why: `no hardware GPU (${report.reason}); native module: ${native.reason}`, hostMemory: true };
  }
  return {
    backend: createWebGpuBackend(gpu.device, limits),
    why: `no hardware GPU and no native module (${native.reason}); ${report.reason} still outruns the TypeScript kernels`,
    hostMemory: true,
  };
}

/** LEANVM_WEBGPU_MAX_BINDING (bytes a storage binding spans at most) or LEANVM_WEBGPU_MAX_BUFFER
 * (bytes a buffer holds at most), below the device's limits, so a test or a rehearsal on a small
 * adapter splits operands as a large GPU's jobs do. */
function byteOverride(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const bytes = Number(v);
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new RangeError(`${name} must be a byte count, got ${v}`);
  return bytes;
}

export class BackendUnavailableError extends InputError {
  override name = 'BackendUnavailableError';
}
