// A private redis-server for one test: a free loopback port, its own temporary directory, no
// snapshots; with `persist`, an append-only file fsynced on every write, so a restart (after a
// SIGKILL even) loses nothing. Never the system's Redis or port 6379.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';

/** Whether redis-server is here; if not, a skipped test says why (a failure under
 * LEANVM_REQUIRE_REDIS=1, as in CI). */
export function haveRedis(): boolean {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (r.status === 0) return true;
  const why = `redis-server is not installed (apt-get install redis-server): ${r.error?.message ?? r.stderr.trim()}`;
  if (process.env.LEANVM_REQUIRE_REDIS === '1') throw new Error(`Redis required but unavailable: ${why}`);
  console.warn(`distributed: skipped, ${why}`);
  test.skip(`distributed trees (skipped: ${why})`, () => {});
  return false;
}

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /** Kills the server (SIGKILL: a crash) and starts it again on the same port and files. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** Resolves once the server answers PING. */
async function answering(port: number, timeoutMs = 10_000): Promise<void> {
  const t = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
    });
    if (ok) return;
    if (Date.now() - t > timeoutMs) throw new Error(`redis-server on port ${port} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(options: { persist?: boolean } = {}): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'leanvm-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--maxmemory-policy', 'noeviction', '--protected-mode', 'yes',
    ...(options.persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'])];
  let server: ChildProcess;
  const start = async () => {
    server = spawn('redis-server', args, { stdio: 'ignore' });
    await answering(port);
  };
  const kill = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`, port,
    async restart(downMs = 500) {
      await kill();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
