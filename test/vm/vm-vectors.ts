// The VM vectors (shared/vectors/vm): names and readers shared by the VM suites.
import { readFileSync } from 'node:fs';
import { vectorPath } from '../vectors';

/** Every program of the VM vectors (arith_rate2 is arith's program proved at rate 1/4). */
export const VM_PROGRAMS = ['arith', 'calls', 'loops', 'hash', 'bits', 'big', 'arith_rate2'] as const;
export type VmProgramName = (typeof VM_PROGRAMS)[number];

export const vmText = (name: string, ext: string): string => readFileSync(vectorPath('vm', `${name}.${ext}`), 'utf8');
export const vmBytes = (name: string, ext: string): Uint8Array => new Uint8Array(readFileSync(vectorPath('vm', `${name}.${ext}`)));
export const vmSummary = (name: string): Record<string, any> => JSON.parse(vmText(name, 'summary.json'));
