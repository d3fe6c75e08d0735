// Adversarial provers: a run changed after the fact (one memory value, one table row), or an
// honest run whose proof changes one GKR layer message or one table-sumcheck round and then
// goes on honestly from the changed transcript, gives a proof our verifier refuses, at the
// check that catches it; the same provers left unchanged give valid proofs.
import { describe, expect, it } from 'vitest';
import { nativeOrCpu } from '../native/fast-backend';
import { ProverState } from '../../src/transcript/prover-state';
import { transcriptStatement, VM_TRANSCRIPT_LABEL } from '../../src/vm/bytecode';
import { type Execution, execute } from '../../src/vm/execute';
import { TABLES } from '../../src/vm/isa';
import { parseProgram } from '../../src/vm/program';
import { proveExecution } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { ROW_COUNTS } from '../../src/vm/trace';
import { verifyProgram } from '../../src/vm/verify/verify';
import { vmText } from './vm-vectors';

const program = parseProgram(vmText('arith', 'program.json'));
const pi = parsePublicInputJson(vmText('arith', 'public.json'));

/** A prover state that flips the low bit of one sent scalar (by stream offset) or of the first
 * coefficient of one round polynomial (by its order), then carries on honestly. */
class TamperingState extends ProverState {
  private polys = 0;

  constructor(private readonly at: { scalar?: number; round?: number }) {
    super(VM_TRANSCRIPT_LABEL, transcriptStatement(program, pi));
  }

  override addScalar(e: Uint32Array, offset = 0): void {
    if (this.streamLength !== this.at.scalar) return super.addScalar(e, offset);
    const changed = e.slice(offset, offset + 6);
    changed[0] ^= 1;
    super.addScalar(changed);
  }

  override addRoundPoly(coeffs: Uint32Array, eqFactored: boolean): void {
    const changed = coeffs.slice();
    if (this.polys++ === this.at.round) changed[0] ^= 1;
    super.addRoundPoly(changed, eqFactored);
  }
}


async function verdict(exec: Execution, ps: ProverState = new TamperingState({})) {
  const backend = await nativeOrCpu('adversarial');
  const { proof } = await proveExecution(ps, program, pi, exec, { backend });
  await backend.dispose();
  return verifyProgram(program, pi, proof);
}

describe('adversarial provers', () => {
  it('an unchanged run through the same prover is valid', async () => {
    expect((await verdict(execute(program, pi))).valid).toBe(true);
  }, 60_000);

  it('one memory value changed: the XOR that reads it no longer balances the bus', async () => {
    const exec = execute(program, pi);
    const xor = exec.rows[TABLES.indexOf('XOR')];
    const ins = program.bytecode[xor.pc(0)];
    if (ins.op !== 'XOR') throw new Error('not an XOR row');
    exec.memory[6 * (xor.fp(0) + ins.a)] ^= 1;
    const v = await verdict(exec);
    expect(v).toMatchObject({ valid: false, reason: expect.stringMatching(/bus is unbalanced/) });
  }, 60_000);

  it('one table row changed (a SET row\'s read count): the bus does not balance', async () => {
    const exec = execute(program, pi);
    const set = exec.rows[TABLES.indexOf('SET')];
    set.data[3 * set.stride + ROW_COUNTS] += 1;
    const v = await verdict(exec);
    expect(v).toMatchObject({ valid: false, reason: expect.stringMatching(/bus is unbalanced/) });
  }, 60_000);

  it('one GKR layer message changed (a round scalar of levels 16 → 14, stream offset 25)', async () => {
    const v = await verdict(execute(program, pi), new TamperingState({ scalar: 25 }));
    expect(v).toMatchObject({ valid: false, reason: expect.stringMatching(/bus GKR, levels 16 → 14/) });
  }, 60_000);

  it('one GKR children message changed (levels 18 → 16, stream offset 13)', async () => {
    const v = await verdict(execute(program, pi), new TamperingState({ scalar: 13 }));
    expect(v.valid).toBe(false);
  }, 60_000);

  it('one table-sumcheck round changed (its first round\'s c0)', async () => {
    const v = await verdict(execute(program, pi), new TamperingState({ round: 0 }));
    expect(v).toMatchObject({ valid: false, reason: expect.stringMatching(/table sumcheck/) });
  }, 60_000);

  it('a framework value changed (memory limb 0 at ζ)', async () => {
    const v = await verdict(execute(program, pi), new TamperingState({ scalar: 409 }));
    expect(v.valid).toBe(false);
  }, 60_000);
});
