import { LeanVmError } from '../../util/errors';

/** A failure the GPU reported: a validation or out-of-memory error, a lost device. */
export class WebGpuError extends LeanVmError {
  override name = 'WebGpuError';
}

/** Runs `work` inside validation and out-of-memory error scopes; throws what they caught. */
export async function gpuChecked<T>(device: GPUDevice, what: string, work: () => T | Promise<T>): Promise<T> {
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  let result: T;
  try {
    result = await work();
  } finally {
    const oom = await device.popErrorScope();
    const invalid = await device.popErrorScope();
    const error = oom ?? invalid;
    if (error) throw new WebGpuError(`${what}: ${error.message}`);
  }
  return result;
}
