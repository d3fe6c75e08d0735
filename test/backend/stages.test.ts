// A proof's stages (src/backend/stages.ts) read every backend's traffic meter, which the record
// always has: a host backend's is the portable no-op (every count 0, no traffic in the stats), a
// device backend's differences are each stage's traffic beside its transcript rounds.
import { afterAll, describe, expect, it } from 'vitest';
import type { Backend, DeviceTraffic } from '../../src/backend/backend';
import { abortable } from '../../src/backend/abort';
import { createCpuBackend } from '../../src/backend/cpu';
import { proofStages } from '../../src/backend/stages';

const cpu = createCpuBackend();
afterAll(() => cpu.dispose());

describe('proof stages and the traffic meter', () => {
  it("a host backend's meter is the no-op: it counts nothing and the stages report no traffic", async () => {
    const before = cpu.traffic();
    const buf = await cpu.upload('K', new Uint32Array(64));
    await cpu.download(buf);
    cpu.free(buf);
    expect(cpu.traffic()).toEqual({ uploadBytes: 0, readBytes: 0, submits: 0, waits: 0 });
    expect(before).toEqual(cpu.traffic());
    const stages = proofStages(cpu, ['a', 'b'], { a: 0.5, b: 0.5 }, () => 0);
    await stages.run('a', () => 1);
    expect(stages.traffic).toBeUndefined();
  });

  it('a host backend wrapped to check an abort signal is still its own host: no traffic in its stages', async () => {
    const wrapped = abortable(cpu, new AbortController().signal);
    expect(wrapped).not.toBe(cpu);
    expect(wrapped.host.backend).toBe(wrapped);
    const stages = proofStages(wrapped, ['a'], { a: 1 }, () => 0);
    await stages.run('a', () => 1);
    expect(stages.traffic).toBeUndefined();
  });

  it("a device backend's stages carry its meter's differences and their transcript rounds", async () => {
    const count: DeviceTraffic = { uploadBytes: 10, readBytes: 20, submits: 1, waits: 2 };
    let rounds = 5;
    // A device backend: its host is another backend, its meter its own.
    const device: Backend = { ...cpu, host: { below: 0, backend: cpu }, traffic: () => ({ ...count }) };
    const seen: [string, number][] = [];
    const stages = proofStages(device, ['a', 'b'], { a: 0.25, b: 0.75 }, () => rounds, (s, f) => seen.push([s, f]));
    await stages.run('a', async () => {
      count.uploadBytes += 100;
      count.submits += 3;
      rounds += 2;
    });
    await stages.run('b', () => {
      count.readBytes += 7;
      count.waits += 1;
    });
    expect(stages.traffic).toEqual({
      a: { uploadBytes: 100, readBytes: 0, submits: 3, waits: 0, rounds: 2 },
      b: { uploadBytes: 0, readBytes: 7, submits: 0, waits: 1, rounds: 0 },
    });
    expect(seen).toEqual([['a', 0], ['b', 0.25]]);
  });
});
