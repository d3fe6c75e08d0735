// Adversarial provers (./adversary.ts) on the `arith` program and on `hash` (the one with BLAKE2S
// rows): a row of every table the run has, the public-input cells, the bytecode multiplicities,
// the final memory counts, one message of each stage (a GKR layer, a table-sumcheck round, the
// public line, a Flock zerocheck and lincheck round, a WHIR round, an opened leaf) each give a
// proof our verifier refuses, and each test names the check that refuses it. The same provers
// left unchanged give valid proofs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { eAdd, eOne } from '../../src/field/e';
import { parseProgram } from '../../src/vm/program';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { nativeOrCpu } from '../native/fast-backend';
import { execute } from '../../src/vm/execute';
import { MAX_LOG_MEMORY, MAX_STACK_LOG, stackLog } from '../../src/vm/layout';
import type { RunColumns } from '../../src/vm/prove/columns';
import { type AdversaryCase, adversarialProof, lastResultRead, liveTables, publicLineTamper, rowCount, rowValue, zeroCount } from './adversary';
import { vmText } from './vm-vectors';

// A prover that commits columns its run does not give: the columns as built, then changed.
const columnHook = vi.hoisted(() => ({ change: undefined as ((run: RunColumns) => void) | undefined }));
vi.mock('../../src/vm/prove/columns', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/vm/prove/columns')>();
  return { ...m, buildColumns: async (...args: Parameters<typeof m.buildColumns>) => {
    const run = await m.buildColumns(...args);
    columnHook.change?.(run);
    return run;
  } };
});

let backend: Backend;
beforeAll(async () => {
  backend = await nativeOrCpu('adversarial');
});
afterAll(() => backend.dispose());

const BUS = /^bus is unbalanced/;
const AIR = /^table sumcheck: the AIR terminal identity fails/;
const FLOCK = /^Flock lincheck terminal identity fails/;

for (const name of ['arith', 'hash'] as const) {
  const program = parseProgram(vmText(name, 'program.json'));
  const pi = parsePublicInputJson(vmText(name, 'public.json'));
  const reason = async (c: AdversaryCase) => {
    const v = verifyProgram(program, pi, await adversarialProof(program, pi, c, backend));
    return v.valid ? 'valid' : v.reason;
  };
  const tables = liveTables(program, pi);

  describe(`adversarial provers on ${name} (tables ${tables.join(', ')})`, () => {
    it('the same prover, changing nothing, gives a valid proof', async () => {
      expect(await reason({})).toBe('valid');
    });

    // A row's result cell changed in the final memory: the memory side of the bus then holds a
    // value no write pushed.
    for (const table of tables) {
      it(`a ${table} row's result changed`, async () => {
        expect(await reason({ run: rowValue(table) })).toMatch(BUS);
      });
      it(`a ${table} row's read count raised`, async () => {
        expect(await reason({ run: rowCount(table) })).toMatch(BUS);
      });
    }

    it('the public input claimed is not the run\'s (the bus\'s framework leaves hold the claim)', async () => {
      const claim = [eAdd(pi[0], eOne()), pi[1]] as const;
      expect(await reason({ claim })).toMatch(/^bus GKR, levels \d+ → \d+: /);
    });

    it('the public line\'s memory limbs changed', async () => {
      expect(await reason({ message: publicLineTamper(program, pi) })).toMatch(/^public input: the memory limbs at r are off the line/);
    });

    // A read whose count column is 0 pushes and pulls the same tuple (0·g = 0), so it balances
    // whatever value it reads: an arithmetic row's result changed in memory, its own read of it
    // (the cell's last) counted 0 and dropped from the cell's count. Only the count product's
    // nonzero check stands in the way.
    it('a result read with count 0 (a wrapped counter): any value balances', async () => {
      let target: ReturnType<typeof lastResultRead> | undefined;
      columnHook.change = (run) => zeroCount(run, target!);
      try {
        const run: AdversaryCase['run'] = (exec, p) => {
          target = lastResultRead(exec, p);
          exec.memory[6 * target.cell] ^= 1;
          exec.memCounts[target.cell] -= 1;
        };
        expect(await reason({ run })).toMatch(/^bus: the read counts multiply to zero/);
      } finally {
        columnHook.change = undefined;
      }
    });

    it('announced sizes: a size that is no small integer, an h past its bound, a stack past 2^28', async () => {
      const announce = (index: number, change: (w: Uint32Array) => void) => reason({ message: { stage: 'witness', kind: 'scalar', index, change } });
      expect(await announce(0, (w) => (w[2] = 1))).toMatch(/^announced size 0 is not a small integer/);
      expect(await announce(0, (w) => (w[0] = MAX_LOG_MEMORY + 1))).toMatch(/^announced sizes: h = \d+ is outside/);
      // the smallest τ_XOR within its bound whose stack passes 2^28 words
      const taus = execute(program, pi).taus!;
      const tau = Array.from({ length: 33 }, (_, t) => t).find((t) => stackLog({ logMemory: execute(program, pi).logMem, taus: taus.map((x, i) => (i === 0 ? t : x)), logBytecode: Math.log2(program.bytecode.length) }) > MAX_STACK_LOG)!;
      expect(await announce(1, (w) => (w[0] = tau))).toMatch(/^announced sizes commit a stack of 2\^\d+ words, outside/);
    });

    it('a bytecode multiplicity raised (the first pc\'s)', async () => {
      expect(await reason({ run: (e) => (e.bytecodeCounts[0] += 1) })).toMatch(BUS);
    });

    it('a final memory count raised (cell 0\'s)', async () => {
      expect(await reason({ run: (e) => (e.memCounts[0] += 1) })).toMatch(BUS);
    });

    it('a root of the bus GKR changed', async () => {
      expect(await reason({ message: { stage: 'bus', kind: 'scalar', index: 0 } })).toMatch(/^bus GKR, levels \d+ → \d+: /);
    });

    it('a GKR layer message changed (the first sumcheck scalar of the second step)', async () => {
      expect(await reason({ message: { stage: 'bus', kind: 'scalar', index: 3 + 8 * 3 } })).toMatch(/^bus GKR, levels \d+ → \d+: /);
    });

    it('a table-sumcheck round changed', async () => {
      expect(await reason({ message: { stage: 'tables', kind: 'roundPoly', index: 0 } })).toMatch(AIR);
    });

    it('a Flock zerocheck round changed', async () => {
      expect(await reason({ message: { stage: 'flock', kind: 'roundPoly', index: 0, eqFactored: true } })).toMatch(FLOCK);
    });

    it('a Flock lincheck round changed', async () => {
      expect(await reason({ message: { stage: 'flock', kind: 'roundPoly', index: 0, eqFactored: false } })).toMatch(FLOCK);
    });

    it('a WHIR sumcheck round of the opening changed', async () => {
      expect(await reason({ message: { stage: 'opening', kind: 'roundPoly', index: 0 } })).toMatch(/^WHIR/);
    });

    it('a lying opening: an opened leaf that is not the committed one', async () => {
      expect(await reason({ message: { stage: 'opening', kind: 'merkle', index: 0 } })).toMatch(/^WHIR level 0: /);
    });
  });
}
