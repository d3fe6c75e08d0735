// Aborts in every stage of a proof, on one backend: a first proof (the backend fresh) counts the
// backend's bulk calls stage by stage (the stages it reports must be the table given, so none
// goes unaborted); then, for each stage, a proof whose signal is aborted as the middle one of
// that stage's calls is under way (a stage that makes none: as it starts) must reject with an
// AbortError from that stage or the next one's start, with no backend call made after the abort
// (the one under way when it came stops there too), leave the backend holding what it held after
// the first proof (its pool's arrays, or its device buffers), and the next proof on that backend
// must be the first's bytes.
import { expect } from 'vitest';
import { AbortError, aroundCalls } from '../../src/backend/abort';
import type { Backend } from '../../src/backend/backend';

/** `backend` with each bulk call passed to `onCall` first. */
const spied = (backend: Backend, onCall: () => void): Backend =>
  aroundCalls(backend, (call) => (...args) => {
    onCall();
    return call(...args);
  });

export interface ProveRun<S extends string> {
  backend: Backend;
  signal?: AbortSignal;
  onProgress: (stage: S, fraction: number) => void;
}

/** Runs the checks above for a prover whose stages are `stages` in order, aborting in those of
 * `only` (default all). */
export async function abortEachStage<S extends string>(backend: Backend, stages: readonly S[], prove: (run: ProveRun<S>) => Promise<Uint8Array>, only: readonly S[] = stages): Promise<void> {
  let stage: S | null = null;
  const calls = new Map<S, number>();
  const begun: S[] = [];
  const first = await prove({
    backend: spied(backend, () => calls.set(stage!, (calls.get(stage!) ?? 0) + 1)),
    onProgress: (s, f) => {
      if (f < 1 && s !== stage) begun.push((stage = s));
    },
  });
  // The table is the prover's: a stage it reports that `stages` lacks would go unaborted.
  expect(begun, 'the stages the prover reports').toEqual(stages);
  const held = backend.held();

  for (const target of only) {
    const controller = new AbortController();
    const abortAt = Math.ceil((calls.get(target) ?? 0) / 2);
    const reached: S[] = [];
    let made = 0;
    let after = 0;
    const onProgress = (s: S, f: number) => {
      if (f >= 1) return;
      reached.push(s);
      if (s === target && abortAt === 0) controller.abort();
    };
    // The abort comes while that call is under way (at its first await): a device backend's
    // view for the signal gives up the call there (Backend.withSignal), a host backend ends it.
    const spy = spied(backend, () => {
      if (controller.signal.aborted) after++;
      else if (reached.at(-1) === target && ++made === abortAt) queueMicrotask(() => controller.abort());
    });
    const error = await prove({ backend: spy, signal: controller.signal, onProgress }).then(() => null, (e: unknown) => e);
    expect(controller.signal.aborted, `stage ${target}: the abort was reached`).toBe(true);
    expect(error, `stage ${target}`).toBeInstanceOf(AbortError);
    expect((error as AbortError).name).toBe('AbortError');
    // Noticed in the stage, or at the next one's start at the latest.
    const next = stages[stages.indexOf(target) + 1];
    expect([target, next]).toContain((error as AbortError).stage);
    expect(reached.slice(reached.indexOf(target) + 1).length, `stage ${target}: stages begun after it`).toBeLessThanOrEqual(1);
    expect(after, `stage ${target}: backend calls after the abort`).toBe(0);
    expect(backend.held(), `stage ${target}: what the backend holds`).toEqual(held);
  }

  const again = await prove({ backend, onProgress: () => {} });
  expect(Buffer.from(again).equals(Buffer.from(first)), 'the proof after the aborts is the first proof').toBe(true);
}
