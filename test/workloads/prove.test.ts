// proveHashBatch on the cpu backend reproduces every reference proof (vectors/flock,
// n = 2^7 .. 2^13) byte for byte: our bytes, the proof file and the published digest agree.
// Below it, a padded batch proves the same with and without the padding-tail shortcut.
import { describe, expect, it } from 'vitest';
import type { Backend, DeviceBuffer } from '../../src/backend/backend';
import { wordsOf } from '../../src/backend/cpu/arrays';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { HashBatchInputError } from '../../src/workloads/hash-batch/errors';
import { referenceMessages } from '../../src/workloads/hash-batch/inputs';
import { HASH_BATCH_STAGES, proveBatch, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { verifyBatch } from '../../src/workloads/hash-batch/verify';
import { pinnedCompressions } from '../../src/kernels/flock/compression';
import { statementOfMessages } from '../../src/workloads/hash-batch/statement';
import { digestHex, firstDifference, PUBLISHED, readInputs, readProof, SIZES } from './vectors';

describe('proveHashBatch (cpu) against the reference proofs', () => {
  for (const k of SIZES) {
    it(`n = 2^${k}: the proof file's bytes and digest`, async () => {
      const { proof, stats } = await proveHashBatch(readInputs(k), { backend: createCpuBackend(), statement: 'none' });
      expect(firstDifference(proof, readProof(k))).toBe(-1);
      expect([proof.length, digestHex(proof)]).toEqual(PUBLISHED[k]);
      expect(stats.proofBytes).toBe(proof.length);
    });
  }
});

describe('proveHashBatch: inputs it refuses', () => {
  it.each([
    ['none', 'no messages', new Uint32Array(0), /empty/],
    ['none', 'a partial message', new Uint32Array(16 * 128 + 1), /not whole 64-byte messages/],
    ['none', 'n = 100', referenceMessages(100), /n = 100 is not a power of two/],
    ['none', 'n = 64', referenceMessages(64), /n = 2\^6 is outside the supported range 2\^7 = 128 to 2\^20/],
    ['bound', 'no messages', new Uint32Array(0), /at least one compression, got n = 0/],
    ['bound', 'a partial message', new Uint32Array(16 * 128 + 1), /not whole 64-byte messages/],
  ] as const)('statement %s, %s → HashBatchInputError', async (statement, _, inputs, message) => {
    const run = proveHashBatch(inputs, { backend: createCpuBackend(), statement });
    await expect(run).rejects.toThrow(HashBatchInputError);
    await expect(proveHashBatch(inputs, { backend: createCpuBackend(), statement })).rejects.toThrow(message);
  });
});

describe('a padded batch, below the public size check', () => {
  // n = 100 in 2^7 blocks: 28 padding instances. Summing the identical tail once (the default)
  // and proving every block give the same proof, which the verifier accepts, with an empty
  // statement and with the bound one.
  it('the padding-tail shortcut changes no byte of the whole proof', async () => {
    const messages = referenceMessages(100);
    for (const statement of [null, statementOfMessages(messages)]) {
      const job = { witness: pinnedCompressions(messages), nBlocksLog: 7, statement };
      const fast = await proveBatch(job, { backend: createCpuBackend() });
      const plain = await proveBatch(job, { backend: createCpuBackend(), plain: true });
      expect(firstDifference(fast.proof, plain.proof)).toBe(-1);
      expect(verifyBatch(fast.proof, 7, statement)).toEqual({ valid: true });
    }
  });

  it('reports every stage, in order, ending at 1', async () => {
    const seen: [string, number][] = [];
    const job = { witness: pinnedCompressions(referenceMessages(5)), nBlocksLog: 7, statement: null };
    const { stats } = await proveBatch(job, { backend: createCpuBackend(), onProgress: (s, f) => seen.push([s, f]) });
    expect(seen.map(([s]) => s)).toEqual([...HASH_BATCH_STAGES, 'opening']);
    expect(seen.map(([, f]) => f)).toEqual([...seen.map(([, f]) => f)].sort((a, b) => a - b));
    expect(seen[0][1]).toBe(0);
    expect(seen[seen.length - 1][1]).toBe(1);
    for (const s of HASH_BATCH_STAGES) expect(stats.stageMs[s]).toBeGreaterThan(0);
  });
});

describe('proofs in a row on one backend', () => {
  // The witness columns come from the backend's pool (its flock passes' witness) and go back
  // to it (a and b once the zerocheck has made their tables, z after the proof), so the second
  // proof writes its witness into arrays the first one gave back.
  it('reuse the witness columns and still give the reference bytes', async () => {
    const backend = createCpuBackend({ threadedFrom: 0 }); // every array pooled
    const taken: DeviceBuffer[] = [];
    const arrays: ArrayBufferLike[] = [];
    const freed = new Set<DeviceBuffer>();
    const freedOrder: DeviceBuffer[] = [];
    const spied: Backend = {
      ...backend,
      flock: {
        ...backend.flock,
        async witness(inputs, nBlocksLog) {
          const cols = await backend.flock.witness(inputs, nBlocksLog);
          taken.push(cols.z, cols.a, cols.b);
          arrays.push(...[cols.z, cols.a, cols.b].map((buf) => wordsOf('cpu', buf).buffer));
          return cols;
        },
      },
      free(buf) {
        freed.add(buf);
        freedOrder.push(buf);
        backend.free(buf);
      },
    };
    for (let run = 0; run < 2; run++) {
      const { proof } = await proveHashBatch(readInputs(7), { backend: spied, statement: 'none' });
      expect(firstDifference(proof, readProof(7)), `run ${run}`).toBe(-1);
      for (const buf of taken.slice(3 * run)) {
        expect(freed.has(buf), `run ${run}: a column left unfreed`).toBe(true);
      }
    }
    expect(taken).toHaveLength(6);
    // Identity, not contents. Each proof frees a and b in its zerocheck (once their tables are
    // made), z with the commitment at its end.
    const order = freedOrder.map((buf) => taken.indexOf(buf)).filter((i) => i >= 0);
    expect(order).toEqual([1, 2, 0, 4, 5, 3]);
    expect(new Set(arrays).size).toBeLessThan(6); // spares served the second proof
  });
});
