// Worker processes for the distributed tests: `leanvm-gpu worker` (dist/node/cli.js) on native
// with one thread, a short job lock so a killed worker's job is taken over in seconds, and by
// default the stand-in node program (bundled once into a module it can load); `builtIn` leaves
// the worker on the built-in node program. Each worker's stderr is kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

export const CLI = 'dist/node/cli.js';
export const LOCK_MS = 2000;

let standInModule: Promise<string> | undefined;

/** The stand-in node program as a module a worker process imports (built once per test file). */
export function standInModulePath(): Promise<string> {
  standInModule ??= (async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'leanvm-standin-')), 'stand-in-node.mjs');
    await build({ entryPoints: ['test/distributed/stand-in-node.ts'], bundle: true, format: 'esm', platform: 'node', outfile: out, loader: { '.py': 'text', '.wgsl': 'text' }, logLevel: 'error' });
    return out;
  })();
  return standInModule;
}

export interface WorkerProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Its stderr so far. */
  log(): string;
  /** Resolves when its log has a line matching `re`. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with its exit code (or signal). */
  readonly exited: Promise<number | string>;
}

export async function startWorker(redis: string, name: string, extra: string[] = [], nodes: 'stand-in' | 'built-in' = 'stand-in'): Promise<WorkerProcess> {
  const nodeProgram = nodes === 'stand-in' ? ['--node-program', await standInModulePath()] : [];
  const child = spawn(process.execPath, [CLI, 'worker', '--redis', redis, '--backend', process.env.LEANVM_TREE_BACKEND ?? 'native', '--threads', '1', '--name', name, '--lock-ms', String(LOCK_MS), ...nodeProgram, ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  child.stderr!.on('data', (d) => {
    text += d.toString();
    for (const w of waiters.splice(0)) {
      if (w.re.test(text)) w.resolve();
      else waiters.push(w);
    }
  });
  const exited = new Promise<number | string>((r) => child.once('exit', (code, signal) => r(code ?? (signal as string))));
  const worker: WorkerProcess = {
    name, child, exited,
    log: () => text,
    waitFor: (re, timeoutMs = 120_000) => new Promise<void>((resolve, reject) => {
      if (re.test(text)) return resolve();
      const timer = setTimeout(() => reject(new Error(`worker ${name}: no ${re} within ${timeoutMs} ms; its log:\n${text}`)), timeoutMs);
      waiters.push({ re, resolve: () => (clearTimeout(timer), resolve()) });
      void exited.then(() => reject(new Error(`worker ${name} exited before ${re}; its log:\n${text}`)));
    }),
  };
  await worker.waitFor(/ worker \S+: /, 60_000);
  return worker;
}

/** SIGTERM, and its exit code (the worker finishes its job first). */
export async function stopWorker(w: WorkerProcess): Promise<number | string> {
  if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  return w.exited;
}
