// aggregate(): n signatures on one (message, epoch) into one VM proof of the aggregation
// program. The request is checked natively first (checkSigners: every refusal names its signer),
// so the prover only ever runs on signatures the program accepts.
import { checkpoint } from '../../backend/abort';
import type { Backend } from '../../backend/backend';
import { LOG_INV_RATE_RULE, type ProveProgramOptions, VM_STAGES, type VmStage, proveProgram } from '../../vm/prove/prove';
import { checkOptions } from '../../util/options';
import type { Aggregate } from './aggregate-file';
import { AGGREGATE_PROGRAM_DIGEST, aggregationProgram } from './program';
import type { AggregateRequest } from './signers';
import { aggregateWitness } from './witness';

/** check: the signers verified natively and the witness built; compile: reading the
 * aggregation program (compiled at build time) on a process's first aggregate (0 after); then
 * the VM prover's stages. */
export type AggregateStage = 'check' | 'compile' | VmStage;
export const AGGREGATE_STAGES: readonly AggregateStage[] = ['check', 'compile', ...VM_STAGES];

export interface AggregateOptions {
  readonly backend: Backend;
  /** log2 of the inverse code rate, 1..4 (default 1, as upstream's aggregates). */
  readonly logInvRate?: number;
  /** Called as each stage starts, with the estimated share of the proof done before it. */
  readonly onProgress?: (stage: AggregateStage, fraction: number) => void;
  /** Called with the program's run's shape before the proof builds anything (ProveProgramOptions.onShape). */
  readonly onShape?: ProveProgramOptions['onShape'];
  /** Stops the aggregate at its next stage or backend call once aborted (AbortError, its buffers freed). */
  readonly signal?: AbortSignal;
}

export interface AggregateStats {
  readonly n: number;
  readonly stageMs: Readonly<Record<AggregateStage, number>>;
  /** The proven rows (the fill included) and the program's own steps. */
  readonly cycles: number;
  readonly programCycles: number;
  readonly h: number;
  readonly taus: readonly number[];
  readonly proofBytes: number;
}

/**
 * Proves that every signer signed `request.message` at `request.epoch`. Refuses a bad request
 * before proving (AggregateInputError naming the signer: malformed, a key range missing the
 * epoch, a duplicate key, a signature that does not verify).
 */
export async function aggregate(request: AggregateRequest, options: AggregateOptions): Promise<{ aggregate: Aggregate; stats: AggregateStats }> {
  checkOptions('aggregate', options, { backend: 'backend', logInvRate: LOG_INV_RATE_RULE, onProgress: 'function', onShape: 'function', signal: 'signal' }, ['backend']);
  const { onProgress, signal } = options;
  onProgress?.('check', 0);
  await checkpoint(signal, 'check');
  let t = performance.now();
  const witness = aggregateWitness(request);
  const checkMs = performance.now() - t;
  onProgress?.('compile', 0);
  await checkpoint(signal, 'compile');
  t = performance.now();
  const program = aggregationProgram();
  const compileMs = performance.now() - t;
  const { proof, stats } = await proveProgram(program, witness.publicInput, {
    backend: options.backend, witness: witness.streams, logInvRate: options.logInvRate, onProgress, onShape: options.onShape, signal,
  });
  return {
    aggregate: { programDigest: AGGREGATE_PROGRAM_DIGEST, publicKeys: witness.publicKeys, proof },
    stats: {
      n: witness.publicKeys.length,
      stageMs: { check: checkMs, compile: compileMs, ...stats.stageMs },
      cycles: stats.cycles,
      programCycles: stats.programCycles,
      h: stats.h,
      taus: stats.taus,
      proofBytes: stats.proofBytes,
    },
  };
}
