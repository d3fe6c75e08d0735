// What the browser tests share: the bundled page (dist/browser, rebuilt from the current sources)
// served by `leanvm-gpu serve`'s server, headless Chromium with or without WebGPU, and a page
// opened and ready. No Chromium: the tests are skipped with the reason, unless
// LEANVM_REQUIRE_BROWSER=1 (CI), where that is a failure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStaticServer } from '../../host/node/serve';

export const CHROMIUM = '/usr/bin/chromium';
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Screenshots of the page's states: test artefacts, not committed (.gitignore). */
export const SHOTS = `${ROOT}test-artifacts/browser`;

// Headless Chromium on Linux exposes WebGPU only when asked; SwiftShader is its CPU adapter.
const QUIET = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const WEBGPU = ['--enable-unsafe-webgpu', '--disable-gpu-sandbox', '--use-angle=swiftshader', '--enable-features=Vulkan'];

/** Chromium with WebGPU on SwiftShader, or with WebGPU off. */
export const launch = (webgpu: boolean): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, headless: true, args: webgpu ? [...WEBGPU, ...QUIET] : ['--disable-webgpu', ...QUIET] });

/** Serves the page for this file's tests; returns a getter for its origin. */
export function servePage(): () => string {
  const server = createStaticServer(`${ROOT}dist/browser`);
  let origin = '';
  beforeAll(async () => {
    // The page is tested as built from the current sources.
    execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'inherit' });
    mkdirSync(SHOTS, { recursive: true });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000); // the build emits declarations too: minutes on a loaded machine
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
  return () => origin;
}

/** Opens the page in `browser` and waits until it is ready to prove; `errors` collects the page's
 * uncaught errors and console errors from then on. */
export async function openPage(browser: Browser, origin: string, errors: string[] = [], query = ''): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${origin}/${query}`);
  await page.waitForSelector('#prove:not([disabled])', { timeout: 30_000 });
  expect(errors).toEqual([]);
  return page;
}

/** Whether Chromium is here; if not, a skipped test says why (a failure under LEANVM_REQUIRE_BROWSER=1). */
export function haveChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const why = `${CHROMIUM} is missing (apt-get install chromium)`;
  if (process.env.LEANVM_REQUIRE_BROWSER === '1') throw new Error(`Chromium required but unavailable: ${why}`);
  console.warn(`browser: skipped, ${why}`);
  test.skip(`browser (skipped: ${why})`, () => {});
  return false;
}
