import { it, expect } from 'vitest';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { VM_PROGRAMS, vmBytes, vmText } from './vm-vectors';
it('all', () => {
  for (let rep = 0; rep < 3; rep++) for (const name of VM_PROGRAMS) {
  const p = parseProgram(vmText(name, 'program.json'));
  const pi = parsePublicInputJson(vmText(name, 'public.json'));
  const proof = vmBytes(name, 'proof');
  const t0 = performance.now();
  const v = verifyProgram(p, pi, proof);
  console.log(name, v.valid ? 'ok' : JSON.stringify(v), (performance.now() - t0).toFixed(1));
  }
});
