// What a 2^14-message bound proof moves between host and device on the webgpu backend
// (Backend.traffic, counted where the backend talks to the device): the messages go up and
// the proof comes back, with at most 1 MiB more each way, and the host waits on the device at
// most once per transcript round. The witness columns are written on the device, so the
// witness stage sends the messages only and reads nothing; the zerocheck sends no table.
import { expect, it } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { seededMessages } from '../../src/workloads/hash-batch/inputs';
import { proveHashBatch } from '../../src/workloads/hash-batch/prove';
import { describeTraffic, overBudget, totalTraffic } from '../../src/workloads/hash-batch/traffic';
import { verifyHashBatch } from '../../src/workloads/hash-batch/verify';
import { describeGpu } from './gpu';

const MIB = 2 ** 20;

await describeGpu('webgpu traffic of a proof', (gpu) => {
  it('2^14 messages: ≤ the messages + 1 MiB up, ≤ the proof + 1 MiB back, ≤ one wait a transcript round', async () => {
    const messages = seededMessages(2 ** 14, { lo: 24, hi: 0x69 });
    const backend = createWebGpuBackend(gpu.device); // a fresh one: its constant tables count too
    const { proof, stats } = await proveHashBatch(messages, { backend, statement: 'bound' });
    const stages = stats.traffic!;
    const total = totalTraffic(stages);
    console.log(`2^14 bound proof on webgpu: ${describeTraffic(total)}; ${total.uploadBytes} bytes up, ${total.readBytes} back (proof ${proof.length})`);
    for (const [stage, t] of Object.entries(stages)) console.log(`  ${stage}: ${JSON.stringify(t)}`);
    expect(total.uploadBytes).toBeLessThanOrEqual(messages.byteLength + MIB);
    expect(total.readBytes).toBeLessThanOrEqual(proof.length + MIB);
    expect(total.waits).toBeLessThanOrEqual(total.rounds);
    expect(overBudget(total, messages.byteLength, proof.length)).toBeNull();
    expect(stages.witness.uploadBytes).toBeLessThanOrEqual(messages.byteLength + 1024);
    expect(stages.witness.readBytes).toBe(0);
    expect(stages.zerocheck.uploadBytes).toBeLessThan(64 * 1024);
    expect(verifyHashBatch(messages, proof, { statement: 'bound' })).toEqual({ valid: true });
  }, 300_000);
});
