// A program asking for a committed size past its run's (min_log_committed) gets it from SET fill
// rows: the smallest SET height that reaches the floor, every table still a power of two, and
// the proof (of the larger stack) verifies. Without the floor the run is unchanged.
import { describe, expect, it } from 'vitest';
import { nativeOrCpu } from '../native/fast-backend';
import { stackLog } from '../../src/vm/layout';
import { parseProgram } from '../../src/vm/program';
import { executeToFloor } from '../../src/vm/prove/committed-floor';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { vmSummary, vmText } from './vm-vectors';

const base = parseProgram(vmText('arith', 'program.json'));
const pi = parsePublicInputJson(vmText('arith', 'public.json'));
const logOf = (exec: ReturnType<typeof executeToFloor>) => stackLog({ logMemory: exec.logMem, taus: exec.taus!, logBytecode: 11 });

describe('min_log_committed', () => {
  it('arith (μ = 20) asked for 2^21 and 2^22 committed words grows its SET table just enough', () => {
    const plain = executeToFloor(base, pi);
    expect(logOf(plain)).toBe(vmSummary('arith').mu);
    for (const floor of [21, 22]) {
      const exec = executeToFloor({ ...base, minLogCommitted: floor }, pi);
      expect(logOf(exec)).toBe(floor);
      const smaller = [...exec.taus!];
      smaller[2]--;
      expect(stackLog({ logMemory: exec.logMem, taus: smaller, logBytecode: 11 })).toBeLessThan(floor);
      // Only SET grows (and JUMP by its blocks' closing jumps); every table a power of two.
      for (const t of [0, 1, 3, 5]) expect(exec.rowCounts[t]).toBe(plain.rowCounts[t]);
      for (const r of exec.rowCounts) expect(Math.log2(r) % 1).toBe(0);
    }
  });

  it('the larger proof verifies', async () => {
    const backend = await nativeOrCpu('committed-floor');
    const program = { ...base, minLogCommitted: 21 };
    const { proof } = await proveProgram(program, pi, { backend });
    await backend.dispose();
    expect(verifyProgram(program, pi, proof)).toMatchObject({ valid: true, summary: { mu: 21 } });
  }, 120_000);
});
