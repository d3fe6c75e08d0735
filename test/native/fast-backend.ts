// The backend heavy tests prove on: native (the same bytes as cpu, much faster). Where the module
// is not built the fallback is explicit: a failure under LEANVM_REQUIRE_NATIVE=1 (CI), else cpu
// with a warning naming why, never a silent switch.
import { openBackend } from '../../host/node/backends';
import type { Backend } from '../../src/backend/backend';
import { createCpuBackend } from '../../src/backend/cpu';

export async function nativeOrCpu(who: string): Promise<Backend> {
  try {
    return (await openBackend('native')).backend;
  } catch (e) {
    if (process.env.LEANVM_REQUIRE_NATIVE === '1') throw new Error(`${who}: native backend required but unavailable: ${(e as Error).message}`);
    console.warn(`${who}: native backend unavailable (${(e as Error).message}): proving on cpu`);
    return createCpuBackend();
  }
}
