// A GPUDevice in the browser (page or dedicated worker). Never throws: when WebGPU or an
// adapter is missing the caller gets the reason, so the page can say why it fell back.
import { kernelLimits } from '../../src/backend/webgpu/limits';

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The adapter, described, or why there is none. */
export async function requestBrowserAdapter(): Promise<{ adapter: GPUAdapter; label: string } | { unavailable: string }> {
  if (!('gpu' in navigator) || !navigator.gpu) return { unavailable: 'this browser exposes no WebGPU (navigator.gpu is missing)' };
  try {
    const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
    if (!adapter) return { unavailable: 'WebGPU is present but offered no adapter (disabled, or no supported GPU)' };
    const { vendor, architecture, device, description } = adapter.info;
    const label = [vendor, architecture, device, description].filter(Boolean).join(' / ') || 'no adapter info';
    return { adapter, label };
  } catch (e) {
    return { unavailable: `requesting a WebGPU adapter failed: ${reason(e)}` };
  }
}

export async function requestBrowserDevice(): Promise<{ device: GPUDevice; label: string } | { unavailable: string }> {
  const found = await requestBrowserAdapter();
  if ('unavailable' in found) return found;
  try {
    const requiredLimits = kernelLimits(found.adapter.limits);
    return { device: await found.adapter.requestDevice({ requiredLimits }), label: found.label };
  } catch (e) {
    return { unavailable: `the WebGPU adapter (${found.label}) would not open a device: ${reason(e)}` };
  }
}
