// The page's Program, Verify-an-aggregate and Aggregate parts in headless Chromium (WebGPU on
// SwiftShader): examples/fibonacci.py compiled, run, proved in the worker and verified (the proof
// the page offers also verifies here); a syntax error shown at its line and column; an aggregate
// made by the CLI verified in the tab and refused for another epoch, and so is a node over it (the
// real node program, which the page fetches only then); two keys made in the tab
// aggregated (the download verifies here); Cancel during a proof on
// webgpu returns the page to ready with nothing in the console. Each state is a screenshot under
// test-artifacts/browser (not committed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePublicInputList } from '../../src/vm/public-input';
import { verifyProgram } from '../../src/vm/verify/verify';
import { encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { aggregate } from '../../src/workloads/recursion/api';
import { decodeAggregate, verifyAggregate } from '../../src/workloads/xmss-aggregate';
import { compileSource } from '../../src/zkdsl';
import { readFileSync } from 'node:fs';
import { nativeOrCpu } from '../native/fast-backend';
import { SHOTS, haveChromium, launch, openPage, servePage } from './page';

const origin = servePage();

/** How often the page has fetched the node verifier's chunk (the node program) since it loaded. */
const nodeChunkFetches = (page: Page): Promise<number> =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/node-verifier.js').length);
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The bytes behind a download link, as a user would save them. */
const linked = async (page: Page, id: string): Promise<Uint8Array> =>
  Uint8Array.from(await page.evaluate(async (at) => Array.from(new Uint8Array(await (await fetch((document.getElementById(at) as HTMLAnchorElement).href)).arrayBuffer())), id));

if (haveChromium()) {
  describe('the page\'s parts', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch(true);
    });
    afterAll(() => browser?.close());

    test('Program: examples/fibonacci.py (N = 24) compiled, run, proved on webgpu and verified', async () => {
      const errors: string[] = [];
      const page = await openPage(browser, origin(), errors);
      await page.click('nav button[data-part="part-program"]');
      expect(await page.inputValue('#pg-example')).toBe('fibonacci');
      expect(await page.inputValue('#pg-defines')).toBe('N_PLACEHOLDER=24');
      await shot(page, 'program-loaded');
      await page.click('#pg-compile');
      expect(await page.textContent('#pg-status')).toMatch(/^Compiled fibonacci\.py/);
      await page.click('#pg-run');
      expect(await page.isVisible('#pg-run-result')).toBe(true);
      const tables = (await page.textContent('#pg-tables')) ?? '';
      for (const t of ['XOR', 'MUL', 'SET', 'DEREF', 'JUMP', 'BLAKE2S']) expect(tables).toContain(t);
      expect(await page.textContent('#pg-public-input')).toMatch(/as the run published it/);
      await shot(page, 'program-run');
      await page.selectOption('#pg-backend', 'webgpu');
      await page.click('#pg-prove');
      expect(await page.isEnabled('#pg-cancel')).toBe(true);
      await page.waitForSelector('#pg-proof:not([hidden])', { timeout: 300_000 });
      expect(await page.textContent('#pg-status')).toMatch(/^Proved \d+ cycles on webgpu/);
      for (const stage of ['execute', 'witness', 'commit', 'bus', 'tables', 'flock', 'opening']) expect(await page.textContent('#pg-chart')).toContain(stage);
      await page.click('#pg-verify');
      expect(await page.getAttribute('#pg-verdict', 'data-valid')).toBe('true');
      await shot(page, 'program-verified');
      // The downloads: the program JSON and a proof that verifies here for F_23, F_24.
      const proof = await linked(page, 'pg-download-proof');
      expect(await page.textContent('#pg-size')).toBe(`${proof.length} bytes`);
      const { program } = compileSource(readFileSync(new URL('../../examples/fibonacci.py', import.meta.url), 'utf8'), { file: 'fibonacci.py', defines: new Map([['N_PLACEHOLDER', '24']]) });
      expect(verifyProgram(program, parsePublicInputList('GEN ** 28657,GEN ** 46368'), proof).valid).toBe(true);
      const json = new TextDecoder().decode(await linked(page, 'pg-download-program'));
      expect(JSON.parse(json).bytecode.length).toBe(program.bytecode.length);
      expect(errors).toEqual([]);
      await page.close();
    }, 400_000);

    test('Program: a syntax error is shown at its line and column', async () => {
      const page = await openPage(browser, origin());
      await page.click('nav button[data-part="part-program"]');
      const source = await page.inputValue('#pg-source');
      const lines = source.split('\n');
      const at = lines.findIndex((l) => l.startsWith('def main():'));
      lines[at] = 'def main(:';
      await page.fill('#pg-source', lines.join('\n'));
      await page.click('#pg-compile');
      expect(await page.isVisible('#pg-error')).toBe(true);
      expect(await page.textContent('#pg-error')).toBe(`fibonacci.py:${at + 1}:9: unclosed \`(\``);
      expect(await page.getAttribute('#pg-error', 'data-line')).toBe(String(at + 1));
      expect(await page.getAttribute('#pg-error', 'data-col')).toBe('9');
      expect(await page.isHidden('#pg-run-result')).toBe(true);
      await shot(page, 'program-syntax-error');
      await page.close();
    });

    test('Verify an aggregate: a leaf made by the CLI and a node over it verify for their message and epoch, and not for another epoch; the node program is fetched only for the node', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'leanvm-page-agg-'));
      try {
        const cli = (...args: string[]) => {
          const r = spawnSync(process.execPath, ['dist/node/cli.js', ...args], { encoding: 'utf8', timeout: 300_000 });
          expect(r.status, r.stderr).toBe(0);
        };
        const message = '5a'.repeat(32);
        for (const name of ['a', 'b']) {
          cli('xmss', 'keygen', '--epochs', '8..10', '--out', join(dir, name), '--seed', (name === 'a' ? '01' : '02').repeat(32));
          cli('xmss', 'sign', join(dir, name), '--epoch', '9', '--message', message, '--out', join(dir, `${name}.sig`), '--rng-seed', '1');
        }
        cli('aggregate', '--message', message, '--epoch', '9', '--signer', `${join(dir, 'a.pub')},${join(dir, 'a.sig')}`, '--signer', `${join(dir, 'b.pub')},${join(dir, 'b.sig')}`, '--out', join(dir, 'two.agg'));
        const errors: string[] = [];
        const page = await openPage(browser, origin(), errors);
        await page.click('nav button[data-part="part-verify"]');
        await page.setInputFiles('#va-file', join(dir, 'two.agg'));
        await page.waitForSelector('#va-verify:not([disabled])');
        await page.fill('#va-message', message);
        await page.fill('#va-epoch', '9');
        await page.click('#va-verify');
        await page.waitForSelector('#va-verdict[data-valid]', { timeout: 120_000 });
        expect(await page.getAttribute('#va-verdict', 'data-valid')).toBe('true');
        expect(await page.textContent('#va-count')).toBe('2');
        const leafKeys = await page.$$eval('#va-keys li', (li) => li.map((k) => k.textContent));
        expect(leafKeys).toHaveLength(2);
        expect(await page.textContent('#va-status')).toMatch(/^Verified two\.agg in \d+ ms\.$/);
        await shot(page, 'aggregate-verified');
        await page.fill('#va-epoch', '10');
        await page.click('#va-verify');
        await page.waitForSelector('#va-verdict[data-valid="false"]', { timeout: 120_000 });
        expect(await page.textContent('#va-verdict')).toMatch(/^INVALID: /);
        await shot(page, 'aggregate-other-epoch');

        // A node over that leaf, proved with the library (the CLI's `aggregate --child` writes
        // the same file) against the built-in node program, which the page has not fetched yet.
        expect(await nodeChunkFetches(page)).toBe(0);
        const backend = await nativeOrCpu('page node');
        try {
          const node = await aggregate({ message: Buffer.from(message, 'hex'), epoch: 9, children: [{ name: 'two.agg', aggregate: new Uint8Array(readFileSync(join(dir, 'two.agg'))) }] }, { backend });
          writeFileSync(join(dir, 'node.agg'), encodeTreeAggregate(node.aggregate));
        } finally {
          await backend.dispose();
        }
        await page.setInputFiles('#va-file', join(dir, 'node.agg'));
        await page.waitForFunction(() => /^node\.agg: a node aggregate of 2 keys\. Type/.test(document.getElementById('va-status')?.textContent ?? ''));
        expect(await page.isEnabled('#va-verify')).toBe(true);
        await page.fill('#va-epoch', '9');
        await page.click('#va-verify');
        await page.waitForSelector('#va-verdict[data-valid]', { timeout: 120_000 });
        expect(await page.getAttribute('#va-verdict', 'data-valid')).toBe('true');
        expect(await page.textContent('#va-verdict')).toBe('valid: 2 keys signed this message at epoch 9');
        expect(await page.textContent('#va-kind')).toBe('node');
        expect(await page.textContent('#va-count')).toBe('2');
        expect(await page.$$eval('#va-keys li', (li) => li.map((k) => k.textContent))).toEqual(leafKeys);
        expect(await page.textContent('#va-status')).toMatch(/^Verified node\.agg in \d+ ms \(after \d+ ms fetching and reading the node program, the first time\)\.$/);
        expect(await nodeChunkFetches(page)).toBe(1);
        await shot(page, 'aggregate-node-verified');
        await page.fill('#va-epoch', '10');
        await page.click('#va-verify');
        await page.waitForSelector('#va-verdict[data-valid]', { timeout: 120_000 });
        expect(await page.getAttribute('#va-verdict', 'data-valid')).toBe('false');
        expect(await page.textContent('#va-verdict')).toMatch(/^INVALID: the proof does not verify/);
        // The program is kept: the second node costs no fetch and no read.
        expect(await page.textContent('#va-status')).toMatch(/^Verified node\.agg in \d+ ms\.$/);
        expect(await nodeChunkFetches(page)).toBe(1);
        await shot(page, 'aggregate-node-other-epoch');
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 400_000);

    test('Aggregate: two keys made in the tab sign one message, aggregated on the TypeScript backend, verified; the download verifies here', async () => {
      const errors: string[] = [];
      const page = await openPage(browser, origin(), errors);
      await page.click('nav button[data-part="part-aggregate"]');
      await page.fill('#ag-n', '2');
      await page.fill('#ag-epoch', '5');
      const message = await page.inputValue('#ag-message');
      expect(message).toMatch(/^[0-9a-f]{64}$/);
      await page.selectOption('#ag-backend', 'cpu');
      await page.click('#ag-prove');
      await page.waitForSelector('#ag-verdict[data-valid]', { timeout: 300_000 });
      expect(await page.getAttribute('#ag-verdict', 'data-valid')).toBe('true');
      expect(await page.textContent('#ag-status')).toBe('Aggregated 2 signatures on cpu.');
      await shot(page, 'aggregate-made');
      const agg = decodeAggregate(await linked(page, 'ag-download'));
      expect(agg.publicKeys).toHaveLength(2);
      const bytes = Uint8Array.from(Buffer.from(message, 'hex'));
      expect(verifyAggregate(agg, { message: bytes, epoch: 5 }).valid).toBe(true);
      expect(verifyAggregate(agg, { message: bytes, epoch: 6 }).valid).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    }, 400_000);

    test('Cancel during a proof on webgpu: the page is ready again, nothing in the console', async () => {
      const errors: string[] = [];
      const page = await openPage(browser, origin(), errors);
      await page.click('nav button[data-part="part-program"]');
      // A longer run on webgpu, so the proof is under way when Cancel comes: the worker's
      // device waits are given up (Backend.withSignal), and nothing is left in the console.
      await page.fill('#pg-defines', 'N_PLACEHOLDER=2000');
      await page.selectOption('#pg-backend', 'webgpu');
      await page.click('#pg-prove');
      await page.waitForFunction(() => /^Proving on webgpu: (commit|bus)/.test(document.getElementById('pg-status')?.textContent ?? ''), null, { timeout: 240_000 });
      await shot(page, 'program-proving');
      await page.click('#pg-cancel');
      await page.waitForFunction(() => /^Cancelled/.test(document.getElementById('pg-status')?.textContent ?? ''), null, { timeout: 60_000 });
      expect(await page.textContent('#pg-status')).toMatch(/^Cancelled in the \w+ stage\. Ready\.$/);
      expect(await page.isHidden('#pg-progress')).toBe(true);
      expect(await page.isEnabled('#pg-prove')).toBe(true);
      expect(await page.isDisabled('#pg-cancel')).toBe(true);
      expect(await page.isHidden('#pg-proof')).toBe(true);
      await shot(page, 'program-cancelled');
      expect(errors).toEqual([]);
      await page.close();
    }, 300_000);
  });
}
