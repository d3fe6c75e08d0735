// The public input's binding (docs/protocol.md §11.5): the memory's first two cells are the public
// words p0, p1. At a drawn r the prover sends the three memory limbs' values at (r, 0, …, 0); they
// must recombine (l0 + y·l1 + y²·l2) to the line through the public words, p0·(1 + r) + p1·r, and
// become three claims the opening discharges.
import { type E, eAdd, eEq, eMul } from '../../field/e';
import { VerificationError } from '../../transcript/errors';
import type { VerifierState } from '../../transcript/verifier-state';
import type { PublicInput } from '../public-input';
import { MEM_0 } from '../tables/columns';
import type { ColumnClaim } from './claims';

const Y: E = Uint32Array.of(0, 0, 1, 0, 0, 0);
const Y2: E = Uint32Array.of(0, 0, 0, 0, 1, 0);

export function verifyPublicLine(vs: VerifierState, publicInput: PublicInput, logMemory: number): ColumnClaim[] {
  const r = vs.sample();
  const limbs = vs.nextScalars(3);
  const limb = (l: number) => limbs.subarray(6 * l, 6 * l + 6);
  const onLine = eAdd(publicInput[0], eMul(r, eAdd(publicInput[0], publicInput[1])));
  if (!eEq(eAdd(limb(0), eAdd(eMul(Y, limb(1)), eMul(Y2, limb(2)))), onLine)) {
    throw new VerificationError('public input: the memory limbs at r are off the line through the public words');
  }
  const point = new Uint32Array(6 * logMemory);
  point.set(r);
  return [0, 1, 2].map((l) => ({ column: MEM_0 + l, point, value: limb(l) }));
}
