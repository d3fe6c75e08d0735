// The VM verifier end to end, in the protocol's order (leanVM-b cpu::verify): the announced
// sizes, the commitment root, the bus (fingerprint, GKR, framework values), the table sumcheck,
// the public-input line, then Flock on the BLAKE2S rows and one ring-switched stacked opening of
// every claim, and the whole proof consumed.
import { type FlockClaim } from '../../flock/lincheck/claim';
import { verifyFlock } from '../../flock/verify';
import type { StackClaims } from '../../pcs/stack/claims';
import { verifyStackedOpening } from '../../pcs/stack/verifier';
import { VerificationError } from '../../transcript/errors';
import { parseProof, type Proof, serializeRawProof } from '../../transcript/proof';
import { VerifierState } from '../../transcript/verifier-state';
import { checkOptions } from '../../util/options';
import { bytecodeMultilinear, transcriptStatement, VM_TRANSCRIPT_LABEL } from '../bytecode';
import { TABLES, type TableName } from '../isa';
import { vmLayout } from '../layout';
import type { Program } from '../program';
import type { PublicInput } from '../public-input';
import { BLAKE2S_TABLE, QFLOCK } from '../tables/columns';
import { readAnnounced } from './announce';
import { verifyBus } from './bus';
import { type DeferredSink, nativeSink } from './deferred';
import { verifyPublicLine } from './public-line';
import { routeClaims } from './routing';
import { verifyTableSumcheck } from './table-sumcheck';

/** What a valid proof announced and how big it was. */
export interface VmProofSummary {
  readonly h: number;
  readonly tau: Readonly<Record<TableName, number>>;
  readonly logInvRate: number;
  /** log2 of the stacked commitment's words, and its committed lane blocks. */
  readonly mu: number;
  readonly nLanes: number;
  readonly streamScalars: number;
  readonly merklePhases: readonly { readonly rows: number; readonly rowWords: number; readonly siblings: number }[];
}

/** `raw`: the proof's raw form (one opening per query, the Python verifier's input), when asked for. */
export type VmVerdict = { valid: true; summary: VmProofSummary; raw?: Uint8Array } | { valid: false; reason: string };

export interface VerifyProgramOptions {
  /** Also return the raw form of a valid proof, expanded while verifying it (the reference
   * verifier's `VerifySummary::raw`). */
  readonly raw?: boolean;
}

/** The transcript a proof of `program` on `publicInput` is read with. */
export function vmVerifierState(program: Program, publicInput: PublicInput, proof: Proof): VerifierState {
  return new VerifierState(VM_TRANSCRIPT_LABEL, transcriptStatement(program, publicInput), proof);
}

/**
 * Runs every check on `vs` (throws VerificationError naming the first that fails). The bytecode
 * share and Flock's matrix term go to `sink` where they arise: by default evaluated natively at
 * once; a recording sink defers them (./deferred.ts, docs/recursion.md §2.1).
 */
export function verifyExecution(vs: VerifierState, program: Program, publicInput: PublicInput, proof: Proof, sink?: DeferredSink): VmProofSummary {
  const logBytecode = Math.log2(program.bytecode.length);
  const { shape, logInvRate } = readAnnounced(vs, logBytecode);
  const layout = vmLayout(shape);
  const root = vs.nextRoot();
  const bus = verifyBus(vs, shape);
  const to = sink ?? nativeSink(bytecodeMultilinear(program));
  const tables = verifyTableSumcheck(vs, shape, bus, to.share?.(bus.sharePoint));
  to.bytecode(tables.bytecode);
  const publicClaims = verifyPublicLine(vs, publicInput, shape.logMemory);
  const points = routeClaims(layout, [...bus.claims, ...tables.claims, ...publicClaims]);
  const flock: FlockClaim = verifyFlock(vs, shape.taus[BLAKE2S_TABLE], (c) => to.matrix(c)).claim;
  const qflock = layout.placements[QFLOCK]!;
  const claims: StackClaims = { ring: { offset: qflock.offset, vars: qflock.vars, claims: [flock] }, points };
  verifyStackedOpening(vs, { logN: layout.stack.logN, nLanes: layout.stack.nLanes, logInvRate, root }, claims);
  vs.finish();
  return {
    h: shape.logMemory,
    tau: Object.fromEntries(TABLES.map((t, i) => [t, shape.taus[i]])) as Record<TableName, number>,
    logInvRate,
    mu: layout.stack.logN,
    nLanes: layout.stack.nLanes,
    streamScalars: proof.stream.length / 6,
    merklePhases: proof.merkle.map((p) => ({ rows: p.leafData.length, rowWords: (p.leafData[0]?.length ?? 0) / 2, siblings: p.siblingHashes.length })),
  };
}

/**
 * Checks a proof of `program`'s execution with public input `publicInput`. Bytes that are no proof
 * throw ProofFormatError; a proof that parses and fails a check is `{ valid: false, reason }`;
 * `{ raw: true }` adds a valid proof's raw form.
 */
export function verifyProgram(program: Program, publicInput: PublicInput, proofBytes: Uint8Array, options: VerifyProgramOptions = {}): VmVerdict {
  checkOptions('verifyProgram', options, { raw: 'boolean' });
  const proof = parseProof(proofBytes);
  const vs = vmVerifierState(program, publicInput, proof);
  if (options.raw) vs.rawOpenings = [];
  try {
    const summary = verifyExecution(vs, program, publicInput, proof);
    if (vs.rawOpenings === undefined) return { valid: true, summary };
    return { valid: true, summary, raw: serializeRawProof({ stream: proof.stream, merkle: vs.rawOpenings }) };
  } catch (e) {
    if (e instanceof VerificationError) return { valid: false, reason: e.message };
    throw e;
  }
}
