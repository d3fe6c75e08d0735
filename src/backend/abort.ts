// Stopping a proof that is under way. A prover given an AbortSignal runs on abortable(backend,
// signal): each bulk call first checks the signal, so an abort stops the proof at its next call
// into the backend (and at each stage boundary, where the provers check too) with an AbortError;
// a device backend's view for the signal (Backend.withSignal) also gives up the wait for its
// device within a call, so a long submission does not delay the stop.
// The protocol code frees what it holds on the way out, as it does for an AllocationError, so
// the backend is left as it was before the proof.
//
// An abort arrives as an event (a SIGINT handler, a page's message to its worker), which runs
// only when the event loop gets a turn; a proof on the cpu or native backend computes without
// one. So every YIELD_MS of calls the wrapper yields a turn before the next call: its cost is one
// macrotask in that span.
import { LeanVmError } from '../util/errors';
import type { Backend } from './backend';

/** Thrown by a prover whose signal was aborted; the proof's buffers are freed by then. Neither
 * the caller's input nor an invalid proof: a LeanVmError of its own. */
export class AbortError extends LeanVmError {
  override name = 'AbortError';

  constructor(
    /** The proof stage in which the abort was noticed, where known. */
    readonly stage?: string,
    options?: { cause?: unknown },
  ) {
    super(stage === undefined ? 'the proof was aborted' : `the proof was aborted in its ${stage} stage`, options);
  }
}

/** Throws AbortError if `signal` is aborted (its reason as the cause). */
export function throwIfAborted(signal: AbortSignal | undefined, stage?: string): void {
  if (signal?.aborted) throw new AbortError(stage, { cause: signal.reason });
}

/** `e`, or for an AbortError that does not name its stage (a backend call's), one naming `stage`. */
export function abortedIn(e: unknown, stage: string): unknown {
  return e instanceof AbortError && e.stage === undefined ? new AbortError(stage, { cause: e.cause }) : e;
}

/** One turn of the event loop: setImmediate where there is one (Node), else a message to self
 * (no timer clamping in a browser or worker). */
export function nextTurn(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A stage boundary: a turn of the event loop (so an abort sent meanwhile arrives), then the check. */
export async function checkpoint(signal: AbortSignal | undefined, stage?: string): Promise<void> {
  if (signal === undefined) return;
  await nextTurn();
  throwIfAborted(signal, stage);
}

/** Between two turns of the event loop the wrapper lets at most this long pass (in calls). */
const YIELD_MS = 50;

/** Calls made in line, whose results are used at once (sync), never put off to a turn: the
 * bookkeeping (frees, counters, views, host words) and the host work a prover does there (the
 * interpreter's stepper, lincheck's weights). */
const IN_LINE = new Set(['free', 'freeTree', 'traffic', 'held', 'finish', 'dispose', 'take', 'zeroed', 'give', 'view', 'steps', 'comb']);

type Call = (...args: unknown[]) => Promise<unknown>;

/** `backend` with each bulk call (flock's and vm's too) replaced by `around(call)`, and the
 * calls made in line as they are. */
export function aroundCalls(backend: Backend, around: (call: Call) => Call): Backend {
  const wrap = <T extends object>(target: T): T => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(target)) {
      out[key] = typeof value === 'function' ? (IN_LINE.has(key) ? value.bind(target) : around(value.bind(target))) : value;
    }
    return out as T;
  };
  const wrapped: Backend = { ...wrap(backend), flock: wrap(backend.flock), vm: wrap(backend.vm) };
  // A view for a signal is wrapped alike (a wrapper's calls stay its own).
  if (backend.withSignal !== undefined) wrapped.withSignal = (signal) => aroundCalls(backend.withSignal!(signal), around);
  // A host backend is its own host (Backend.host): so is its wrapper, or it would pass for a
  // device backend (stages.ts reports traffic only for those).
  if (backend.host.backend === backend) Object.assign(wrapped, { host: { ...backend.host, backend: wrapped } });
  return wrapped;
}

/** `backend` (its view for `signal`, where it has one) with every bulk call checking `signal`
 * first; `backend` itself without a signal.
 * Calls stay in the order made: while a turn is being yielded, later calls wait for it behind
 * the first. */
export function abortable(backend: Backend, signal: AbortSignal | undefined): Backend {
  if (signal === undefined) return backend;
  const view = backend.withSignal?.(signal) ?? backend;
  let turn: Promise<void> | null = null;
  let lastTurn = performance.now();
  return aroundCalls(view, (call) => (...args) => {
    if (turn === null && performance.now() - lastTurn >= YIELD_MS) {
      turn = nextTurn().then(() => {
        turn = null;
        lastTurn = performance.now();
      });
    }
    if (turn === null) {
      throwIfAborted(signal);
      return call(...args);
    }
    return turn.then(() => {
      throwIfAborted(signal);
      return call(...args);
    });
  });
}
