// Options several commands share.
import { Option } from 'commander';

export const backendOption = () =>
  new Option('--backend <name>', 'where the prover runs').choices(['auto', 'cpu', 'native', 'webgpu']).default('auto');
export const threadsOption = () => new Option('--threads <n>', 'worker threads of the cpu and native backends (default: every core)');
