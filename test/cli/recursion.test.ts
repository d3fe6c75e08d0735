// `leanvm-gpu aggregate --child`, `aggregate-tree`, `verify aggregate` on nodes and `demo recursion`
// as a user runs them (the built dist/node/cli.js). Children are checked natively before anything
// is proved: another message or epoch, a child that does not verify, bytes that are no aggregate,
// a 17th child all exit 2 naming the child, nothing written. Then the real node program
// (programs/aggregate-node.py, built in): a tree of two leaves and a node, a node over that root
// and a leaf (three levels, overlapping signers), and `demo recursion`, each verified by the CLI.
// test/cli/recursion-commands.test.ts runs the commands in-process with a stand-in node program.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { aggregate } from '../../src/workloads/recursion/api';
import { encodeTreeAggregate } from '../../src/workloads/recursion/aggregate-file';
import { encodeAggregate } from '../../src/workloads/xmss-aggregate';
import { randomBytes, xorshift32 } from '../hash/prng';
import { writeFreshSigners } from './signer-files';
import { expectExit, run } from './run-cli';
import { nativeOrCpu } from '../native/fast-backend';
import { standInNode } from '../recursion/stand-in';

const dir = mkdtempSync(join(tmpdir(), 'leanvm-recursion-cli-'));
const at = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const next = xorshift32(0x7265632e);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const message = randomBytes(next, 32);
const MESSAGE = hex(message);
const OTHER = hex(randomBytes(next, 32));
const EPOCH = 4;
const signersDir = at('signers');
const never = at('never.agg');

let backend: Backend;
beforeAll(async () => {
  backend = await nativeOrCpu('recursion-cli');
  mkdirSync(signersDir);
  const signers = writeFreshSigners(signersDir, 3, message, EPOCH, next, 3);
  const a = (await aggregate({ message, epoch: EPOCH, signers: signers.slice(0, 2) }, { backend })).aggregate;
  const b = (await aggregate({ message, epoch: EPOCH, signers: signers.slice(2) }, { backend })).aggregate;
  writeFileSync(at('a.agg'), encodeAggregate(a));
  writeFileSync(at('b.agg'), encodeTreeAggregate(b));
  const tampered = encodeTreeAggregate(b);
  tampered[tampered.length - 77] ^= 0x10;
  writeFileSync(at('tampered.agg'), tampered);
  writeFileSync(at('junk.agg'), Uint8Array.of(1, 2, 3, 4));
  const node = (await aggregate({ message, epoch: EPOCH, children: [{ aggregate: a }, { aggregate: b }] }, { backend, node: standInNode })).aggregate;
  writeFileSync(at('stand-in-node.agg'), encodeTreeAggregate(node));
}, 600_000);
afterAll(() => backend.dispose());

describe('aggregate --child', () => {
  const node = (...args: string[]) => run('aggregate', '--message', MESSAGE, '--epoch', String(EPOCH), '--out', never, ...args);

  it('refuses a child of another epoch or message, one that does not verify, no aggregate, a 17th: exit 2 naming it, nothing written', () => {
    expectExit(run('aggregate', '--message', MESSAGE, '--epoch', String(EPOCH + 1), '--child', at('a.agg'), '--child', at('b.agg'), '--out', never), 2,
      /^leanvm-gpu: child 0 \(.*a\.agg\): does not verify for this message and epoch: the proof does not verify/);
    expectExit(run('aggregate', '--message', OTHER, '--epoch', String(EPOCH), '--child', at('a.agg'), '--out', never), 2, /child 0 \(.*a\.agg\): does not verify for this message and epoch/);
    expectExit(node('--child', at('a.agg'), '--child', at('tampered.agg')), 2, /^leanvm-gpu: child 1 \(.*tampered\.agg\): does not verify/);
    expectExit(node('--child', at('a.agg'), '--child', at('junk.agg')), 2, /^leanvm-gpu: child 1 \(.*junk\.agg\): not an aggregate/);
    const seventeen = Array.from({ length: 17 }, (_, i) => ['--child', at(i === 16 ? 'b.agg' : 'a.agg')]).flat();
    expectExit(node(...seventeen), 2, /^leanvm-gpu: child 16 \(.*b\.agg\): one too many: a node verifies at most 16 children, got 17$/);
    expectExit(node('--child', at('missing.agg')), 2, /cannot read the child aggregate file .*missing\.agg/);
    expect(existsSync(never)).toBe(false);
  });

  it('a bad raw signer is refused by its files, after the children', () => {
    const bad = at('bad-signer');
    mkdirSync(bad);
    writeFileSync(join(bad, 'x.pub'), new Uint8Array(32));
    writeFileSync(join(bad, 'x.sig'), new Uint8Array(5));
    expectExit(node('--child', at('a.agg'), '--signers', bad), 2, /signer x/);
  });
});

describe('verify aggregate on both kinds', () => {
  it('a version-2 leaf verifies; --json names its kind', () => {
    const r = run('verify', 'aggregate', at('b.agg'), '--message', MESSAGE, '--epoch', String(EPOCH), '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ valid: true, kind: 'leaf', n: 1 });
  });

  it("a node of another program (the stand-in's) is invalid against the built-in one: exit 1", () => {
    const r = run('verify', 'aggregate', at('stand-in-node.agg'), '--message', MESSAGE, '--epoch', String(EPOCH));
    expectExit(r, 1, /invalid aggregate .*not the node program/);
  });
});

describe('aggregate-tree', () => {
  const tree = (...args: string[]) => run('aggregate-tree', '--message', MESSAGE, '--epoch', String(EPOCH), '--signers', signersDir, ...args);

  it('--plan prints the plan and proves nothing; --json gives it whole', () => {
    const r = tree('--leaf-size', '2', '--arity', '2', '--plan');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^tree: 3 signers in 2 leaves of at most 2, nodes of at most 2 children, 1 level of nodes: 3 proofs$/m);
    expect(r.out).toMatch(/level 0: node 0\.0 \(leaf 0, leaf 1\)/);
    const j = JSON.parse(tree('--leaf-size', '1', '--arity', '2', '--plan', '--json').out);
    expect(j.plan).toMatchObject({ signers: 3, proofs: 3 + 2 + 1, leaves: [{ signers: [0, 1] }, { signers: [1, 2] }, { signers: [2, 3] }] });
    expect(j.plan.levels).toEqual([[{ children: [0, 1], signers: [0, 2] }, { children: [2], signers: [2, 3] }], [{ children: [0, 1], signers: [0, 3] }]]);
  });

  it('refuses sizes no tree has and bad usage: exit 2, one line', () => {
    expectExit(tree('--leaf-size', '2', '--arity', '17', '--plan'), 2, /a node has 1 to 16 children, got 17/);
    expectExit(tree('--leaf-size', '0', '--arity', '2', '--plan'), 2, /a leaf holds 1 to 4095 signers, got 0/);
    expectExit(tree('--leaf-size', '1', '--arity', '1', '--plan'), 2, /arity 1 merges nothing: 3 leaves/);
    expectExit(tree('--leaf-size', 'x', '--arity', '2'), 2, /--leaf-size must be a positive integer/);
    expectExit(tree('--leaf-size', '2', '--arity', '2'), 2, /give --out ROOT\.agg/);
  });

  it('proves two leaves and their node, progress per proof, --json; the root verifies, not for another epoch', () => {
    const r = tree('--leaf-size', '2', '--arity', '2', '--out', at('tree.agg'), '--json');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^\[3\/3\] /m);
    expect(JSON.parse(r.out)).toMatchObject({ command: 'aggregate-tree', n: 3 });
    const v = run('verify', 'aggregate', at('tree.agg'), '--message', MESSAGE, '--epoch', String(EPOCH), '--json');
    expect(v.code, v.err).toBe(0);
    expect(JSON.parse(v.out)).toMatchObject({ valid: true, kind: 'node', n: 3 });
    expectExit(run('verify', 'aggregate', at('tree.agg'), '--message', MESSAGE, '--epoch', String(EPOCH + 1)), 1, /invalid aggregate/);
  });

  it('aggregate --child over that root and a leaf: a third level, the union of overlapping signers, --json, verified', () => {
    const out = at('three.agg');
    const r = run('aggregate', '--message', MESSAGE, '--epoch', String(EPOCH), '--child', at('tree.agg'), '--child', at('a.agg'), '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ command: 'aggregate', kind: 'node', n: 3, children: 2 });
    const v = run('verify', 'aggregate', out, '--message', MESSAGE, '--epoch', String(EPOCH), '--json');
    expect(v.code, v.err).toBe(0);
    expect(JSON.parse(v.out)).toMatchObject({ valid: true, kind: 'node', n: 3 });
  });
});

describe('demo recursion', () => {
  it('(npm start) two leaves and a node, drawn as a tree, written, read back and verified; bad --n exits 2', () => {
    const r = run('demo', 'recursion', '--n', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}tree {6}node: 2 signers\n {12}├─ leaf 0: 1 signer\n {12}└─ leaf 1: 1 signer$/m);
    expect(r.out).toMatch(/^ {2}verify {4}valid: the node proves that all 2 keys signed the message at epoch 7/m);
    expectExit(run('demo', 'recursion', '--n', '0'), 2, /--n must be a leaf's signer count in 1 \.\. 4095/);
  });
});
