// Options several commands share.
import { Option } from 'commander';

export const backendOption = () =>
  new Option('--backend <name>', 'where the prover runs').choices(['auto', 'cpu', 'native', 'webgpu']).default('auto');
export const threadsOption = () => new Option('--threads <n>', 'worker threads of the cpu and native backends (default: every core)');
export const maxMemoryOption = () =>
  new Option('--max-memory <size>', 'the memory the proof may take, e.g. 512M or 8G (default: what this machine or its cgroup has available)');
export const forceOption = () => new Option('--force', 'prove even when the memory estimate exceeds that');
