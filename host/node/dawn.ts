// A GPUDevice in Node from Dawn (the `webgpu` package). Never throws: when Dawn or an adapter
// is missing the caller gets the reason, so the prover can say why it fell back to the CPU.
import { kernelLimits, type KernelLimits } from '../../src/backend/webgpu/limits';

export type { KernelLimits };

/** What the adapter says about itself (strings may be empty). */
export interface AdapterSummary {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

export interface NodeGpu {
  device: GPUDevice;
  adapterInfo: AdapterSummary;
  isFallbackAdapter: boolean;
  limits: KernelLimits;
}

// Dawn's GPU object owns the native instance that services every device's callbacks, yet no
// device keeps it alive: once collected, the next mapAsync or onSubmittedWorkDone crashes the
// process inside Dawn. One instance per process, held here for the life of the process.
let instance: GPU | undefined;

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function requestNodeGpu(): Promise<NodeGpu | { unavailable: string }> {
  let dawn: typeof import('webgpu');
  try {
    dawn = await import('webgpu');
  } catch (e) {
    return { unavailable: `the webgpu package failed to load: ${reason(e)}` };
  }
  try {
    // The backend uses the WebGPU enums (GPUBufferUsage, ...) as a browser provides them.
    Object.assign(globalThis, dawn.globals);
    instance ??= dawn.create([]);
    const adapter = await instance.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return { unavailable: 'Dawn found no WebGPU adapter (no Vulkan, Metal or D3D12 device)' };
    // The defaults (256 MiB buffers, 16 KiB workgroup storage, ...) are often below the adapter's.
    const device = await adapter.requestDevice({ requiredLimits: kernelLimits(adapter.limits) });
    const { vendor, architecture, device: name, description, isFallbackAdapter } = adapter.info;
    return {
      device,
      adapterInfo: { vendor, architecture, device: name, description },
      isFallbackAdapter: isFallbackAdapter === true,
      limits: kernelLimits(device.limits),
    };
  } catch (e) {
    return { unavailable: `Dawn could not open a WebGPU device: ${reason(e)}` };
  }
}
