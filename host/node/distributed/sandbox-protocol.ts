// The messages between a worker and its prover process (sandbox.ts, prover-process.ts): the
// worker sends a job; the prover answers with progress, then one outcome. An outcome's kind
// decides the job's fate in BullMQ: `done` completes it, `refused` fails the tree at once (bad
// input: retrying cannot help), `too-large` leaves it for another worker, `failed` is retried.
import type { TreeJobData, TreeJobResult } from './jobs';

export interface ProverConfig {
  readonly backend: string;
  readonly threads?: number;
  /** Bytes a proof may take here (--max-memory); default what the machine offers. */
  readonly maxMemory?: number;
  /** A module whose default export is the node program record; default the real program. */
  readonly nodeProgram?: string;
  readonly worker: string;
}

export type ProverRequest =
  | { readonly type: 'job'; readonly id: string; readonly data: TreeJobData; readonly children?: readonly string[] };

export type ProverOutcome =
  | { readonly type: 'done'; readonly id: string; readonly result: TreeJobResult }
  | { readonly type: 'refused' | 'too-large' | 'failed'; readonly id: string; readonly message: string };

export type ProverMessage =
  /** nodeProgram: the node program's digest (hex), or why there is none (nodeProgramError). */
  | { readonly type: 'ready'; readonly backend: string; readonly why: string; readonly nodeProgram?: string; readonly nodeProgramError?: string }
  | { readonly type: 'unavailable'; readonly message: string }
  | { readonly type: 'progress'; readonly id: string; readonly stage: string; readonly fraction: number }
  | ProverOutcome;
