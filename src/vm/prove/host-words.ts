// The prover's large host arrays (the stack it builds the columns in) from the VM capability's
// pool (VmKernels.take / give; on cpu and native the pool the backend's buffers come from): a
// fresh array's pages fault in on first touch, on a VM about as slowly as the kernel that fills
// them, so each stage reuses what the stages before it gave back, and a warm prover what the
// last proof did.
import type { VmKernels } from '../../backend/vm-kernels';

export interface HostWords {
  /** `length` words, contents arbitrary. */
  take(length: number): Uint32Array;
  /** `length` zero words. */
  zeroed(length: number): Uint32Array;
  /** Gives back words from take or zeroed that nothing reads any more (a view of an array's
   * start gives back the array); others are ignored. */
  give(words: Uint32Array): void;
}

export function hostWords(kernels: VmKernels): HostWords {
  return { take: (n) => kernels.take(n), zeroed: (n) => kernels.zeroed(n), give: (w) => kernels.give(w) };
}
