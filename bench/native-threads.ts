// The native backend at 1 and 2 threads and at its default (the reference's numbers are per
// thread count): a bench run on each, labelled `native ×T` and told T; any other backend as it is.
import { availableParallelism } from 'node:os';
import { openBackend } from '../host/node/backends';
import type { Backend } from '../src/backend/backend';
import type { BenchRow } from './report';

const NATIVE_THREADS = [...new Set([1, 2, availableParallelism()])];

export async function perNativeThreads(backend: Backend, run: (backend: Backend, label: string, threads?: number) => Promise<BenchRow[]>): Promise<BenchRow[]> {
  if (backend.name !== 'native') return run(backend, backend.name);
  const rows: BenchRow[] = [];
  for (const threads of NATIVE_THREADS) {
    const { backend: native } = await openBackend('native', { threads });
    try {
      rows.push(...(await run(native, `native ×${threads}`, threads)));
    } finally {
      await native.dispose();
    }
  }
  return rows;
}
