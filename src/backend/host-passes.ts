// A GPU backend that borrows a host backend's passes over host arrays: Flock's skip sums, the
// fold over the blocks and the witness, the VM prover's kernels (Backend.vm), and the
// zerocheck's first tables: a backend without them leaves them to the TypeScript fallback, which at 2^15 compressions is
// seconds against the GPU's milliseconds. In Node the native module does them about ten
// times faster; every backend's pass gives the TypeScript's bytes, so the proof is unchanged.
import type { Backend } from './backend';

/** Passes over host arrays in and out, lent as they are. */
const HOST_ARRAY_PASSES = ['skipSums', 'foldBlocks', 'flockWitness', 'vm'] as const;

export interface LentBackend {
  /** `device` with the passes it lacks taken from `host`; disposing it disposes both. */
  backend: Backend;
  /** The passes lent, by Backend method name. */
  lent: string[];
}

export function withHostPasses(device: Backend, host: Backend): LentBackend {
  const lent: Partial<Record<keyof Backend, unknown>> = {};
  for (const m of HOST_ARRAY_PASSES) if (device[m] === undefined && host[m] !== undefined) lent[m] = host[m];
  const entries = host.zerocheckEntries;
  if (device.zerocheckEntries === undefined && entries !== undefined) {
    // Made on the host, then uploaded: a buffer of the device, as the method promises.
    const lentEntries: Backend['zerocheckEntries'] = async (col, at, count, t0, t1) => {
      const buf = await entries(col, at, count, t0, t1);
      try {
        return await device.upload('E', await host.download(buf));
      } finally {
        host.free(buf);
      }
    };
    lent.zerocheckEntries = lentEntries;
  }
  const backend: Backend = {
    ...device,
    ...(lent as Partial<Backend>),
    async dispose() {
      await device.dispose();
      await host.dispose();
    },
  };
  return { backend, lent: Object.keys(lent) };
}
