// Every public function of the library that takes an options object refuses an unknown key, a
// value of the wrong type, a mode outside its list and an options argument that is no object,
// with an OptionsError naming the function and the option (src/util/options.ts), before it does
// anything else. One row per function; the last test fails when an export gains an options
// parameter without a row here.
import { describe, expect, it } from 'vitest';
import * as library from '../../host/node/index';
import { createCpuBackend, OptionsError, verifyHashBatch, xmssKeyGen, xmssSign } from '../../src/index';
import { InputError } from '../../src/util/errors';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';

const backend = createCpuBackend();
const none = undefined as never;

interface Row {
  /** The function's name as the library exports it. */
  name: string;
  /** Calls it with `options` (its other arguments need not be valid: options are checked first). */
  call: (options: unknown) => unknown;
  /** Every option with a value of the wrong type (or mode) for it. */
  wrong: Record<string, unknown>;
  /** Options without which it refuses to run. */
  required?: string[];
  /** Options that make a call valid as far as the options go (default {}). */
  base?: Record<string, unknown>;
}

const ROWS: Row[] = [
  { name: 'openBackend', call: (o) => library.openBackend('cpu', o as never), wrong: { threads: 0 } },
  { name: 'createCpuBackend', call: (o) => createCpuBackend(o as never), wrong: { pool: 3, threadedFrom: -1, collect: 'gc' } },
  { name: 'createWebGpuBackend', call: (o) => library.createWebGpuBackend(none, o as never), wrong: { maxWorkgroupsPerDimension: 0, nttGroupLayers: 5, hostBelow: 1.5, maxBufferBytes: 1.5 } },
  {
    name: 'proveHashBatch', call: (o) => library.proveHashBatch(none, o as never), required: ['backend'], base: { backend },
    wrong: { backend: {}, onProgress: true, plain: 'yes', statement: 'Bound' },
  },
  { name: 'proveStatement', call: (o) => library.proveStatement(none, o as never), required: ['backend'], base: { backend }, wrong: { backend: 'cpu', onProgress: 1, plain: 0 } },
  { name: 'verifyHashBatch', call: (o) => verifyHashBatch(none, none, o as never), wrong: { statement: 'bund', digests: [1, 2] } },
  {
    name: 'aggregate', call: (o) => library.aggregate(none, o as never), required: ['backend'], base: { backend },
    wrong: { backend: null, logInvRate: 5, onProgress: {}, onShape: 'f', signal: {}, node: 5 },
  },
  {
    name: 'aggregateTree', call: (o) => library.aggregateTree(none, o as never), required: ['backend'], base: { backend },
    wrong: { backend: 'native', logInvRate: 0, onProgress: 1, onShape: [], signal: true, node: 'stand-in', leaf: 7 },
  },
  { name: 'verifyAggregate', call: (o) => library.verifyAggregate(none, none, o as never), wrong: { node: true } },
  { name: 'xmssKeyGen', call: (o) => xmssKeyGen(none, 0, 0, o as never), wrong: { onProgress: 0.5 } },
  { name: 'xmssSign', call: (o) => xmssSign(none, none, 0, o as never), wrong: { rng: Math.random } },
  { name: 'xmssKeyFileStore', call: (o) => library.xmssKeyFileStore('KEY', o as never), wrong: { waitMs: '5s' } },
  { name: 'execute', call: (o) => library.execute(none, none, o as never), wrong: { witness: {}, maxCycles: 0, fillFloors: [1, -1], events: 1 } },
  { name: 'executeToFloor', call: (o) => library.executeToFloor(none, none, o as never), wrong: { witness: [], maxCycles: 2.5, fillFloors: 7, events: 'no' } },
  { name: 'verifyProgram', call: (o) => library.verifyProgram(none, none, none, o as never), wrong: { raw: 'true' } },
  {
    name: 'submitTree', call: (o) => library.submitTree(o as never), required: ['redis', 'message', 'epoch', 'signers', 'leafSize', 'arity'],
    base: { redis: 'redis://127.0.0.1:1', message: new Uint8Array(32), epoch: 1, signers: [], leafSize: 1, arity: 2 },
    wrong: { redis: 6379, prefix: 1, message: 'm', epoch: -1, signers: {}, leafSize: 0, arity: 1.5, nodeProgram: 'p', attempts: 0, backoff: -1 },
  },
  { name: 'treeStatus', call: (o) => library.treeStatus('id', o as never), required: ['redis'], base: { redis: 'redis://127.0.0.1:1' }, wrong: { redis: {}, prefix: [] } },
  {
    name: 'fetchTree', call: (o) => library.fetchTree('id', o as never), required: ['redis'], base: { redis: 'redis://127.0.0.1:1' },
    wrong: { wait: 'yes', pollMs: 0, blockedMs: -1, onStatus: true, signal: 1 },
  },
  {
    name: 'runWorker', call: (o) => library.runWorker(o as never), required: ['redis'], base: { redis: 'redis://127.0.0.1:1' },
    wrong: { queues: ['leaves'], backend: 'gpu', threads: 0, maxMemory: '4G', nodeProgram: {}, name: 7, lockDuration: -1, stalledInterval: 'x', releaseDelay: 0.5, log: 'stderr', proverScript: 1 },
  },
  {
    name: 'proveProgram', call: (o) => library.proveProgram(none, none, o as never), required: ['backend'], base: { backend },
    wrong: { backend: 1, witness: new Set(), logInvRate: 0, maxCycles: -5, onProgress: [], onShape: null },
  },
];

/** The error `f` throws or rejects with. */
async function refusal(f: () => unknown): Promise<unknown> {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
}

async function expectRefused(row: Row, options: unknown, option: string | undefined, message: RegExp) {
  const e = await refusal(() => row.call(options));
  const keys = typeof options === 'object' && options !== null ? `{ ${Object.keys(options).join(', ')} }` : String(options);
  expect(e, `${row.name}(${keys})`).toBeInstanceOf(OptionsError);
  expect(e).toBeInstanceOf(InputError);
  expect(e).toMatchObject({ function: row.name, option });
  expect((e as Error).message).toMatch(new RegExp(`^${row.name}: `));
  expect((e as Error).message).toMatch(message);
}

describe.each(ROWS.map((r) => [r.name, r] as const))('%s options', (_, row) => {
  it('refuses an unknown key, naming it and the known ones', async () => {
    await expectRefused(row, { ...row.base, statment: 'bound' }, 'statment', /unknown option "statment" \(the options are /);
  });

  it.each(Object.entries(row.wrong))('refuses a wrong %s', async (key, value) => {
    await expectRefused(row, { ...row.base, [key]: value }, key, new RegExp(`options\\.${key} must be `));
  });

  it('refuses options that are no object', async () => {
    for (const bad of ['bound', 7, null, [row.base]]) await expectRefused(row, bad, undefined, /options must be an object/);
  });

  if (row.required !== undefined) it('refuses options without what it needs', async () => {
    for (const key of row.required ?? []) await expectRefused(row, { ...row.base, [key]: undefined }, key, new RegExp(`options\\.${key} is required`));
  });
});

describe('options checks', () => {
  it('verifyHashBatch: a misspelt statement mode is refused, never taken as "none"', () => {
    const inputs = referenceMessages(128);
    expect(() => verifyHashBatch(inputs, new Uint8Array(8), { statement: 'Bound' as never })).toThrow(/options\.statement must be one of "bound", "none", got "Bound"/);
    // the same proof bytes with a real mode reach the verifier (and are no proof)
    expect(() => verifyHashBatch(inputs, new Uint8Array(8), { statement: 'none' })).toThrow(/proof/i);
  });

  it('openBackend refuses an unknown backend name', async () => {
    expect(await refusal(() => library.openBackend('gpu' as never))).toMatchObject({ name: 'OptionsError', option: 'choice' });
  });

  it('valid options and undefined values pass', () => {
    const seen: number[] = [];
    xmssKeyGen(new Uint8Array(32), 0, 3, { onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(() => xmssKeyGen(new Uint8Array(32), 0, 0, { onProgress: undefined })).not.toThrow();
    expect(() => createCpuBackend({ threadedFrom: 0 }).dispose()).not.toThrow();
  });

  it('every export that takes an options object has a row', () => {
    const params = (f: unknown) => /^(?:async\s+)?function\s*\w*\s*\(([^)]*)\)/.exec(String(f))?.[1] ?? '';
    const optionTaking = Object.entries(library).filter(([, v]) => typeof v === 'function' && /\b(?:options|opts)\b/.test(params(v))).map(([name]) => name);
    expect(optionTaking.length).toBe(ROWS.length);
    expect(optionTaking.filter((name) => !ROWS.some((r) => r.name === name))).toEqual([]);
  });
});
