// The hints of the node program's stacked WHIR opening (programs/aggregate-node.py, whir_open)
// for one child, run after child_to_ring on its chain: child_to_ring's own hints (chain.ts, bare),
// then the batch and WHIR with every absorbed scalar's block cells, grinding nonce, query
// squeeze's bits and opened row recorded in the order the program reads them (the commitment
// root bound at WHIR's start is the record's, not hinted). The point claims' points are hinted,
// each checked against the record with its sizes' and offsets' bits hinted; the ring point is built
// from the record with the bits of q_flock's offset and of τ hinted; what the TypeScript verifier ends with (the batch's weight at
// the bound point, the point) is the program's to meet.
import { type E, eOne, eZero } from '../../../field/e';
import { verifyFlock } from '../../../flock/verify';
import { batchClaims } from '../../../pcs/stack/batch';
import { checkClaims, claimPoint, type StackClaims } from '../../../pcs/stack/claims';
import { stackWeightAt } from '../../../pcs/stack/weight';
import { INITIAL_FOLDING_FACTOR, whirConfig } from '../../../pcs/whir/config';
import { verifyWhir } from '../../../pcs/whir/verifier';
import type { TranscriptStep } from '../../../transcript/fiat-shamir';
import { parseProof } from '../../../transcript/proof';
import type { OpenedPhase } from '../../../transcript/verifier-state';
import { bytecodeMultilinear } from '../../../vm/bytecode';
import { vmLayout } from '../../../vm/layout';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { BLAKE2S_TABLE, BYTECODE_FINAL_CNT, MEM_FINAL_CNT, QFLOCK } from '../../../vm/tables/columns';
import { readAnnounced } from '../../../vm/verify/announce';
import { verifyBus } from '../../../vm/verify/bus';
import { nativeSink } from '../../../vm/verify/deferred';
import { verifyPublicLine } from '../../../vm/verify/public-line';
import { routeClaims } from '../../../vm/verify/routing';
import { verifyTableSumcheck } from '../../../vm/verify/table-sumcheck';
import { vmVerifierState } from '../../../vm/verify/verify';
import { VerificationError } from '../../../transcript/errors';
import { type ChainRecord, chainWitness } from './chain';
import { pushOpening, wordCell } from './merkle';
import { challengeBits } from './positions';
import { gPow, pushEntry, type Streams } from './streams';
import { blockCells, powBits, transcriptEvents } from './transcript';

/** The commitment sizes log N the program's WHIR piece handles (WHIR_MIN_LOGN .. + 8, up to the largest stack size_bounds admits, 2^28), at log
 * inverse rate 1, and the point claims its batch takes. */
export const WHIR_MIN_LOGN = 20;
export const WHIR_LOGNS = 9;
export const POINT_CLAIMS = 110;
/** The batch's point claims: the framework's, the table columns', then the public line's. */
const FRAMEWORK_CLAIMS = 5, TABLE_CLAIMS = 102;

export interface WhirRecord {
  readonly streams: Streams;
  readonly logN: number;
  /** The batch's weight at the bound point (stackWeightAt), and the point, as the verifier has them. */
  readonly weight: E;
  readonly point: readonly E[];
  readonly phases: readonly OpenedPhase[];
  /** Where the opening's absorbs start in the `fs` stream (child_to_ring's come first). */
  readonly fsStart: number;
  /** child_to_ring's stages in the `fs` stream, and the child's shape. */
  readonly chain: Pick<ChainRecord, 'fsAt' | 'shape'>;
}

const coords = (p: Uint32Array): E[] => Array.from({ length: p.length / 6 }, (_, i) => p.slice(6 * i, 6 * i + 6));

/** A slice's point completed to n coordinates by its selector's bits (offset / 2^len). */
function fullPoint(point: Uint32Array, offset: number, n: number): E[] {
  const len = point.length / 6, sel = offset / 2 ** len;
  return [...coords(point), ...Array.from({ length: n - len }, (_, k) => (Math.floor(sel / 2 ** k) % 2 ? eOne() : eZero()))];
}

export function whirWitness(program: Program, publicInput: PublicInput, proofBytes: Uint8Array): WhirRecord {
  const vs = vmVerifierState(program, publicInput, parseProof(proofBytes));
  const { shape, logInvRate } = readAnnounced(vs, Math.log2(program.bytecode.length));
  const layout = vmLayout(shape);
  const root = vs.nextRoot();
  const bus = verifyBus(vs, shape);
  const sink = nativeSink(bytecodeMultilinear(program));
  const tables = verifyTableSumcheck(vs, shape, bus, sink.share?.(bus.sharePoint));
  sink.bytecode(tables.bytecode);
  const publicClaims = verifyPublicLine(vs, publicInput, shape.logMemory);
  const points = routeClaims(layout, [...bus.claims, ...tables.claims, ...publicClaims]);
  const flock = verifyFlock(vs, shape.taus[BLAKE2S_TABLE], (c) => sink.matrix(c)).claim;
  const n = layout.stack.logN;
  if (logInvRate !== 1 || n < WHIR_MIN_LOGN || n >= WHIR_MIN_LOGN + WHIR_LOGNS) {
    throw new RangeError(`a commitment of 2^${n} words at log inverse rate ${logInvRate} is outside the WHIR piece's window (2^${WHIR_MIN_LOGN}..2^${WHIR_MIN_LOGN + WHIR_LOGNS - 1}, rate 1)`);
  }
  if (points.length !== POINT_CLAIMS) throw new RangeError(`the batch has ${points.length} point claims, the program ${POINT_CLAIMS}`);
  const qflock = layout.placements[QFLOCK]!;
  const claims: StackClaims = { ring: { offset: qflock.offset, vars: qflock.vars, claims: [flock] }, points };
  const view = { logN: n, nLanes: layout.stack.nLanes };
  checkClaims(claims, view);

  const steps: TranscriptStep[] = [];
  vs.tapTranscript((s) => steps.push(s));
  vs.openedPhases = [];
  const batch = batchClaims(vs, claims);
  let weight: E = eZero(), rotated = new Uint32Array(0);
  verifyWhir(vs, {
    ...view, logInvRate, root, target: batch.target,
    weightAt: (x) => {
      rotated = x.slice();
      weight = stackWeightAt(claims, batch, x);
      return weight;
    },
  });
  vs.finish();
  const phases = vs.openedPhases;

  const chain = chainWitness(program, publicInput, proofBytes, true);
  const streams: Streams = chain.streams;
  streams.set('piece', [[gPow(5)]]);
  const fsStart = streams.get('fs')!.length;

  // The transcript in the program's order: each event checked to be the kind it expects.
  const events = transcriptEvents(steps);
  let at = 0;
  const next = <K extends string>(kind: K) => {
    const ev = events[at++];
    if (ev?.kind !== kind) throw new VerificationError(`WHIR hints: transcript event ${at - 1} is ${ev?.kind ?? 'missing'}, the program expects ${kind}`);
    return ev as Extract<(typeof events)[number], { kind: K }>;
  };
  const absorb = (k = 1) => {
    for (let i = 0; i < k; i++) pushEntry(streams, 'fs', blockCells(next('absorb').scalar));
  };
  const squeeze = (k = 1) => {
    for (let i = 0; i < k; i++) next('squeeze');
  };
  // a digest's half: one 128-bit cell
  const half = () => pushEntry(streams, 'fs', [wordCell(next('absorb').scalar, 0)]);

  squeeze(6);
  absorb(POINT_CLAIMS);
  squeeze();
  absorb();
  // the commitment root, bound again: the program absorbs the record's halves, nothing hinted
  next('absorb');
  next('absorb');
  absorb(2);
  const config = whirConfig(n, logInvRate);
  config.levels.forEach((level, i) => {
    const last = i === config.levels.length - 1, m = level.logMsgCols, d = level.logBlockLen;
    for (let j = 0; j < level.fold; j++) {
      squeeze();
      absorb(2);
    }
    if (!last) {
      half();
      half();
      squeeze(m);
      absorb(3);
    } else absorb(2 ** m);
    const grind = next('grind');
    pushEntry(streams, 'fs', blockCells(grind.nonce));
    pushEntry(streams, 'pow_bits', powBits(grind.check));
    for (let s = 0; s < Math.ceil(level.queries / Math.floor(192 / d)); s++) pushEntry(streams, 'challenge_bits', challengeBits(next('squeeze').challenge));
    squeeze();
    phases[i].openings.forEach((_, q) => pushOpening(streams, phases[i], q, true));
    absorb(2);
    if (last) {
      for (let j = 0; j < m; j++) {
        squeeze();
        if (j + 1 < m) absorb(2);
      }
    }
  });
  if (at !== events.length) throw new VerificationError(`WHIR hints: ${events.length - at} transcript events left over`);

  // ring_point: q_flock's offset's n bits, then t_k = [k < τ] for k < n - 8 (τ = its vars - 8)
  const bit = (v: number | boolean) => (v ? eOne() : eZero());
  pushEntry(streams, 'ring_bits', [
    ...Array.from({ length: n }, (_, k) => bit(Math.floor(qflock.offset / 2 ** k) % 2)),
    ...Array.from({ length: n - 8 }, (_, k) => bit(k < qflock.vars - 8)),
  ]);
  // the framework's five claims' and the public line's three points (memory_points checks each)
  const hinted = [...points.slice(0, FRAMEWORK_CLAIMS), ...points.slice(FRAMEWORK_CLAIMS + TABLE_CLAIMS)];
  pushEntry(streams, 'point_claims', hinted.flatMap((c) => fullPoint(claimPoint(c), c.offset, n)));
  // table_weights: each table's t_k = [k < τ_t]; column_weight: each table column's offset's bits
  const offsetBits = (o: number) => Array.from({ length: n }, (_, k) => bit(Math.floor(o / 2 ** k) % 2));
  pushEntry(streams, 'table_bits', shape.taus.flatMap((tau) => Array.from({ length: n }, (_, k) => bit(k < tau))));
  for (const c of points.slice(FRAMEWORK_CLAIMS, FRAMEWORK_CLAIMS + TABLE_CLAIMS)) pushEntry(streams, 'column_bits', offsetBits(c.offset));
  // memory_points: t_k = [k < h], then mem_0..2's and mem_final_cnt's offsets' n bits; u_k =
  // [k < kbc], then the bytecode final count's offset's n bits
  pushEntry(streams, 'memory_bits', [
    ...Array.from({ length: n }, (_, k) => bit(k < shape.logMemory)),
    ...[0, 1, 2, MEM_FINAL_CNT].flatMap((c) => offsetBits(layout.placements[c]!.offset)),
    ...Array.from({ length: n }, (_, k) => bit(k < shape.logBytecode)),
    ...offsetBits(layout.placements[BYTECODE_FINAL_CNT]!.offset),
  ]);
  // the bound point, un-rotated: the verifier's weight took its lane coordinates last
  const x = coords(rotated);
  const point = [...x.slice(n - INITIAL_FOLDING_FACTOR), ...x.slice(0, n - INITIAL_FOLDING_FACTOR)];
  pushEntry(streams, 'whir_out', [weight, ...point]);
  return { streams, logN: n, weight, point, phases, fsStart, chain: { fsAt: chain.fsAt, shape: chain.shape } };
}
