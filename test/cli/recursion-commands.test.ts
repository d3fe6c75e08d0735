// The success paths of the recursion commands, run in-process with the STAND-IN node program
// (test/recursion/stand-in.ts) passed explicitly to the command functions — the command line
// itself has no way to pass it (test/cli/recursion.test.ts). The nodes verify nothing in the VM:
// these tests check what the commands read, write and report, and that what they write verifies.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAggregateCommand } from '../../host/node/aggregate-command';
import { aggregateNodeCommand } from '../../host/node/node-aggregate';
import { demoRecursion } from '../../host/node/recursion-demo';
import { treeCommand } from '../../host/node/aggregate-tree-command';
import { aggregate, verifyAggregate } from '../../src/workloads/recursion/api';
import { decodeTreeAggregate, encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { randomBytes, xorshift32 } from '../hash/prng';
import { writeFreshSigners } from './signer-files';
import { nativeOrCpu } from '../native/fast-backend';
import { standInNode } from '../recursion/stand-in';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-recursion-commands-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const next = xorshift32(0x636d6473);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const message = randomBytes(next, 32);
const EPOCH = 6;
const signersDir = at('signers');
const common = { message: hex(message), epoch: String(EPOCH), backend: 'native' as const, threads: '2' };

/** console.log's lines during `f` (console.error's into `errors`). */
async function printed(f: () => Promise<void> | void, errors: string[] = []): Promise<string> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void errors.push(a.join(' ')));
  try {
    await f();
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
  return lines.join('\n');
}
afterEach(() => {
  expect(process.exitCode ?? 0).toBe(0);
});

beforeAll(async () => {
  const backend = await nativeOrCpu('recursion-commands');
  mkdirSync(signersDir);
  const signers = writeFreshSigners(signersDir, 3, message, EPOCH, next, 4);
  // a = {0, 1}, b = {1}: signer 1 in both
  writeFileSync(at('a.agg'), encodeTreeAggregate((await aggregate({ message, epoch: EPOCH, signers: signers.slice(0, 2) }, { backend })).aggregate));
  writeFileSync(at('b.agg'), encodeTreeAggregate((await aggregate({ message, epoch: EPOCH, signers: signers.slice(1, 2) }, { backend })).aggregate));
  await backend.dispose();
}, 600_000);

describe('recursion commands over the stand-in node program', () => {
  it('aggregate --child: the node over overlapping leaves and a raw signer, reported and verified', async () => {
    const out = at('node.agg');
    const text = await printed(() => aggregateNodeCommand({ ...common, child: [at('a.agg'), at('b.agg')], signer: [`${join(signersDir, 's2.pub')},${join(signersDir, 's2.sig')}`], out, json: true }, standInNode));
    const report = JSON.parse(text);
    expect(report).toMatchObject({ command: 'aggregate', kind: 'node', n: 3, children: 2, overlaps: 1, rawSigners: 1, threads: 2, out });
    expect(report.childAggregates).toEqual([{ file: at('a.agg'), kind: 'leaf', n: 2 }, { file: at('b.agg'), kind: 'leaf', n: 1 }]);
    expect(Object.keys(report.stageMs)).toEqual(expect.arrayContaining(['check', 'batch', 'hints', 'execute']));
    expect(report.memory.estimatedPeakBytes).toBeGreaterThan(0);
    const file = readFileSync(out);
    expect(report.aggregateBytes).toBe(file.length);
    expect(verifyAggregate(decodeTreeAggregate(file), { message, epoch: EPOCH }, { node: standInNode })).toMatchObject({ valid: true, n: 3 });
    const verified = await printed(() => verifyAggregateCommand(out, { message: hex(message), epoch: String(EPOCH), json: true }, standInNode));
    expect(JSON.parse(verified)).toMatchObject({ valid: true, kind: 'node', n: 3 });
  }, 600_000);

  it('aggregate-tree: progress per proof, the root verifies; --json per leaf and node', async () => {
    const out = at('root.agg');
    const progress: string[] = [];
    const text = await printed(() => treeCommand({ ...common, signers: signersDir, leafSize: '1', arity: '2', out, json: true }, standInNode), progress);
    const report = JSON.parse(text);
    expect(report.leaves.map((l: { n: number }) => l.n)).toEqual([1, 1, 1]);
    expect(report.levels.map((l: { children: number }[]) => l.map((n) => n.children))).toEqual([[2, 1], [2]]);
    expect(report.n).toBe(3);
    expect(verifyAggregate(decodeTreeAggregate(readFileSync(out)), { message, epoch: EPOCH }, { node: standInNode })).toMatchObject({ valid: true, n: 3 });
    expect(progress.filter((l) => l.startsWith('['))).toEqual(['[1/6] leaf 0', '[2/6] leaf 1', '[3/6] leaf 2', '[4/6] node 0.0', '[5/6] node 0.1', '[6/6] node 1.0']);
  }, 600_000);

  it('demo recursion: two leaves, one node, verified, one line a stage', async () => {
    const text = await printed(() => demoRecursion({ n: '1', backend: 'native', threads: '2' }, standInNode));
    const labels = text.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/\s{2,}/)[0]);
    expect(labels).toEqual(['signers', 'leaf 0', 'leaf 1', 'node', 'tree', 'verify', 'memory']);
    expect(text).toMatch(/node {6}a node over 2 aggregates: 2 signers on native \(2 threads\)/);
    expect(text).toMatch(/verify {4}valid: the node proves that all 2 keys signed the message at epoch 7/);
  }, 600_000);
});
