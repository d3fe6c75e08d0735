// The hints of the node program's table sumcheck and public-input line (programs/aggregate-node.py,
// table_rounds) for one child: the child's verification run up to the table sumcheck (announced
// sizes, root, bus), the chain and the bus's side totals there, then the sumcheck (rounds and
// column values) and the public-input line with each absorbed scalar's block cells recorded.
import { type E, eAdd, eMul } from '../../../field/e';
import type { TranscriptStep } from '../../../transcript/fiat-shamir';
import { parseProof } from '../../../transcript/proof';
import { TAG_SCALAR } from '../../../transcript/tags';
import { bytecodeMultilinear } from '../../../vm/bytecode';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { readAnnounced } from '../../../vm/verify/announce';
import { verifyBus } from '../../../vm/verify/bus';
import { nativeSink } from '../../../vm/verify/deferred';
import { verifyPublicLine } from '../../../vm/verify/public-line';
import { verifyTableSumcheck } from '../../../vm/verify/table-sumcheck';
import { vmVerifierState } from '../../../vm/verify/verify';
import { wordCell } from './merkle';
import { gPow, pushEntry, type Streams } from './streams';
import { blockCells } from './transcript';

export interface TableSumcheckRecord {
  readonly streams: Streams;
  /** max τ: the rounds. */
  readonly depth: number;
  /** The compressions of the sumcheck, ξ's squeeze first. */
  readonly steps: readonly TranscriptStep[];
  readonly totals: readonly E[];
}

export function tableSumcheckWitness(program: Program, publicInput: PublicInput, proofBytes: Uint8Array): TableSumcheckRecord {
  const vs = vmVerifierState(program, publicInput, parseProof(proofBytes));
  const { shape } = readAnnounced(vs, Math.log2(program.bytecode.length));
  vs.nextRoot();
  const bus = verifyBus(vs, shape);
  // The bus leaves the bytecode share out of its totals (a deferred claim, docs/recursion.md §2.1):
  // the piece takes the share as a hinted value beside the totals and their share weights (the
  // share evaluated here by the native sink; the record keeps the whole totals).
  const share = nativeSink(bytecodeMultilinear(program)).share!(bus.sharePoint);
  const totals = bus.totals.map((t, s) => eAdd(t, eMul(bus.shareWeights[s], share)));
  const cv = vs.state();
  const steps: TranscriptStep[] = [];
  vs.tapTranscript((s) => steps.push(s));
  verifyTableSumcheck(vs, shape, bus, share);
  verifyPublicLine(vs, publicInput, shape.logMemory);
  const depth = Math.max(...shape.taus);
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(2)]);
  pushEntry(streams, 'depth', [gPow(depth)]);
  pushEntry(streams, 'fs_state', [wordCell(cv, 0), wordCell(cv, 4)]);
  pushEntry(streams, 'bus_totals', [...bus.totals]);
  pushEntry(streams, 'share_weights', [...bus.shareWeights]);
  pushEntry(streams, 'bytecode_share', [share]);
  pushEntry(streams, 'child_public', [...publicInput]);
  for (const s of steps) if (s.tag === TAG_SCALAR) pushEntry(streams, 'fs', blockCells(s.data));
  return { streams, depth, steps: steps.slice(0, 1 + 4 * depth), totals };
}
