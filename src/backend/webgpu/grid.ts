import { BackendUsageError } from '../backend';
import { WORKGROUP_SIZE } from './kernels';

/**
 * Workgroup counts (x, y) covering `count` invocations: one row while the groups fit the
 * per-dimension limit, else balanced rows (the shaders bounds-check the overshoot).
 */
export function dispatchGrid(count: number, maxPerDimension: number): [number, number] {
  const groups = Math.ceil(count / WORKGROUP_SIZE);
  if (groups <= maxPerDimension) return [groups, 1];
  const rows = Math.ceil(groups / maxPerDimension);
  if (rows > maxPerDimension) {
    throw new BackendUsageError(`${count} invocations exceed a ${maxPerDimension}² grid of workgroups`);
  }
  return [Math.ceil(groups / rows), rows];
}
