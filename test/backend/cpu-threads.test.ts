// The cpu backend on a worker pool: encode and merkleBuild at 1, 2, 3 and 7 threads equal
// the single-threaded code word for word (stack sizes, rates, partly filled stacks, lane
// counts, leaf shapes) and the reference vectors, and grinding's nonce search equals the
// host's; the pool's lifecycle (a throwing task fails its run only, dispose ends the workers,
// idle workers never hold the process).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu/index';
import type { CpuPool } from '../../src/backend/cpu/pool';
import { buildMerkleTree, merkleRoot } from '../../src/merkle/tree';
import { encodeStack } from '../../src/ntt/encode';
import { ShapeError } from '../../src/util/errors';
import { smallestNonce } from '../../src/transcript/pow';
import { SplitMix64 } from '../../src/util/splitmix64';
import { createCpuPool } from '../../host/node/cpu-pool';
import { buildPoolScripts, type PoolScripts } from './cpu-pool-build';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { firstDifference, readInputs, readProof } from '../workloads/vectors';
import { commitVectorChecks, hex } from './commit-vectors';

let scripts: PoolScripts;
beforeAll(async () => {
  scripts = await buildPoolScripts();
});
afterAll(() => scripts.remove());

/** [logN, log inverse rate, words of data]: full and partly filled stacks. */
const STACKS: [number, number, number][] = [
  [6, 1, 64],
  [10, 1, 1024],
  [12, 2, 4096],
  [13, 3, 8192],
  [14, 1, 5000], // 5000 words: 20 lanes, the last partly filled
  [11, 4, 100], // 4 lanes
  [15, 1, 2 ** 15],
  [9, 2, 1], // one lane of one word
];

for (const threads of [1, 2, 3, 7]) {
  describe(`${threads} worker thread${threads > 1 ? 's' : ''}`, () => {
    let pool: CpuPool;
    let cpu: Backend;
    beforeAll(() => {
      pool = createCpuPool({ threads, workerUrl: scripts.worker });
      // Every job goes to the pool, however small: the split must hold at every shape.
      cpu = createCpuBackend({ pool, threadedFrom: 0 });
    });
    afterAll(() => cpu.dispose());

    for (const [title, check] of commitVectorChecks(() => cpu)) test(`vector: ${title}`, check);

    const stacks = threads === 7 ? STACKS.filter((_, i) => i % 2 === 0) : STACKS;
    test.each(stacks)('2^%i stack at rate 1/2^%i holding %i words: codeword and roots of the single-threaded code', async (logN, rate, words) => {
      const q = new SplitMix64(1000 * logN + words).words(words);
      const want = encodeStack(q, logN, rate);
      const codeword = await cpu.encode(await cpu.upload('K', q), logN, rate);
      expect(await cpu.download(codeword)).toEqual(want.codeword);
      for (const [rowWords, leafWords] of [[want.nLanes, 64], [want.nLanes, want.nLanes]]) {
        const tree = await cpu.merkleBuild(codeword, rowWords, leafWords);
        expect(hex(tree.root), `rows of ${rowWords}, images of ${leafWords}`).toBe(hex(merkleRoot(buildMerkleTree(want.codeword, rowWords, leafWords))));
        cpu.freeTree(tree);
      }
      cpu.free(codeword);
    });

    test('a freed codeword\'s memory is reused, zeroed: a partly filled stack after a full one', async () => {
      const full = new SplitMix64(77).words(2 ** 12);
      const first = await cpu.encode(await cpu.upload('K', full), 12, 1);
      const tree = await cpu.merkleBuild(first, 64, 64);
      cpu.freeTree(tree);
      cpu.free(first);
      // 64 lanes of 2^6 words, the last one partly filled: the same codeword size.
      const partial = full.subarray(0, 2 * (2 ** 12 - 10));
      const second = await cpu.encode(await cpu.upload('K', partial), 12, 1);
      expect(await cpu.download(second)).toEqual(encodeStack(partial, 12, 1).codeword);
      const again = await cpu.merkleBuild(second, 64, 64);
      expect(hex(again.root)).toBe(hex(merkleRoot(buildMerkleTree(encodeStack(partial, 12, 1).codeword, 64, 64))));
    });

    test('grinding: the smallest nonce of the host search, within the first round and past it', async () => {
      const rng = new SplitMix64(threads);
      for (const bits of [0, 4, 9, 13]) {
        const base = rng.words(4);
        expect(await cpu.smallestNonce!(base, bits), `bits ${bits}`).toEqual(smallestNonce(base, bits));
      }
      // A base whose nonce lies past the first round (2^14 nonces a worker).
      let seed = 0, base: Uint32Array, want: [number, number];
      do {
        base = new SplitMix64(++seed).words(4);
        want = smallestNonce(base, 17);
      } while (want[0] < 2 ** 14 * threads);
      expect(await cpu.smallestNonce!(base, 17)).toEqual(want);
    });

    test('merkleBuild over rows of 1 and 3 K words, 2^0 .. 2^9 leaves', async () => {
      for (const rowWords of [1, 3]) {
        for (let h = 0; h <= 9; h++) {
          const rows = new SplitMix64(h).words(rowWords << h);
          const tree = await cpu.merkleBuild(await cpu.upload('K', rows), rowWords, 8);
          expect(hex(tree.root), `${rowWords}×2^${h}`).toBe(hex(merkleRoot(buildMerkleTree(rows, rowWords, 8))));
        }
      }
    });
  });
}

test('a hash-batch proof on the threaded cpu backend is the reference proof (n = 2^9, 3 threads)', async () => {
  const cpu = createCpuBackend({ pool: createCpuPool({ threads: 3, workerUrl: scripts.worker }), threadedFrom: 0 });
  const { proof } = await proveHashBatch(readInputs(9), { backend: cpu, statement: 'none' });
  expect(firstDifference(proof, readProof(9))).toBe(-1);
  await cpu.dispose();
});

test('at the default threshold (2 threads): jobs from 2^15 u32 words go to the pool, small trees included', async () => {
  const cpu = createCpuBackend({ pool: createCpuPool({ threads: 2, workerUrl: scripts.worker }) });
  for (const [logN, rate, words] of [[14, 1, 2 ** 14], [15, 2, 20000], [13, 1, 2 ** 13]]) {
    const q = new SplitMix64(logN).words(words);
    const want = encodeStack(q, logN, rate);
    const codeword = await cpu.encode(await cpu.upload('K', q), logN, rate);
    expect(await cpu.download(codeword)).toEqual(want.codeword);
    const tree = await cpu.merkleBuild(codeword, want.nLanes, 64);
    expect(hex(tree.root)).toBe(hex(merkleRoot(buildMerkleTree(want.codeword, want.nLanes, 64))));
    cpu.freeTree(tree);
    cpu.free(codeword);
  }
  await cpu.dispose();
});

describe('pool lifecycle', () => {
  test('a task that throws fails its run with the error; the pool still works', async () => {
    const pool = createCpuPool({ threads: 2, workerUrl: scripts.worker });
    const cpu = createCpuBackend({ pool, threadedFrom: 0 });
    const bad = { kind: 'ntt' as const, data: new Uint32Array(new SharedArrayBuffer(12)), nLanes: 1, piece: { kind: 'blocks' as const, steps: [], from: 0, to: 1 } };
    await expect(pool.run([bad])).rejects.toMatchObject({ name: ShapeError.name, message: expect.stringMatching(/2\^L positions/) });
    const uncloneable = { ...bad, nLanes: () => 1 } as unknown as typeof bad;
    await expect(pool.run([uncloneable])).rejects.toThrow(/could not be cloned/);
    const q = new SplitMix64(9).words(1024);
    expect(await cpu.download(await cpu.encode(await cpu.upload('K', q), 10, 1))).toEqual(encodeStack(q, 10, 1).codeword);
    await cpu.dispose();
    await expect(pool.run([bad])).rejects.toThrow(/disposed/);
    await expect(cpu.encode(await cpu.upload('K', q), 10, 1)).rejects.toThrow(/disposed/);
  });

  test('a worker that dies fails the run and breaks the pool; a missing script fails the run', async () => {
    const dying = new URL('dies.mjs', scripts.pool);
    writeFileSync(dying, "process.exit(3);\n");
    const pool = createCpuPool({ threads: 2, workerUrl: dying });
    const task = { kind: 'ntt' as const, data: new Uint32Array(new SharedArrayBuffer(8)), nLanes: 1, piece: { kind: 'blocks' as const, steps: [], from: 0, to: 1 } };
    await expect(pool.run([task])).rejects.toThrow(/cpu pool worker exited/);
    await expect(pool.run([task])).rejects.toThrow(/broke/);
    await pool.dispose();
    const missing = createCpuPool({ threads: 1, workerUrl: new URL('no-such-worker.js', scripts.pool) });
    await expect(missing.run([task])).rejects.toThrow(/no-such-worker|Cannot find/);
    await missing.dispose();
  });

  test('rejects a thread count that is not a positive integer', () => {
    for (const threads of [0, -1, 1.5]) expect(() => createCpuPool({ threads, workerUrl: scripts.worker })).toThrow(/positive integer/);
  });

  // A child process that ends on its own proves no worker holds the event loop.
  const script = (dispose: boolean, failing: boolean) => `
    const { createCpuPool } = await import(${JSON.stringify(scripts.pool.href)});
    const pool = createCpuPool({ threads: 3, workerUrl: new URL(${JSON.stringify(scripts.worker.href)}) });
    const data = new Uint32Array(new SharedArrayBuffer(${failing ? 12 : 64}));
    const piece = { kind: 'blocks', steps: [{ layer: 0, pair: false }], from: 0, to: 1 };
    const outcome = await pool.run([{ kind: 'ntt', data, nLanes: 1, piece }]).then(() => 'ok', (e) => e.name);
    ${dispose ? 'await pool.dispose();' : ''}
    console.log(outcome);`;
  test.each([
    [true, false, 'ok'],
    [false, false, 'ok'],
    [false, true, 'ShapeError'],
    [true, true, 'ShapeError'],
  ])('a process with a pool exits by itself (dispose %s, failing task %s)', (dispose, failing, outcome) => {
    const file = new URL(`exits-${dispose}-${failing}.mjs`, scripts.pool);
    writeFileSync(file, script(dispose, failing));
    const out = execFileSync(process.execPath, [file.pathname], { timeout: 20_000, encoding: 'utf8' });
    expect(out.trim()).toBe(outcome);
  });
});
