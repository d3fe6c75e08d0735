// The worker's side of its prover process (prover-process.ts): started once, kept for every job
// (its backend and program caches stay warm), restarted when it dies. A job whose prover dies
// under it fails as a transient failure (BullMQ retries it); release() kills the prover so the
// worker can hand its job back at once.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BackendUnavailableError } from '../backends';
import type { TreeJobData } from './jobs';
import type { ProverConfig, ProverMessage, ProverOutcome } from './sandbox-protocol';

export type Ready = Extract<ProverMessage, { type: 'ready' }>;

export interface ProverSandbox {
  /** The prover's backend and node program, once it has opened them. */
  readonly ready: Promise<Ready>;
  run(id: string, data: TreeJobData, children: readonly string[] | undefined, onProgress: (stage: string, fraction: number) => void): Promise<ProverOutcome>;
  /** Kills the prover (a job under way comes back `failed`). */
  kill(): void;
}

/** The prover script beside this bundle (dist/node/tree-prover.js). */
const proverScript = () => fileURLToPath(new URL('./tree-prover.js', import.meta.url));

export function proverSandbox(config: ProverConfig, script = proverScript()): ProverSandbox {
  let child: ChildProcess;
  let ready!: Promise<Ready>;
  let pending: { id: string; resolve: (o: ProverOutcome) => void; onProgress: (stage: string, fraction: number) => void } | undefined;
  let stopped = false;

  const start = () => {
    child = fork(script, [JSON.stringify(config)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    ready = new Promise<Ready>((resolve, reject) => {
      child.on('message', (m: ProverMessage) => {
        if (m.type === 'ready') resolve(m);
        else if (m.type === 'unavailable') reject(new BackendUnavailableError(m.message));
        else if (m.type === 'progress') {
          if (pending?.id === m.id) pending.onProgress(m.stage, m.fraction);
        } else if (pending?.id === m.id) {
          const p = pending;
          pending = undefined;
          p.resolve(m);
        }
      });
      child.on('exit', (code, signal) => {
        const why = `the prover process exited (${signal ?? `code ${code}`})`;
        reject(new Error(why));
        if (pending !== undefined) {
          const p = pending;
          pending = undefined;
          p.resolve({ type: 'failed', id: p.id, message: why });
        }
        if (!stopped) start();
      });
    });
    ready.catch(() => {});
  };
  start();

  return {
    get ready() {
      return ready;
    },
    async run(id, data, children, onProgress) {
      await ready;
      return new Promise<ProverOutcome>((resolve) => {
        pending = { id, resolve, onProgress };
        child.send({ type: 'job', id, data, ...(children === undefined ? {} : { children }) });
      });
    },
    kill() {
      stopped = true;
      child.kill('SIGKILL');
    },
  };
}
