// `leanvm-gpu serve`'s static server: MIME types the browser insists on (module scripts must be
// JavaScript), '/' as index.html, and nothing outside the served folder.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStaticServer } from '../../host/node/serve';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-serve-'));
const root = join(dir, 'site');
mkdirSync(root);
writeFileSync(join(dir, 'secret.txt'), 'outside the served folder');
const files: Record<string, [string, string]> = {
  'index.html': ['<!doctype html><p>page</p>', 'text/html; charset=utf-8'],
  'main.js': ['export {};', 'text/javascript; charset=utf-8'],
  'main.js.map': ['{}', 'application/json; charset=utf-8'],
  'kernel.wasm': ['\0asm', 'application/wasm'],
  'blob.proof': ['\x01\x02', 'application/octet-stream'],
};
for (const [name, [body]] of Object.entries(files)) writeFileSync(join(root, name), body);

const server = createStaticServer(root);
let origin = '';
beforeAll(() => new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ok();
})));
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

test('serves each file with its MIME type, and / as index.html', async () => {
  for (const [name, [body, type]] of Object.entries(files)) {
    const res = await fetch(`${origin}/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await res.text()).toBe(body);
  }
  const index = await fetch(`${origin}/`);
  expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await index.text()).toBe(files['index.html'][0]);
});

test('HEAD has the headers and no body; other methods are refused', async () => {
  const head = await fetch(`${origin}/main.js`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(String(files['main.js'][0].length));
  expect(await head.text()).toBe('');
  expect((await fetch(`${origin}/main.js`, { method: 'POST', body: 'x' })).status).toBe(405);
});

test('missing files are 404, paths escaping the folder 403', async () => {
  expect((await fetch(`${origin}/nope.js`)).status).toBe(404);
  // An encoded slash survives URL normalisation, so '..' reaches the path join.
  expect((await fetch(`${origin}/..%2fsecret.txt`)).status).toBe(403);
  expect((await fetch(`${origin}/%2e%2e%2fsecret.txt`)).status).toBe(403);
  expect((await fetch(`${origin}/%E0%A4%A`)).status).toBe(400);
});
