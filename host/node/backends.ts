// Which backends can run on this machine, and which one a command gets; every choice comes
// with its reason.
import type { Backend, BackendName } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
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

/** Probes every backend; opens (and closes) a GPU device to do so. */
export async function probeBackends(): Promise<BackendReport[]> {
  const reports: BackendReport[] = [{ name: 'cpu', usable: true, reason: 'TypeScript reference backend, always available' }];
  const native = loadNative();
  reports.push({ name: 'native', usable: native.ok, reason: native.reason });
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    reports.push({ name: 'webgpu', usable: false, reason: gpu.unavailable });
  } else {
    reports.push(describeGpu(gpu));
    gpu.device.destroy();
  }
  return reports;
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
export async function openBackend(choice: BackendChoice): Promise<OpenedBackend> {
  if (choice === 'cpu') return { backend: createCpuBackend(), why: 'requested --backend cpu' };
  // The native module carries no kernels yet (issue 6), so it can only be reported.
  const native = loadNative();
  if (choice === 'native') throw new BackendUnavailableError(`native backend unavailable: ${native.reason}`);
  const gpu = await requestNodeGpu();
  if ('unavailable' in gpu) {
    if (choice === 'webgpu') throw new BackendUnavailableError(`webgpu backend unavailable: ${gpu.unavailable}`);
    return { backend: createCpuBackend(), why: `no WebGPU (${gpu.unavailable}); no native module (${native.reason}); using the TypeScript backend` };
  }
  const report = describeGpu(gpu);
  const why =
    choice === 'webgpu'
      ? 'requested --backend webgpu'
      : report.software
        ? `no hardware GPU and no native module (${native.reason}); ${report.reason} still outruns the TypeScript kernels`
        : `hardware GPU: ${report.reason}`;
  return { backend: createWebGpuBackend(gpu.device), why };
}

export class BackendUnavailableError extends Error {
  override name = 'BackendUnavailableError';
}
