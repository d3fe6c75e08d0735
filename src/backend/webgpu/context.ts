// What the webgpu backend's groups of kernels (commit, opening, zerocheck, grinding, Flock)
// take from the backend that hosts them.
import type { DeviceBuffer, Elem } from '../backend';
import type { DeviceLink } from './link';
import type { Recording } from './recording';
import type { Windows } from './window';

export interface KernelContext {
  device: GPUDevice;
  /** Where every upload, submission, read and wait goes (and is counted). */
  link: DeviceLink;
  /** Throws once the backend is disposed. */
  live(): void;
  /** Work for one submission, under the label `what`. */
  record(what: string): Recording;
  /** A new storage buffer of `length` values (zeroed). */
  create(elem: Elem, length: number): Promise<DeviceBuffer>;
  /** Backend.upload: a new storage buffer holding `words`. */
  upload(elem: Elem, words: Uint32Array): Promise<DeviceBuffer>;
  /** What `make` makes, made once for the backend (and its views with a signal) and kept: a
   * later use gets the same; one whose making failed is made again. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** Workgroups per dispatch dimension at most. */
  maxPerDimension: number;
  /** How far one binding reaches (window.ts). */
  windows: Windows;
}
