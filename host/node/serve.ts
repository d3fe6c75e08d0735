// `leanvm-gpu serve`: the browser prover (dist/browser) over HTTP on 127.0.0.1 only. Localhost
// counts as a secure context, which WebGPU requires.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './usage';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A server for the files under `root` (GET and HEAD; '/' is index.html); not yet listening. */
export function createStaticServer(root: string): Server {
  const base = resolve(root);
  return createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad path');
      return;
    }
    const file = resolve(join(base, path.endsWith('/') ? `${path}index.html` : path));
    // Nothing outside the served folder, whatever the path's dot segments say.
    if (!file.startsWith(base + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${path}`);
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

export async function serve(opts: { port: string }): Promise<void> {
  if (!/^\d+$/.test(opts.port) || Number(opts.port) > 65535) throw new UsageError(`--port must be an integer 0 .. 65535, got "${opts.port}"`);
  // dist/browser beside the bundled CLI, dist/node/cli.js.
  const root = fileURLToPath(new URL('../browser/', import.meta.url));
  const server = createStaticServer(root);
  await new Promise<void>((ok, fail) => {
    server.once('error', (e) => fail(new UsageError(`cannot listen on 127.0.0.1:${opts.port}: ${e.message}`)));
    server.listen(Number(opts.port), '127.0.0.1', ok);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  console.log(`serving ${root} at http://127.0.0.1:${port}/ (Ctrl-C stops)`);
}
