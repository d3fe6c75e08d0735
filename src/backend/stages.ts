// A proof's stages as every prover reports them: progress before each (after a turn of the event
// loop, so a page can show it before the stage blocks), each stage's time, and, on a backend that
// meters its device traffic (Backend.traffic), what the stage moved beside its transcript rounds;
// with a signal, an abort checked as each stage starts (after that turn, so one sent meanwhile has
// arrived), and an AbortError from a stage's backend calls named for the stage (./abort.ts).
import { abortedIn, nextTurn, throwIfAborted } from './abort';
import type { Backend } from './backend';
import { type StageTraffic, trafficSince } from './traffic';

export interface ProofStages<S extends string> {
  /** Runs one stage's work, timed and metered. */
  run<T>(name: S, body: () => T | Promise<T>): Promise<T>;
  /** Milliseconds per stage (0 for a stage not run). */
  readonly ms: Record<S, number>;
  /** Traffic per stage where the backend meters it, else undefined. */
  readonly traffic: Record<S, StageTraffic> | undefined;
}

/**
 * Stages `names`, each weighing `share` of the progress, from `done` on; `rounds` reads the
 * transcript's round count (ProverState.rounds) when a stage starts and ends.
 */
export function proofStages<S extends string>(
  backend: Backend,
  names: readonly S[],
  share: Readonly<Record<S, number>>,
  rounds: () => number,
  onProgress?: (stage: S, fraction: number) => void,
  done = 0,
  signal?: AbortSignal,
): ProofStages<S> {
  const ms = Object.fromEntries(names.map((s) => [s, 0])) as Record<S, number>;
  const meter = backend.traffic?.bind(backend);
  const zero = { uploadBytes: 0, readBytes: 0, submits: 0, waits: 0, rounds: 0 };
  const traffic = meter === undefined ? undefined : (Object.fromEntries(names.map((s) => [s, { ...zero }])) as Record<S, StageTraffic>);
  return {
    ms,
    traffic,
    async run(name, body) {
      if (onProgress !== undefined) {
        onProgress(name, done);
        await new Promise((resolve) => setTimeout(resolve, 0));
      } else if (signal !== undefined) await nextTurn();
      throwIfAborted(signal, name);
      const t0 = performance.now();
      const [before, r0] = [meter?.(), rounds()];
      let out: Awaited<ReturnType<typeof body>>;
      try {
        out = await body();
      } catch (e) {
        throw abortedIn(e, name);
      }
      ms[name] = performance.now() - t0;
      if (traffic !== undefined && before !== undefined) traffic[name] = { ...trafficSince(before, meter!()), rounds: rounds() - r0 };
      done += share[name];
      return out;
    },
  };
}
