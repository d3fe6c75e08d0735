// The ways a run is taken: by the interpreter alone, and with the native module's stepper taking
// its plain steps (src/vm/plain-steps.ts) where the module loads (CI requires it). Suites over
// runs take each, so every behaviour of the interpreter is that of the stepped run too.
import type { Execution } from '../../src/vm/execute';
import type { PlainSteps } from '../../src/kernels/vm/steps';
import { loadNativeModule } from '../native/native';

let runners: [string, PlainSteps | undefined][] | undefined;

export function interpreterRunners(): [string, PlainSteps | undefined][] {
  runners ??= loadRunners();
  return runners;
}

function loadRunners(): [string, PlainSteps | undefined][] {
  const module = loadNativeModule();
  if (typeof module !== 'string') return [['the interpreter alone', undefined], ['the native stepper', module.vmStepper]];
  if (process.env.LEANVM_REQUIRE_NATIVE === '1') throw new Error(`native module required but unavailable: ${module}`);
  console.warn(`the native stepper's runs skipped: ${module}`);
  return [['the interpreter alone', undefined]];
}

/** Where two runs of one program differ (the first field that does), or null for none. */
export function runDifference(a: Execution, b: Execution): string | null {
  const same = (x: ArrayLike<number>, y: ArrayLike<number>) => x.length === y.length && Array.prototype.every.call(x, (v: number, i: number) => v === y[i]);
  const arrays: [string, ArrayLike<number>, ArrayLike<number>][] = [
    ['memory', a.memory, b.memory], ['memCounts', a.memCounts, b.memCounts], ['bytecodeCounts', a.bytecodeCounts, b.bytecodeCounts], ['order', a.order, b.order],
    ...a.rows.map((r, t): [string, ArrayLike<number>, ArrayLike<number>] => [`rows of table ${t}`, r.data, b.rows[t].data]),
  ];
  for (const [name, x, y] of arrays) if (!same(x, y)) return name;
  const rest = (e: Execution) => JSON.stringify([e.logMem, e.memUsed, e.cycles, e.programCycles, e.baseCounts, e.rowCounts, e.taus, e.fill, e.unconstrainedReads, e.prints.map((p) => [p.step, p.pc, p.label, p.value && [...p.value]])]);
  return rest(a) === rest(b) ? null : 'sizes, fill, reads or prints';
}

/** `run` under every runner: the same execution from each (returned), or the same error. */
export function sameUnderEveryRunner(run: (steps: PlainSteps | undefined) => Execution): Execution {
  const outcomes = interpreterRunners().map(([name, steps]) => {
    try {
      return { name, run: run(steps) };
    } catch (e) {
      return { name, error: e as Error };
    }
  });
  const [first, ...rest] = outcomes;
  for (const o of rest) {
    if ('error' in o || 'error' in first) {
      const text = (x: typeof o) => ('error' in x ? `${x.error?.name}: ${x.error?.message}` : 'a finished run');
      if (text(o) !== text(first)) throw new Error(`${first.name} gives ${text(first)}, ${o.name} ${text(o)}`);
    } else {
      const d = runDifference(first.run!, o.run!);
      if (d !== null) throw new Error(`${first.name} and ${o.name} differ in ${d}`);
    }
  }
  if ('error' in first) throw first.error;
  return first.run!;
}
