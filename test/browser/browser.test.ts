// The browser prover end to end: the bundled page (dist/browser, served by `leanvm-gpu serve`'s
// server) in headless Chromium proves the reference messages in its worker on WebGPU
// (SwiftShader here), every Flock pass on the device (its traffic says so), verifies, and offers
// for download exactly the reference proof (empty statement); with WebGPU off it says so and
// proves on the CPU a bound proof of the messages; the page's library bundle verifies an XMSS
// aggregate. No Chromium: skipped with the reason, unless
// LEANVM_REQUIRE_BROWSER=1 (CI), where that is a failure.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seededMessages, referenceMessages } from '../../src/workloads/hash-batch/inputs';
import type { StatementMode } from '../../src/workloads/hash-batch/statement';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { aggregate, encodeAggregate } from '../../src/workloads/xmss-aggregate';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { StdRng } from '../../src/util/std-rng';
import { vectorPath } from '../vectors';
import { nativeOrCpu } from '../native/fast-backend';
import { haveChromium, launch, openPage as open, servePage } from './page';

const origin = servePage();
const openPage = (browser: Parameters<typeof open>[0], query = '') => open(browser, origin(), [], query);

/** Clicks Prove for n messages and waits for the verdict; returns the downloadable proof. */
async function prove(page: Page, n: number, backend: string, statement: StatementMode, duringProof?: () => Promise<void>): Promise<Uint8Array> {
  await page.selectOption('#n', String(n));
  await page.selectOption('#backend', backend);
  await page.selectOption('#statement', statement);
  await page.click('#prove');
  expect(await page.isVisible('#progress')).toBe(true);
  await duringProof?.();
  await page.waitForSelector('#verdict[data-valid], #error:not([hidden])', { timeout: 300_000 });
  expect(await page.textContent('#error')).toBe('');
  expect(await page.getAttribute('#verdict', 'data-valid')).toBe('true');
  expect(await page.isHidden('#progress')).toBe(true);
  const timings = (await page.textContent('#timings')) ?? '';
  for (const stage of ['witness', 'commit', 'zerocheck', 'lincheck', 'opening', 'verify']) expect(timings).toContain(stage);
  // The bytes behind the download link, as a user would save them.
  const bytes = await page.evaluate(async () => {
    const link = document.getElementById('download') as HTMLAnchorElement;
    return Array.from(new Uint8Array(await (await fetch(link.href)).arrayBuffer()));
  });
  expect(await page.textContent('#size')).toBe(`${bytes.length} bytes`);
  return Uint8Array.from(bytes);
}

const vector = (log: number) => new Uint8Array(readFileSync(vectorPath('flock', `blake2s_batch_n${log}.proof`)));

if (haveChromium()) {
  describe('browser prover', () => {
    test('proves 2^10 reference messages on WebGPU in a worker; with the empty statement byte for byte the reference proof', async () => {
      const browser = await launch(true);
      try {
        const page = await openPage(browser);
        expect(await page.isHidden('#notice')).toBe(true);
        expect(await page.textContent('#status')).toMatch(/WebGPU adapter/);
        // Mid-proof the page's own thread still answers at once: the prover is in the worker.
        const responsive = async () => {
          await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes('zerocheck'), null, { timeout: 60_000 });
          const t0 = performance.now();
          await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
          expect(performance.now() - t0).toBeLessThan(1000);
          expect(await page.getAttribute('#verdict', 'data-valid')).toBeNull();
        };
        expect(await page.inputValue('#statement')).toBe('bound');
        const proof = await prove(page, 2 ** 10, 'webgpu', 'none', responsive);
        expect(await page.textContent('#status')).toMatch(/^Proved 1024 BLAKE2s compressions on webgpu/);
        expect(Buffer.from(proof).equals(vector(10))).toBe(true);
        // Every Flock pass ran on the device: the messages went up, no witness column came
        // down or went up, and the traffic is the node prover's.
        const traffic = await page.$eval('#traffic', (p) => ({ ...(p as HTMLElement).dataset }));
        const messageBytes = 1024 * 64;
        expect(Number(traffic.witnessUpload)).toBeLessThanOrEqual(messageBytes + 1024);
        expect(Number(traffic.witnessRead)).toBe(0);
        expect(Number(traffic.upload)).toBeLessThanOrEqual(messageBytes + 2 ** 20);
        expect(Number(traffic.read)).toBeLessThanOrEqual(proof.length + 2 ** 20);
        expect(Number(traffic.waits)).toBeLessThanOrEqual(Number(traffic.rounds));
      } finally {
        await browser.close();
      }
    });

    // 2^10 messages' columns and tables (up to 6 MiB) outgrow a 2 MiB binding and a 2 MiB buffer:
    // the backend keeps them in parts and binds windows of them, as on a browser whose limits
    // those are (docs/gpu-scale.md).
    test('a bound proof whose operands exceed the page\'s binding and buffer limits (forced to 2 MiB) proves in windows and parts and verifies', async () => {
      const browser = await launch(true);
      try {
        const page = await openPage(browser, `?maxBinding=${2 ** 21}&maxBuffer=${2 ** 21}`);
        const proof = await prove(page, 2 ** 10, 'webgpu', 'bound');
        expect(await page.textContent('#status')).toMatch(/^Proved 1024 BLAKE2s compressions on webgpu/);
        expect(verifyHashBatch(referenceMessages(1024), proof, { statement: 'bound' })).toEqual({ valid: true });
      } finally {
        await browser.close();
      }
    });

    test('without WebGPU says so, and proves on the CPU even when webgpu is chosen: a bound proof of the messages', async () => {
      const browser = await launch(false);
      try {
        const page = await openPage(browser);
        expect(await page.isVisible('#notice')).toBe(true);
        expect(await page.textContent('#notice')).toMatch(/WebGPU is not available here: .+ CPU backend/);
        expect(await page.inputValue('#backend')).toBe('cpu');
        // Chosen anyway, webgpu still yields a proof: the worker falls back on its own.
        const proof = await prove(page, 2 ** 7, 'webgpu', 'bound');
        expect(await page.textContent('#status')).toMatch(/^Proved 128 BLAKE2s compressions on cpu/);
        expect(await page.isHidden('#traffic')).toBe(true); // no device, no traffic
        expect(verifyHashBatch(referenceMessages(128), proof, { statement: 'bound' })).toEqual({ valid: true });
        expect(verifyHashBatch(seededMessages(128, { lo: 1, hi: 0 }), proof, { statement: 'bound' }).valid).toBe(false);
      } finally {
        await browser.close();
      }
    });

    test('the library bundle verifies an XMSS aggregate in the page (compiling the aggregation program there)', async () => {
      const message = new Uint8Array(32).fill(0x42);
      const signers = [1, 2].map((i) => {
        const key = xmssKeyGen(new Uint8Array(32).fill(i), 6, 8);
        return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, 7, StdRng.seedFromU64(i, 0)).signature };
      });
      const backend = await nativeOrCpu('browser');
      let bytes: Uint8Array;
      try {
        bytes = encodeAggregate((await aggregate({ message, epoch: 7, signers }, { backend })).aggregate);
      } finally {
        await backend.dispose();
      }
      const browser = await launch(false);
      try {
        const page = await openPage(browser);
        // The page's own bundle: the platform-neutral library, as a bundler targeting browsers gets it.
        const verdicts = await page.evaluate(`(async () => {
          const lib = await import('/leanvm-gpu.js');
          const agg = lib.decodeAggregate(Uint8Array.from(atob('${Buffer.from(bytes).toString('base64')}'), (c) => c.charCodeAt(0)));
          const message = new Uint8Array(32).fill(0x42);
          return [lib.verifyAggregate(agg, { message, epoch: 7 }), lib.verifyAggregate(agg, { message, epoch: 8 })].map((v) => v.valid);
        })()`);
        expect(verdicts).toEqual([true, false]);
      } finally {
        await browser.close();
      }
    });
  });
}
