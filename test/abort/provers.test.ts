// Cancellation on the cpu and native backends: an abort in each stage of a hash batch, a VM proof,
// an XMSS aggregate and a node over a leaf (with the stand-in node program, small enough to prove
// ten times; on cpu, which is slow at it, in its own stages) (./harness.ts: the typed error, nothing
// left held, the next proof the same bytes as the first), and a signal aborted before the proof
// starts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createCpuBackend } from '../../src/backend/cpu/index';
import { AbortError } from '../../src/backend/abort';
import type { Backend } from '../../src/backend/backend';
import { createNativeBackend } from '../../src/backend/native/index';
import { VM_STAGES, proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputList } from '../../src/vm/public-input';
import { HASH_BATCH_STAGES, proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { NODE_STAGES, type NodeStage, proveNode } from '../../src/workloads/recursion/node-prove';
import { AGGREGATE_STAGES, aggregate, encodeAggregate } from '../../src/workloads/xmss-aggregate';
import { StdRng } from '../../src/util/std-rng';
import { xmssKeyGen, xmssSignUnsafeInMemory } from '../../src/xmss';
import { compileSource } from '../../src/zkdsl';
import { nativeOrCpu } from '../native/fast-backend';
import { describeNative } from '../native/native';
import { standInNode } from '../recursion/stand-in';
import { readInputs } from '../workloads/vectors';
import { abortEachStage } from './harness';


const fibonacci = compileSource(readFileSync(new URL('../../examples/fibonacci.py', import.meta.url), 'utf8'), {
  file: 'fibonacci.py', defines: new Map([['N_PLACEHOLDER', '24']]),
}).program;
const fibInput = parsePublicInputList('GEN ** 28657,GEN ** 46368');

const message = new Uint8Array(32).fill(0x42);
const signers = [1, 2].map((i) => {
  const key = xmssKeyGen(new Uint8Array(32).fill(i), 6, 8);
  return { publicKey: key.publicKey, signature: xmssSignUnsafeInMemory(key, message, 7, StdRng.seedFromU64(i, 0)).signature };
});

/** The node's child: a leaf aggregate of `signers`, proved once. */
let leaf: Uint8Array;
beforeAll(async () => {
  const backend = await nativeOrCpu('abort: the node\'s child');
  try {
    leaf = encodeAggregate((await aggregate({ message, epoch: 7, signers }, { backend })).aggregate);
  } finally {
    await backend.dispose();
  }
}, 300_000);

/** The four provers' abort checks on backends from `make`; the node's in `nodeStages` (its VM
 * stages are the VM proof's: on the slow cpu backend, its own only). */
function eachProver(make: () => Backend, nodeStages: readonly NodeStage[] = NODE_STAGES): void {
  test('hash batch (n = 2^7): an abort in each stage', async () => {
    const backend = make();
    try {
      await abortEachStage(backend, HASH_BATCH_STAGES, async (run) => (await proveHashBatch(readInputs(7), { ...run, statement: 'none' })).proof);
    } finally {
      await backend.dispose();
    }
  });

  test('VM proof (examples/fibonacci.py, N = 24): an abort in each stage', async () => {
    const backend = make();
    try {
      await abortEachStage(backend, VM_STAGES, async (run) => (await proveProgram(fibonacci, fibInput, run)).proof);
    } finally {
      await backend.dispose();
    }
  });

  test('aggregate of two signatures: an abort in each stage', async () => {
    const backend = make();
    try {
      await abortEachStage(backend, AGGREGATE_STAGES, async (run) => (await aggregate({ message, epoch: 7, signers }, run)).aggregate.proof);
    } finally {
      await backend.dispose();
    }
  });

  test(`node over one leaf (stand-in node program): an abort in ${nodeStages === NODE_STAGES ? 'each stage' : nodeStages.join(', ')}`, async () => {
    const backend = make();
    try {
      await abortEachStage(backend, NODE_STAGES, async (run) => (await proveNode({ message, epoch: 7, children: [{ aggregate: leaf }] }, { ...run, node: standInNode })).aggregate.proof, nodeStages);
    } finally {
      await backend.dispose();
    }
  });

  test('a signal aborted before the proof: AbortError, nothing held', async () => {
    const backend = make();
    try {
      const signal = AbortSignal.abort(new Error('not wanted'));
      const before = backend.held();
      await expect(proveHashBatch(readInputs(7), { backend, signal })).rejects.toThrow(AbortError);
      await expect(proveProgram(fibonacci, fibInput, { backend, signal })).rejects.toMatchObject({ name: 'AbortError', stage: 'execute' });
      await expect(aggregate({ message, epoch: 7, signers }, { backend, signal })).rejects.toMatchObject({ name: 'AbortError', stage: 'check' });
      await expect(proveNode({ message, epoch: 7, children: [{ aggregate: leaf }] }, { backend, signal, node: standInNode })).rejects.toMatchObject({ name: 'AbortError', stage: 'check' });
      expect(backend.held()).toEqual(before);
    } finally {
      await backend.dispose();
    }
  });
}

describe('cpu', () => eachProver(() => createCpuBackend(), ['check', 'batch', 'hints']));

describeNative('native', (module) => eachProver(() => createNativeBackend(module, { threads: 2 })));
