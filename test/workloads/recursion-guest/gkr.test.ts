// The bus's grand-product GKR in the VM (programs/aggregate-node.py, gkr): a child's three roots,
// every step's degree-4 sumcheck rounds, the children's products checked against each step's
// claim, the width challenges and the fold to the next values, ending at the TypeScript
// verifier's leaf values and point ζ, the bus balanced; a changed round scalar, child or count
// root stops the run at the products' check, a changed pull root at the balance, a zero count
// root at the count check.
import { beforeAll, describe, it } from 'vitest';
import { gkrWitness } from '../../../src/workloads/recursion/guest/gkr';
import { pushEntry } from '../../../src/workloads/recursion/guest/streams';
import { tableSumcheckWitness } from '../../../src/workloads/recursion/guest/table-sumcheck';
import { type Child, expectFailsAt, finalClaim, leafChild, run, tampered, vectorChild } from './children';

const PRODUCTS = 'chk[0] = pr[0] + lam * (pr[1] + lam * pr[2])';

describe("a child's bus GKR in the VM", () => {
  const endsAtVerifiers = (child: Child) => {
    const { streams, depth } = gkrWitness(child.program, child.publicInput, child.proof);
    const exec = run(streams);
    console.log(`${child.name}: depth ${depth}, ${streams.get('fs')!.length} scalars absorbed: ${exec.programCycles} cycles`);
  };
  for (const name of ['arith', 'big']) it(`${name}: ends at the verifier's leaf values and ζ`, () => endsAtVerifiers(vectorChild(name)));

  describe('on a leaf aggregate', () => {
    let leaf: Child;
    beforeAll(async () => {
      leaf = await leafChild(1);
    }, 120_000);
    it("ends at the verifier's leaf values and ζ", () => endsAtVerifiers(leaf));
  });

  const big = vectorChild('big');
  const { streams } = gkrWitness(big.program, big.publicInput, big.proof);
  it('a sumcheck round scalar changed: the step\'s products do not give its claim', () => {
    // big's depth is odd: the 3 roots, step 0's 3·2 children (no round), then step 1's round: its c2
    expectFailsAt(tampered(streams, 'fs', 3 + 6 + 1, 0, (c) => (c[1] ^= 1)), 'write-conflict', PRODUCTS);
  });

  it("a tree's child changed: the products do not give the claim", () => {
    expectFailsAt(tampered(streams, 'fs', 4, 0, (c) => (c[0] ^= 8)), 'write-conflict', PRODUCTS);
  });

  it('the pull root changed: the bus does not balance', () => {
    expectFailsAt(tampered(streams, 'fs', 1, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'bal[0] = vl[1]');
  });

  it('the count root changed: the first products do not give the claim', () => {
    expectFailsAt(tampered(streams, 'fs', 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', PRODUCTS);
  });

  it('a zero count root: the count check', () => {
    const zero = tampered(tampered(streams, 'fs', 2, 0, (c) => c.fill(0)), 'fs', 2, 1, (c) => c.fill(0));
    expectFailsAt(zero, 'write-conflict', 'assert vl[2] != 0');
  });
});

/** The proof_start piece's streams: through the GKR, the framework values, the table sumcheck and
 * the public-input line, the claim its rounds must reach added. */
function fromStart(child: Child) {
  const { streams } = gkrWitness(child.program, child.publicInput, child.proof, true);
  pushEntry(streams, 'final_claim', [finalClaim(tableSumcheckWitness(child.program, child.publicInput, child.proof))]);
  return streams;
}

describe("a child proof's start in the VM, through the public-input line", () => {
  // From FS_START: the statement, the announced sizes (each from six checked bits), the root's
  // halves, α and β, the GKR, the framework values, the table sumcheck and the public-input line,
  // one chain: ending at the verifier's GKR values, last claim and line shows every absorb and
  // squeeze on the way was the verifier's.
  for (const name of ['arith', 'big']) {
    it(`${name}: the chain from the transcript's start reaches the verifier's GKR, table claim and line`, () => {
      const streams = fromStart(vectorChild(name));
      console.log(`${name} from the start through the public-input line: ${run(streams).programCycles} cycles`);
    });
  }

  const streams = fromStart(vectorChild('arith'));
  it("an announced size's bits changed: they do not make the size", () => {
    expectFailsAt(tampered(streams, 'size_bits', 3, 1, (c) => (c[0] ^= 1)), 'write-conflict', 'sizes[2 * k] = n');
  });

  it("a framework value changed: the table sumcheck's last claim is not the verifier's", () => {
    // the 14 start scalars, then the GKR's, then the five framework values
    const gkrScalars = gkrWitness(vectorChild('arith').program, vectorChild('arith').publicInput, vectorChild('arith').proof).streams.get('fs')!.length;
    expectFailsAt(tampered(streams, 'fs', 14 + gkrScalars + 2, 0, (c) => (c[0] ^= 1)), 'write-conflict', 'want[0] = claim');
  });

  it("a root half changed: the GKR's first products do not give the claim", () => {
    // the chain moves on differently: λ is another challenge
    expectFailsAt(tampered(streams, 'fs', 12, 0, (c) => (c[0] ^= 1)), 'write-conflict', PRODUCTS);
  });
});
