// The hints of the node program's one-chain child verification (programs/aggregate-node.py,
// child_to_ring) for one child: the child verified by the TypeScript verifier with every absorbed
// scalar's block cells recorded in stream order (the statement's four, the sizes, the root's
// halves as one 128-bit cell each, then everything through Flock), the hinted values the program
// checks (the sizes' bits, the ceil-log differences' bits, the bus depth, max τ, μ, the bytecode
// share), and the child's record as the verifier computes it (`child_expect`, OUT_* of the
// program), which the test harness pre-writes so every write of the program is checked.
import { type E, eAdd, eMul, eOne, eZero } from '../../../field/e';
import type { TranscriptStep } from '../../../transcript/fiat-shamir';
import { verifyFlock } from '../../../flock/verify';
import type { MatrixTermClaim } from '../../../flock/lincheck/claim';
import { coordinateWeights, RING_MAP_SHIFTS, ringSwitchTarget } from '../../../pcs/ring-switch';
import { parseProof } from '../../../transcript/proof';
import { rootToScalars } from '../../../transcript/root';
import { TAG_SCALAR } from '../../../transcript/tags';
import { bytecodeMultilinear, fsSeed } from '../../../vm/bytecode';
import { columnLogSizes, stackLog, vmLayout, type VmShape } from '../../../vm/layout';
import { leafLayout } from '../../../vm/leaves';
import type { Program } from '../../../vm/program';
import type { PublicInput } from '../../../vm/public-input';
import { BLAKE2S_TABLE } from '../../../vm/tables/columns';
import { readAnnounced } from '../../../vm/verify/announce';
import { verifyBus } from '../../../vm/verify/bus';
import { readFrameworkValues } from '../../../vm/verify/framework';
import { verifyGrandProducts } from '../../../vm/verify/gkr';
import { nativeSink, recordingSink } from '../../../vm/verify/deferred';
import { verifyPublicLine } from '../../../vm/verify/public-line';
import { verifyTableSumcheck } from '../../../vm/verify/table-sumcheck';
import { vmVerifierState } from '../../../vm/verify/verify';
import { wordCell } from './merkle';
import { gPow, pushEntry, type Streams } from './streams';
import { blockCells } from './transcript';

/** The program's record offsets (OUT_* of programs/aggregate-node.py). */
export const OUT = {
  chain: 0, ring: 2, ringF: 3, share: 9, matrix: 10, sizes: 93, mu: 101, depth: 102, maxTau: 103, alpha: 104, beta: 108,
  zeta: 109, leaves: 141, framework: 144, xi: 149, tpoint: 150, columns: 178, line: 280, public: 284, sel: 286, w: 349, totals: 365,
  shareWeights: 368, tableWeights: 371, place: 377, chiOut: 467, root: 483, lb: 485, checked: 486,
} as const;

/** The bus depths the program's GKR handles (GKR_MIN_DEPTH .. + 7) and the stack's floor. */
export const GKR_MIN_DEPTH = 16;
export const GKR_DEPTHS = 8;
const MIN_STACK_LOG = 15;

export interface ChainRecord {
  /** The streams child_to_ring pops, in its order (the statement's four blocks first in `fs`). */
  readonly streams: Streams;
  /** The child's record as the verifier computes it: cells 0 .. OUT.checked. */
  readonly record: readonly E[];
  readonly shape: VmShape;
  readonly busDepth: number;
  /** Where each stage's absorbs start in the `fs` stream. */
  readonly fsAt: { readonly gkr: number; readonly framework: number; readonly table: number; readonly columns: number; readonly line: number; readonly flock: number };
  readonly matrix: MatrixTermClaim;
  readonly ringTarget: E;
}

const bits = (n: number, k: number): E[] => Array.from({ length: k }, (_, b) => (Math.floor(n / 2 ** b) % 2 ? eOne() : eZero()));

/** The test piece's streams: main's piece (g^2 with the record pre-written from `child_expect`;
 * `bare`, g^4, as the node runs it), the child's statement for the call, then childStreams'. */
export function chainWitness(program: Program, publicInput: PublicInput, proofBytes: Uint8Array, bare = false): ChainRecord {
  const rec = childStreams(program, publicInput, proofBytes);
  const seed = fsSeed(program);
  const streams: Streams = new Map([
    ['piece', [[gPow(bare ? 4 : 2)]]],
    ['child_statement', [[seed[0], seed[1], publicInput[0], publicInput[1], gPow(Math.log2(program.bytecode.length))]]],
    ...(bare ? [] : [['child_expect', [rec.record.slice()]] as [string, E[][]]]),
    ...rec.streams,
  ]);
  return { ...rec, streams };
}

/** What child_to_ring pops for one child (a node's host puts these in its streams, child after
 * child), and the record the TypeScript verifier computes beside. */
export function childStreams(program: Program, publicInput: PublicInput, proofBytes: Uint8Array): ChainRecord {
  const logBytecode = Math.log2(program.bytecode.length);
  const vs = vmVerifierState(program, publicInput, parseProof(proofBytes));
  const streams: Streams = new Map();
  const out: E[] = Array.from({ length: OUT.checked }, () => eZero());
  const put = (at: number, ...v: E[]) => v.forEach((x, i) => (out[at + i] = x.slice(0, 6)));
  const seed = fsSeed(program);
  const fs: E[][] = [];
  streams.set('fs', fs);
  for (const s of [...seed, ...publicInput]) fs.push(blockCells(s));
  const absorb = (on: boolean) => vs.tapTranscript(on ? (s) => {
    if (s.tag === TAG_SCALAR) fs.push(blockCells(s.data));
  } : undefined);

  absorb(true);
  const { shape, logInvRate } = readAnnounced(vs, logBytecode);
  absorb(false);
  const sizes = [shape.logMemory, ...shape.taus, logInvRate];
  sizes.forEach((n, k) => {
    pushEntry(streams, 'size_bits', bits(n, 6));
    put(OUT.sizes + k, gPow(n));
  });
  // size_bounds: μ, then the stack's words below 2^μ
  const mu = stackLog(shape);
  const words = columnLogSizes(shape).reduce<number>((n, k) => n + (k === null ? 0 : 2 ** k), 0);
  pushEntry(streams, 'stack_log', [gPow(mu - MIN_STACK_LOG)]);
  pushEntry(streams, 'ceil_bits', bits(2 ** mu - words, mu === MIN_STACK_LOG ? mu : mu - 1));
  put(OUT.mu, gPow(mu));
  const halves = rootToScalars(vs.nextRoot());
  fs.push([halves.slice(0, 6)], [halves.slice(6, 12)]);
  put(OUT.root, halves.slice(0, 6), halves.slice(6, 12));
  put(OUT.lb, gPow(logBytecode));

  // the bus: α, β and the GKR read again on a twin transcript for the record's values
  const twin = vmVerifierState(program, publicInput, parseProof(proofBytes));
  readAnnounced(twin, logBytecode);
  twin.nextRoot();
  const alphas = twin.sampleVec(4);
  const beta = twin.sample();
  const layout = leafLayout(shape);
  const { depth } = layout;
  if (depth < GKR_MIN_DEPTH || depth >= GKR_MIN_DEPTH + GKR_DEPTHS) throw new RangeError(`a bus of depth ${depth} is outside the GKR's window ${GKR_MIN_DEPTH}..${GKR_MIN_DEPTH + GKR_DEPTHS - 1}`);
  const W = layout.push.blocks.reduce((n, b) => n + 2 ** b.logRows, 0);
  pushEntry(streams, 'gkr_depth', [gPow(depth - GKR_MIN_DEPTH)]);
  pushEntry(streams, 'ceil_bits', bits(2 ** depth - W, depth - 1));
  put(OUT.depth, gPow(depth));
  put(OUT.alpha, ...Array.from({ length: 4 }, (_, i) => alphas.subarray(6 * i, 6 * i + 6)));
  put(OUT.beta, beta);

  absorb(true);
  const at = { gkr: fs.length, framework: 0, table: 0, columns: 0, line: 0, flock: 0 };
  const bus = verifyBus(vs, shape);
  at.framework = fs.length - 5;
  const zeta = bus.point;
  put(OUT.zeta, ...Array.from({ length: depth }, (_, c) => zeta.subarray(6 * c, 6 * c + 6)));
  const gkr = verifyGrandProducts(twin, depth);
  put(OUT.leaves, ...gkr.leaves);
  const fw = readFrameworkValues(twin, shape, gkr.point);
  put(OUT.framework, ...[0, 1, 2].map((l) => fw.memory.subarray(6 * l, 6 * l + 6)), fw.memoryFinal, fw.bytecodeFinal);

  // the leaf layout: which group of blocks comes first, each block's offset
  const groupLogs = [0, shape.logMemory, logBytecode, ...shape.taus];
  const order: E[] = [];
  for (let b = 1; b < 9; b++) for (let a = 0; a < b; a++) order.push(groupLogs[a] >= groupLogs[b] ? eOne() : eZero());
  pushEntry(streams, 'layout_order', order);
  for (const blk of [...layout.push.blocks, ...layout.count.blocks]) pushEntry(streams, 'block_digits', Array.from({ length: 6 }, (_, m) => gPow(Math.floor(blk.offset / 16 ** m) % 16)));
  const sides = bus.sides;
  put(OUT.sel, ...[...sides[0].framework, ...sides[0].blocks, ...sides[2].blocks].map((b) => b.selector));
  put(OUT.w, ...Array.from({ length: 16 }, (_, i) => sides[0].weights.subarray(6 * i, 6 * i + 6)));
  put(OUT.totals, ...bus.totals);
  put(OUT.shareWeights, ...bus.shareWeights);
  // the stack's groups: the memory's columns, the bytecode's final count, q_flock, the tables'
  const stackLogs = [shape.logMemory, logBytecode, 8 + shape.taus[BLAKE2S_TABLE], ...shape.taus];
  const stackOrder: E[] = [];
  for (let b = 1; b < 9; b++) for (let a = 0; a < b; a++) stackOrder.push(stackLogs[a] >= stackLogs[b] ? eOne() : eZero());
  pushEntry(streams, 'stack_order', stackOrder);
  put(OUT.place, ...vmLayout(shape).stack.offsets.map((o) => gPow(o)));

  // the bytecode share, evaluated once: the record's value and the table sumcheck's
  const sink = recordingSink(nativeSink(bytecodeMultilinear(program)));
  const share = sink.share!(bus.sharePoint);
  const d = Math.max(...shape.taus);
  pushEntry(streams, 'depth', [gPow(d)]);
  pushEntry(streams, 'bytecode_share', [share]);
  put(OUT.share, share);
  put(OUT.maxTau, gPow(d));
  at.table = fs.length;
  const steps: TranscriptStep[] = [];
  vs.tapTranscript((s) => {
    steps.push(s);
    if (s.tag === TAG_SCALAR) fs.push(blockCells(s.data));
  });
  const tables = verifyTableSumcheck(vs, shape, bus, share);
  sink.bytecode(tables.bytecode);
  at.columns = fs.length - 102;
  at.line = fs.length;
  const line = verifyPublicLine(vs, publicInput, shape.logMemory);
  const squeezes = steps.filter((s) => s.tag !== TAG_SCALAR).map((s) => s.out.slice(0, 6));
  put(OUT.xi, squeezes[0]);
  // round j draws coordinate d - 1 - j
  for (let j = 0; j < d; j++) put(OUT.tpoint + d - 1 - j, squeezes[1 + j]);
  // each table's eq weight at the sumcheck's point
  shape.taus.forEach((tau, t) => {
    let weight = eOne();
    for (let v = 0; v < d; v++) {
      const r = out[OUT.tpoint + v];
      const eq = eAdd(zeta.subarray(6 * v, 6 * v + 6), r);
      eq[0] ^= 1;
      weight = eMul(weight, tau > v ? eq : r);
    }
    put(OUT.tableWeights + t, weight);
  });
  put(OUT.columns, ...tables.claims.map((c) => c.value));
  put(OUT.line, line[0].point.subarray(0, 6), ...line.map((c) => c.value));
  put(OUT.public, publicInput[0], publicInput[1]);

  absorb(true);
  at.flock = fs.length;
  const { zerocheck, claim: flock } = verifyFlock(vs, shape.taus[BLAKE2S_TABLE], (c) => sink.matrix(c));
  const chiOut = zerocheck.chi.subarray(6 * 8);
  put(OUT.chiOut, ...Array.from({ length: chiOut.length / 6 }, (_, i) => chiOut.subarray(6 * i, 6 * i + 6)));
  absorb(false);
  const f = vs.sampleVec(RING_MAP_SHIFTS.length);
  const ringTarget = ringSwitchTarget(flock.s, coordinateWeights(f));
  const matrix = sink.claims().matrix;
  const cells = (p: Uint32Array) => Array.from({ length: p.length / 6 }, (_, i) => p.subarray(6 * i, 6 * i + 6));
  put(OUT.matrix, matrix.z, ...cells(matrix.chiIn), matrix.alpha, ...cells(matrix.chiInPrime), ...cells(matrix.s), matrix.value);
  put(OUT.ring, ringTarget);
  put(OUT.ringF, ...cells(f));
  const cv = vs.state();
  put(OUT.chain, wordCell(cv, 0), wordCell(cv, 4));
  return { streams, record: out, shape, busDepth: depth, fsAt: at, matrix, ringTarget };
}
