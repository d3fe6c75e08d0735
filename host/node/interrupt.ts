// Ctrl-C during a proof: SIGINT aborts the proof's signal, the prover stops at its next stage or
// backend call and frees its buffers, and the CLI prints one line and exits 130 (cli.ts) before
// anything is written (outputs are written only once proved, cli-files.ts writeOut). A second
// SIGINT, for a prover busy in a long step, exits at once.
import { AbortError } from '../../src/backend/abort';

/** The shell's status for a process ended by SIGINT. */
export const SIGINT_EXIT = 130;

/** Runs `work` with a signal that SIGINT aborts; SIGINT has its default effect again after. */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(SIGINT_EXIT);
    controller.abort(new Error('SIGINT'));
  };
  process.on('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** The one line an interrupted command prints. */
export function interruptedLine(e: AbortError): string {
  return `leanvm-gpu: interrupted${e.stage === undefined ? '' : ` in the ${e.stage} stage`}; nothing written`;
}
