// What a VM proof moves between host and device on the webgpu backend (the prover's traffic
// stats, counted where the backend talks to the device): the stack goes up once, at the commit;
// the bus and the table sumcheck then send only the program's columns (the g^i table is made on
// the device), the forms and kernel parameters, and read back round sums and final values, not
// tables.
import { expect, test } from 'vitest';
import { createWebGpuBackend } from '../../src/backend/webgpu/index';
import { totalTraffic, describeTraffic } from '../../src/backend/traffic';
import { vmLayout } from '../../src/vm/layout';
import { parseProgram } from '../../src/vm/program';
import { proveProgram } from '../../src/vm/prove/prove';
import { parsePublicInputJson } from '../../src/vm/public-input';
import { vmBytes, vmText } from '../vm/vm-vectors';
import { describeGpu } from './gpu';

const KIB = 1024;
const MIB = 1024 * KIB;

await describeGpu('webgpu traffic of a VM proof', (gpu) => {
  test('big: the stack up once, the bus and tables send no table and read back round sums only', async () => {
    const program = parseProgram(vmText('big', 'program.json'));
    const pi = parsePublicInputJson(vmText('big', 'public.json'));
    const { proof, stats } = await proveProgram(program, pi, { backend: createWebGpuBackend(gpu.device) });
    expect(Buffer.from(proof).equals(Buffer.from(vmBytes('big', 'proof')))).toBe(true);
    const t = stats.traffic!;
    console.log(`big on webgpu: ${describeTraffic(totalTraffic(t))}`);
    for (const [stage, s] of Object.entries(t)) console.log(`  ${stage}: ${JSON.stringify(s)}`);
    const { stack } = vmLayout({ logMemory: stats.h, taus: stats.taus, logBytecode: Math.log2(program.bytecode.length) });
    const stackBytes = 8 * stack.nLanes * 2 ** (stack.logN - 6);
    // The stack once (and the commit's small tables), the root back.
    expect(t.commit.uploadBytes).toBeGreaterThanOrEqual(stackBytes);
    expect(t.commit.uploadBytes).toBeLessThan(stackBytes + 64 * KIB);
    expect(t.commit.readBytes).toBeLessThan(KIB);
    // The bus and tables: the program's columns, forms and kernel parameters (≈ 430 KiB here,
    // against a 32 MiB stack); back, 72 or 96 bytes a sum and the claims' values.
    const [bus, tables] = [t.bus, t.tables];
    expect(bus.uploadBytes + tables.uploadBytes).toBeLessThan(MIB);
    expect(bus.readBytes + tables.readBytes).toBeLessThan(64 * KIB);
  }, 300_000);
});
