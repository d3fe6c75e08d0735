// The Node entry of the library: everything platform-neutral, plus Node's device and backend choice.
export * from '../../src/index';
export { requestNodeGpu } from './dawn';
export { openBackend, probeBackends, type BackendChoice, type BackendReport } from './backends';
export { type XmssKeyFileStoreOptions, xmssKeyFileStore } from './xmss-key-file-store';
export { LockError, type LockProblem } from './lock-file';
export * from './distributed/index';
