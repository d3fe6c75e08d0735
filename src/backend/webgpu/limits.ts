// The device limits the kernels are sized by. Hosts (Dawn in Node, a browser) ask for the
// adapter's maximum of each, since the defaults (128 MiB bindings, 16 KiB workgroup storage)
// are often below what the adapter offers.
export const KERNEL_LIMITS = [
  'maxStorageBufferBindingSize',
  'maxBufferSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeWorkgroupsPerDimension',
  'maxComputeInvocationsPerWorkgroup',
] as const;

export type KernelLimits = Record<(typeof KERNEL_LIMITS)[number], number>;

/** The kernel limits of an adapter or a device. */
export function kernelLimits(limits: GPUSupportedLimits): KernelLimits {
  return Object.fromEntries(KERNEL_LIMITS.map((name) => [name, limits[name]])) as KernelLimits;
}
