// The node program's Flock piece (programs/aggregate-node.py, flock_rounds): a child's zerocheck
// (univariate skip: the round-1 values interpolated at z in the VM) and lincheck run on the chain
// after its public-input line, ending at the matrix term the TypeScript verifier defers
// (recordingSink, docs/recursion.md §2.1): the deferred claim's 83 cells {z, χ_in, α, χ'_in, s, T}
// must equal the recorded claim's. Every absorbed value moves the challenges after it, so a
// changed round-1 value stops the run at z, a zerocheck coefficient at the next χ_i, v_a at α, a
// lincheck coefficient at the next ρ_j, a slice value at s, and a wrong hinted T at T. Then ring
// switching's claim Σ_i x^i·Φ(s_i) on the map's six challenges drawn next: equal to
// ringSwitchTarget's, and a wrong one stops the run there.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MatrixTermClaim } from '../../../src/flock/lincheck/claim';
import { flockWitness } from '../../../src/workloads/recursion/guest/flock';
import { pushEntry } from '../../../src/workloads/recursion/guest/streams';
import { type Child, expectFailsAt, leafChild, nodeProgram, run, tampered, vectorChild } from './children';

const cells = (p: Uint32Array): Uint32Array[] => Array.from({ length: p.length / 6 }, (_, i) => p.slice(6 * i, 6 * i + 6));

function claimCells(m: MatrixTermClaim): Uint32Array[] {
  return [m.z, ...cells(m.chiIn), m.alpha, ...cells(m.chiInPrime), ...cells(m.s), m.value];
}

function witness(child: Child) {
  const rec = flockWitness(child.program, child.publicInput, child.proof);
  pushEntry(rec.streams, 'matrix_claim', claimCells(rec.matrix));
  return rec;
}

describe("a child's Flock zerocheck, lincheck and ring-switching claim in the VM", () => {
  const endsAtVerifiers = (child: Child) => {
    const rec = witness(child);
    expect(claimCells(rec.matrix)).toHaveLength(83);
    const exec = run(rec.streams);
    expect(rec.streams.get('ring_target')).toHaveLength(1);
    console.log(`${child.name}: Flock and ring switching over 2^${rec.blocksLog} blocks: ${exec.programCycles} cycles (program: ${nodeProgram().program.bytecode.length} slots)`);
  };
  for (const name of ['arith', 'hash', 'big']) {
    it(`runs ${name}'s Flock and ring switching to the verifier's deferred matrix term and ring claim`, () => endsAtVerifiers(vectorChild(name)));
  }
  describe('a leaf aggregate', () => {
    let leaf: Child;
    beforeAll(async () => {
      leaf = await leafChild(1);
    }, 120_000);
    it("runs its Flock and ring switching to the verifier's deferred matrix term and ring claim", () => endsAtVerifiers(leaf));
  });

  const rec = witness(vectorChild('arith'));
  const nb = rec.blocksLog;
  const T = 'mt[82] = lc + al2 * eqii * vs6 * SKIP_DEN_6 * ss + al2 * al * sv[0] * eat';
  // fs entries: 64 round-1 values, then per zerocheck round (c1, c2), v_a, v_b, per lincheck
  // round (c0, c2), then the 64 slice values.
  const zc = 64, va = 64 + 2 * (8 + nb), lin = va + 2, s = lin + 16;
  it('a round-1 value changed: z is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', 5, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[0] = z');
  });
  it('a zerocheck round coefficient changed: χ_in is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', zc + 3, 0, (c) => (c[1] ^= 1)), 'write-conflict', 'mt[1 + i] = chi[i]');
  });
  it('v_a changed: α is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', va, 0, (c) => (c[0] ^= 4)), 'write-conflict', 'mt[9] = al');
  });
  it('a lincheck round coefficient changed: χ\'_in is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', lin + 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[10 + i] = rho[7 - i]');
  });
  it('the last slice value changed: the exported s is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', s + 63, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'mt[18 + u] = sv[u]');
  });
  it('another ring-switching claim: the program computes the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'ring_target', 0, 0, (c) => (c[3] ^= 1)), 'write-conflict', 'rt[0] = tr');
  });
  it('the first slice value changed: the exported s is not the verifier\'s', () => {
    expectFailsAt(tampered(rec.streams, 'fs', s, 0, (c) => (c[2] ^= 1)), 'write-conflict', 'mt[18 + u] = sv[u]');
  });
  it('a wrong deferred T: the program computes another', () => {
    expectFailsAt(tampered(rec.streams, 'matrix_claim', 0, 82, (c) => (c[0] ^= 1)), 'write-conflict', T);
  });
});
