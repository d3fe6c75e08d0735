// The hints of the node program's Flock piece (programs/aggregate-node.py, flock_rounds) for one
// child: the child's verification run up to Flock (announced sizes, root, bus, table sumcheck,
// public-input line), the chain there, then Flock's zerocheck and lincheck with each absorbed
// scalar's block cells recorded, the matrix term the lincheck defers (docs/recursion.md §2.1),
// taken from a recording sink, and ring switching's claim on the map drawn next (the batch's
// first squeezes, as batchClaims draws them): the values the program must reach.
import type { E } from '../../../field/e';
import type { MatrixTermClaim } from '../../../flock/lincheck/claim';
import { verifyFlock } from '../../../flock/verify';
import { coordinateWeights, RING_MAP_SHIFTS, ringSwitchTarget } from '../../../pcs/ring-switch';
import { parseProof } from '../../../transcript/proof';
import { TAG_SCALAR } from '../../../transcript/tags';
import { bytecodeMultilinear } from '../../../vm/bytecode';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { BLAKE2S_TABLE } from '../../../vm/tables/columns';
import { readAnnounced } from '../../../vm/verify/announce';
import { verifyBus } from '../../../vm/verify/bus';
import { nativeSink, recordingSink } from '../../../vm/verify/deferred';
import { verifyPublicLine } from '../../../vm/verify/public-line';
import { verifyTableSumcheck } from '../../../vm/verify/table-sumcheck';
import { vmVerifierState } from '../../../vm/verify/verify';
import { wordCell } from './merkle';
import { gPow, pushEntry, type Streams } from './streams';
import { blockCells } from './transcript';

export interface FlockRecord {
  readonly streams: Streams;
  /** τ of the child's BLAKE2S table: log2 of Flock's blocks. */
  readonly blocksLog: number;
  /** The matrix term the child's lincheck defers. */
  readonly matrix: MatrixTermClaim;
  /** Ring switching's claim T = Σ_i x^i·Φ(s_i) on q_flock, the map drawn after Flock. */
  readonly ringTarget: E;
}

export function flockWitness(program: Program, publicInput: PublicInput, proofBytes: Uint8Array): FlockRecord {
  const vs = vmVerifierState(program, publicInput, parseProof(proofBytes));
  const { shape } = readAnnounced(vs, Math.log2(program.bytecode.length));
  vs.nextRoot();
  const bus = verifyBus(vs, shape);
  const sink = recordingSink(nativeSink(bytecodeMultilinear(program)));
  sink.bytecode(verifyTableSumcheck(vs, shape, bus, sink.share?.(bus.sharePoint)).bytecode);
  verifyPublicLine(vs, publicInput, shape.logMemory);
  const cv = vs.state();
  const blocksLog = shape.taus[BLAKE2S_TABLE];
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(6)]);
  pushEntry(streams, 'flock_blocks', [gPow(blocksLog)]);
  pushEntry(streams, 'fs_state', [wordCell(cv, 0), wordCell(cv, 4)]);
  vs.tapTranscript((s) => {
    if (s.tag === TAG_SCALAR) pushEntry(streams, 'fs', blockCells(s.data));
  });
  const { claim } = verifyFlock(vs, blocksLog, (c) => sink.matrix(c));
  const ringTarget = ringSwitchTarget(claim.s, coordinateWeights(vs.sampleVec(RING_MAP_SHIFTS.length)));
  pushEntry(streams, 'ring_target', [ringTarget]);
  return { streams, blocksLog, matrix: sink.claims().matrix, ringTarget };
}
