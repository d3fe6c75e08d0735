// The VM prover end to end, in the protocol's order (leanVM-b cpu::prove; src/vm/verify/verify.ts
// reads it back): run the program, build the columns and commit them as one stack, announce the
// sizes and send the root, prove the bus (./bus.ts: fingerprints, the grand-product GKR, the
// framework values), the table sumcheck, the public-input line (./public-line.ts), then Flock on the BLAKE2S rows and one
// ring-switched stacked opening of every claim.
import { abortable, checkpoint, nextTurn, throwIfAborted } from '../../backend/abort';
import type { Backend, DeviceBuffer } from '../../backend/backend';
import type { DoneWith, FlockColumns } from '../../backend/flock-passes';
import { proofStages } from '../../backend/stages';
import type { StageTraffic } from '../../backend/traffic';
import { proveFlockOn } from '../../flock/reduction';
import { provePublicLine } from './public-line';
import type { StackClaims } from '../../pcs/stack/claims';
import { proveStackedOpening } from '../../pcs/stack/prover';
import { commitWitness, freeCommitment, type WhirCommitment } from '../../pcs/whir/commit';
import { serializeProof } from '../../transcript/proof';
import { ProverState } from '../../transcript/prover-state';
import { checkOptions } from '../../util/options';
import { bytecodeMultilinear, transcriptStatement, VM_TRANSCRIPT_LABEL } from '../bytecode';
import { ProveError } from '../errors';
import { EXECUTE_RULES, type Execution } from '../execute';
import { type VmLayout, type VmShape, MAX_STACK_LOG, MIN_STACK_LOG, shapeProblem, stackLog, vmLayout } from '../layout';
import type { Program } from '../program';
import type { PublicInput } from '../public-input';
import { BLAKE2S_TABLE, N_COLUMNS, QFLOCK, QFLOCK_SLOT_BITS, TABLE_BASES, virtualSlot } from '../tables/columns';
import { TABLE_SCHEMAS } from '../tables/schema';
import type { ColumnClaim } from '../verify/claims';
import { routeClaims } from '../verify/routing';
import type { WitnessStreams } from '../witness-streams';
import { proveBus } from './bus';
import { blankColumns, buildColumns } from './columns';
import { flockInputs } from './flock-inputs';
import { executeToFloor } from './committed-floor';
import { hostWords } from './host-words';
import { tableForms } from './table-forms';
import { proveTableSumcheck } from './table-sumcheck';

export type VmStage = 'execute' | 'witness' | 'commit' | 'bus' | 'tables' | 'flock' | 'opening';
export const VM_STAGES: readonly VmStage[] = ['execute', 'witness', 'commit', 'bus', 'tables', 'flock', 'opening'];

// Each stage's rough share of a proof, for progress only.
const STAGE_SHARE: Record<VmStage, number> = { execute: 0.01, witness: 0.04, commit: 0.1, bus: 0.35, tables: 0.1, flock: 0.1, opening: 0.3 };

/** The rule of a logInvRate option (src/util/options.ts). */
export const LOG_INV_RATE_RULE = { integer: [1, 4] } as const;

export interface ProveProgramOptions {
  readonly backend: Backend;
  /** Witness streams replacing the program's own of the same name. */
  readonly witness?: WitnessStreams;
  /** log2 of the inverse rate, 1..4 (default 1). */
  readonly logInvRate?: number;
  readonly maxCycles?: number;
  /** Called as each stage starts with the estimated share of the proof done before it, and
   * once at the end with ('opening', 1). */
  readonly onProgress?: (stage: VmStage, fraction: number) => void;
  /** Called with the run's shape once it is known, before any column is built (so a caller can
   * weigh the proof's memory, ./memory.ts, and refuse it by throwing). */
  readonly onShape?: (shape: VmShape, logInvRate: number) => void;
  /** Stops the proof at its next backend call or stage once aborted: AbortError, its buffers
   * freed (src/backend/abort.ts). */
  readonly signal?: AbortSignal;
}

export interface ProgramProof {
  readonly proof: Uint8Array;
  readonly stats: {
    readonly cycles: number;
    readonly programCycles: number;
    readonly taus: readonly number[];
    readonly h: number;
    readonly stageMs: Record<VmStage, number>;
    readonly proofBytes: number;
    /** Per stage from witness on, on a backend that meters its device traffic. */
    readonly traffic?: Record<VmStage, StageTraffic>;
  };
}

/** The shape a run announces, or a ProveError saying why the run cannot be proved. */
function shapeOf(program: Program, exec: Execution, logInvRate: number): VmShape {
  if (exec.taus === null) throw new ProveError(`the run's tables (${exec.rowCounts.join(', ')} rows) are not all powers of two, and the program has no fill blocks that make them so`);
  if (exec.unconstrainedReads.length > 0) {
    throw new ProveError(`the run read ${exec.unconstrainedReads.length} cell(s) nothing writes (first ${exec.unconstrainedReads.slice(0, 8).join(', ')}): a value from outside the constraints, a compiler bug`);
  }
  const shape: VmShape = { logMemory: exec.logMem, taus: exec.taus, logBytecode: Math.log2(program.bytecode.length) };
  const problem = shapeProblem(shape, logInvRate);
  if (problem !== null) throw new ProveError(`the run cannot be proved: ${problem}`);
  const mu = stackLog(shape);
  if (mu < MIN_STACK_LOG || mu > MAX_STACK_LOG) throw new ProveError(`the run commits a stack of 2^${mu} words, outside 2^${MIN_STACK_LOG}..2^${MAX_STACK_LOG}`);
  return shape;
}

/**
 * The run's columns as views of the commitment's stack on its backend: a committed column its
 * slice, a BLAKE2S value column its slot of every row of q_flock's slice.
 */
function stackColumns(backend: Backend, layout: VmLayout, commitment: WhirCommitment): DeviceBuffer[] {
  const qflock = layout.placements[QFLOCK]!;
  return Array.from({ length: N_COLUMNS }, (_, c) => {
    const p = layout.placements[c];
    if (p !== null) return backend.vm.view(commitment.witness, p.offset, 2 ** p.vars);
    const slot = virtualSlot(c);
    if (slot === undefined) throw new Error(`column ${c} is neither committed nor a slot of q_flock`);
    return backend.vm.view(commitment.witness, qflock.offset + slot, 2 ** (qflock.vars - QFLOCK_SLOT_BITS), 2 ** QFLOCK_SLOT_BITS);
  });
}

/** Flock's witness columns on `backend`, each freed once: a and b when the zerocheck is done
 * with them, the rest at the end. */
function heldColumns(backend: Backend, cols: FlockColumns): { doneWith: DoneWith; freeAll(): void } {
  // A z over the stack's words is the stack's.
  const held = new Set(cols.zInto ? [cols.a, cols.b] : [cols.z, cols.a, cols.b]);
  const doneWith = (col: DeviceBuffer): void => {
    if (held.delete(col)) backend.free(col);
  };
  return { doneWith, freeAll: () => held.forEach(doneWith) };
}

/** The transcript a proof of `program` on `publicInput` is written with. */
export function vmProverState(program: Program, publicInput: PublicInput): ProverState {
  return new ProverState(VM_TRANSCRIPT_LABEL, transcriptStatement(program, publicInput));
}

/** Proves the execution of `program` on `publicInput`. */
export async function proveProgram(program: Program, publicInput: PublicInput, options: ProveProgramOptions): Promise<ProgramProof> {
  checkOptions('proveProgram', options, {
    backend: 'backend', witness: EXECUTE_RULES.witness, logInvRate: LOG_INV_RATE_RULE, maxCycles: EXECUTE_RULES.maxCycles, onProgress: 'function', onShape: 'function', signal: 'signal',
  }, ['backend']);
  return proveInto(vmProverState(program, publicInput), program, publicInput, options);
}

/** proveProgram on a prover state of the caller's (vmProverState's, or one that records). */
export async function proveInto(ps: ProverState, program: Program, publicInput: PublicInput, options: ProveProgramOptions): Promise<ProgramProof> {
  const t0 = performance.now();
  options.onProgress?.('execute', 0);
  await checkpoint(options.signal, 'execute');
  const exec = executeToFloor(program, publicInput, { witness: options.witness, maxCycles: options.maxCycles, steps: options.backend.vm.steps });
  return proveExecution(ps, program, publicInput, exec, options, performance.now() - t0);
}

/**
 * Proves a run of `program` as it stands (execute's, or one a test has changed to show that the
 * verifier refuses it) on `ps`; `executeMs` is reported as the execute stage.
 */
export async function proveExecution(ps: ProverState, program: Program, publicInput: PublicInput, exec: Execution, options: ProveProgramOptions, executeMs = 0): Promise<ProgramProof> {
  const { onProgress, signal } = options;
  const backend = abortable(options.backend, signal);
  const words = hostWords(backend.vm);
  const logInvRate = options.logInvRate ?? 1;
  const stages = proofStages(backend, VM_STAGES, STAGE_SHARE, () => ps.rounds, onProgress, STAGE_SHARE.execute, signal);
  stages.ms.execute = executeMs;
  const stage = stages.run.bind(stages);

  const shape = shapeOf(program, exec, logInvRate);
  options.onShape?.(shape, logInvRate);
  const layout = vmLayout(shape);
  const bytecode = bytecodeMultilinear(program);
  const tauB = shape.taus[BLAKE2S_TABLE];
  const witnessed = await stage('witness', async () => {
    // Flock's witness of the BLAKE2S rows on the backend, their identical tail its padding,
    // started first: a backend that runs it off this thread (native, 2 threads or more) does
    // so while the columns are gathered here. Its z is q_flock, which the stack commits: a
    // host backend writes it into the stack's slice, a device gets a copy of its own. Stopped
    // here (an abort, a refused allocation), the stack goes back with Flock's columns, once
    // the witness no longer writes to it.
    const blank = blankColumns(layout, words);
    let pending: Promise<FlockColumns> | undefined;
    let held: ReturnType<typeof heldColumns> | undefined;
    try {
      pending = backend.flock.witness(flockInputs(program, exec), tauB, blank.columns[QFLOCK]);
      // Settled below, whatever comes first.
      pending.catch(() => {});
      // A backend for a signal may wait a turn before it starts a call.
      if (signal !== undefined) await nextTurn();
      const run = await buildColumns(program, exec, layout, blank, backend.vm.gatherPairs);
      const flock = await pending;
      held = heldColumns(backend, flock);
      if (!flock.zInto) run.columns[QFLOCK].set(await backend.download(flock.z));
      return { run, flock, held };
    } catch (e) {
      if (held === undefined) {
        const flock = await pending?.catch(() => undefined);
        if (flock !== undefined) held = heldColumns(backend, flock);
      }
      held?.freeAll();
      words.give(blank.stack);
      throw e;
    }
  });
  const { run, held } = witnessed;
  let { flock } = witnessed;

  try {
    for (const n of [shape.logMemory, ...shape.taus, logInvRate]) ps.addScalar(Uint32Array.of(n, 0, 0, 0, 0, 0));
    // The commitment holds the stack from here on, and the columns are read there (a z written
    // into the stack too): the backend owns the stack's words (a host backend commits them in
    // place, with no copy), freed with the commitment or here if the commit fails.
    let owned = false;
    const commitment = await stage('commit', async () => {
      owned = true;
      const witness = await backend.vm.own('K', run.stack);
      try {
        return await commitWitness(backend, witness, layout.stack.logN, logInvRate);
      } catch (e) {
        backend.free(witness);
        throw e;
      }
    }).finally(() => owned || words.give(run.stack));
    if (flock.zInto) flock = { ...flock, z: backend.vm.view(commitment.witness, layout.placements[QFLOCK]!.offset, flock.z.length) };
    try {
      ps.addRoot(commitment.root);
      const columns = stackColumns(backend, layout, commitment);
      const bus = await stage('bus', () => proveBus(ps, backend, shape, columns, bytecode));
      const tableClaims = await stage('tables', async () => {
        const forms = tableForms(ps.sample(), shape, bus.zeta, bus.fp);
        const tableColumns = TABLE_SCHEMAS.map((s, t) => s.columns.map((_, i) => columns[TABLE_BASES[t] + i]));
        const { values, point } = await proveTableSumcheck(ps, backend, shape.taus, tableColumns, forms, bus.zeta);
        return TABLE_SCHEMAS.flatMap((s, t) => s.columns.map((_, i): ColumnClaim => ({
          column: TABLE_BASES[t] + i, point: point.subarray(0, 6 * shape.taus[t]), value: values[t].subarray(6 * i, 6 * i + 6),
        })));
      });
      const publicClaims = provePublicLine(ps, publicInput, shape.logMemory);
      const flockClaim = await stage('flock', async () => (await proveFlockOn(backend, flock, ps, { doneWith: held.doneWith })).claim);
      await stage('opening', () => {
        const points = routeClaims(layout, [...bus.claims, ...tableClaims, ...publicClaims]);
        const qflock = layout.placements[QFLOCK]!;
        const claims: StackClaims = { ring: { offset: qflock.offset, vars: qflock.vars, claims: [flockClaim] }, points };
        return proveStackedOpening(ps, commitment, claims);
      });
    } finally {
      freeCommitment(commitment);
    }
  } finally {
    held.freeAll();
  }
  throwIfAborted(signal, 'opening');
  onProgress?.('opening', 1);
  const proof = serializeProof(ps.finish());
  return {
    proof,
    stats: { cycles: exec.cycles, programCycles: exec.programCycles, taus: shape.taus, h: shape.logMemory, stageMs: stages.ms, proofBytes: proof.length, ...(stages.traffic === undefined ? {} : { traffic: stages.traffic }) },
  };
}


