// The hints of the node program's GKR piece (programs/aggregate-node.py, gkr) for one child: the
// child's verification up to the bus's α and β, the chain there, then the grand-product GKR with
// each absorbed scalar's block cells recorded, and what the TypeScript verifier ends with (the
// three leaf values and ζ) for the program to meet; and of the proof's start (proof_start): the
// statement, the announced sizes as bits, the root's halves, that GKR, the framework values, then
// the table piece's streams (table-sumcheck.ts).
import { type E, eOne, eZero } from '../../../field/e';
import { parseProof } from '../../../transcript/proof';
import { rootToScalars } from '../../../transcript/root';
import { TAG_SCALAR } from '../../../transcript/tags';
import { transcriptStatement } from '../../../vm/bytecode';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { leafLayout } from '../../../vm/leaves';
import { BUS_BITS } from '../../../vm/tables/bus';
import { readAnnounced } from '../../../vm/verify/announce';
import { readFrameworkValues } from '../../../vm/verify/framework';
import { verifyGrandProducts } from '../../../vm/verify/gkr';
import { vmVerifierState } from '../../../vm/verify/verify';
import { wordCell } from './merkle';
import { gPow, pushEntry, type Streams } from './streams';
import { tableSumcheckWitness } from './table-sumcheck';
import { blockCells } from './transcript';

/** The bus depths the program's GKR piece handles (GKR_MIN_DEPTH .. + 7). */
export const GKR_MIN_DEPTH = 16;
export const GKR_DEPTHS = 8;

/** `fromStart`: the proof_start piece (the statement, sizes and root before the GKR, the
 * framework values and table sumcheck after it; the caller adds `final_claim`), else the GKR
 * piece from the hinted chain after α and β. */
export function gkrWitness(program: Program, publicInput: PublicInput, proofBytes: Uint8Array, fromStart = false): { streams: Streams; depth: number } {
  const vs = vmVerifierState(program, publicInput, parseProof(proofBytes));
  const streams: Streams = new Map();
  pushEntry(streams, 'piece', [gPow(fromStart ? 5 : 4)]);
  if (fromStart) {
    for (const s of transcriptStatement(program, publicInput)) pushEntry(streams, 'fs', blockCells(s));
    vs.tapTranscript((s) => {
      if (s.tag === TAG_SCALAR) pushEntry(streams, 'fs', blockCells(s.data));
    });
  }
  const { shape, logInvRate } = readAnnounced(vs, Math.log2(program.bytecode.length));
  if (fromStart) {
    const fs = streams.get('fs')!;
    for (const n of [shape.logMemory, ...shape.taus, logInvRate]) pushEntry(streams, 'size_bits', Array.from({ length: 6 }, (_, b) => ((n >>> b) & 1 ? eOne() : eZero())));
    vs.tapTranscript(undefined);
    // the root's halves are absorbed as one 128-bit cell each
    const halves = rootToScalars(vs.nextRoot());
    fs.push([halves.slice(0, 6)], [halves.slice(6, 12)]);
  } else vs.nextRoot();
  vs.sampleVec(BUS_BITS);
  vs.sample();
  const { depth } = leafLayout(shape);
  if (depth < GKR_MIN_DEPTH || depth >= GKR_MIN_DEPTH + GKR_DEPTHS) throw new RangeError(`a bus of depth ${depth} is outside the GKR piece's window ${GKR_MIN_DEPTH}..${GKR_MIN_DEPTH + GKR_DEPTHS - 1}`);
  const cv = vs.state();
  if (!fromStart) pushEntry(streams, 'fs_state', [wordCell(cv, 0), wordCell(cv, 4)]);
  pushEntry(streams, 'gkr_depth', [gPow(depth - GKR_MIN_DEPTH)]);
  vs.tapTranscript((s) => {
    if (s.tag === TAG_SCALAR) pushEntry(streams, 'fs', blockCells(s.data));
  });
  const gkr = verifyGrandProducts(vs, depth);
  const zeta: E[] = Array.from({ length: depth }, (_, c) => gkr.point.slice(6 * c, 6 * c + 6));
  pushEntry(streams, 'gkr_out', [...gkr.leaves, ...zeta]);
  if (fromStart) {
    // the framework values, then the table piece's own streams (its run records the same proof)
    readFrameworkValues(vs, shape, gkr.point);
    const table = tableSumcheckWitness(program, publicInput, proofBytes);
    for (const [name, entries] of table.streams) {
      if (name === 'piece' || name === 'fs_state') continue;
      for (const e of entries) pushEntry(streams, name, e);
    }
  }
  return { streams, depth };
}
