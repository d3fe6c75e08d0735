// The CPU instructions that decide which native kernels can run here. Linux reports them in
// /proc/cpuinfo; elsewhere we can only name the architecture.
import { readFileSync } from 'node:fs';
import { arch, cpus } from 'node:os';

export interface CpuFeatures {
  arch: string;
  model: string;
  cores: number;
  /** Feature name → present. Unknown (not readable here) features are absent from the map. */
  features: Record<string, boolean>;
  source: string;
}

const X86 = { pclmulqdq: 'pclmulqdq', vpclmulqdq: 'vpclmulqdq', 'avx512f': 'avx512f', 'avx512bw': 'avx512bw', 'avx512vbmi': 'avx512vbmi', gfni: 'gfni', avx2: 'avx2' } as const;
const ARM = { neon: 'asimd', pmull: 'pmull' } as const;

export function detectCpuFeatures(): CpuFeatures {
  const info = cpus();
  const base = { arch: arch(), model: info[0]?.model.trim() ?? 'unknown', cores: info.length };
  let text: string;
  try {
    text = readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return { ...base, features: {}, source: 'no /proc/cpuinfo on this platform: features unknown' };
  }
  const line = text.split('\n').find((l) => /^(flags|Features)\s*:/.test(l)) ?? '';
  const flags = new Set(line.replace(/^[^:]*:/, '').trim().split(/\s+/));
  const table: Record<string, string> = base.arch === 'arm64' ? ARM : X86;
  const features: Record<string, boolean> = {};
  for (const [name, flag] of Object.entries(table)) features[name] = flags.has(flag);
  return { ...base, features, source: '/proc/cpuinfo' };
}
