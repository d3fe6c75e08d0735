// generateWitness on a backend that has Backend.flockWitness (the native module), else on the
// host: the same columns either way.
import type { Backend } from '../backend/backend';
import type { Compression } from './compression';
import { paddingCompression } from './compression';
import { type FlockWitness, generateWitness, type WitnessColumns, witnessColumns } from './witness';

/** Words of one compression's inputs as Backend.flockWitness takes them: h, m, tLo, tHi, f0, f1. */
const INPUT_WORDS = 28;

/** The inputs of `compressions` then of the padding instance `pad`, INPUT_WORDS each. */
export function witnessInputs(compressions: readonly Compression[], pad: Compression = paddingCompression()): Uint32Array {
  const out = new Uint32Array(INPUT_WORDS * (compressions.length + 1));
  [...compressions, pad].forEach((c, i) => {
    const at = INPUT_WORDS * i;
    out.set(c.h, at);
    out.set(c.m, at + 8);
    out[at + 24] = c.tLo;
    out[at + 25] = c.tHi;
    out[at + 26] = c.f0;
    out[at + 27] = c.f1;
  });
  return out;
}

/** generateWitness, on `backend` where it has flockWitness. */
export async function generateWitnessOn(
  backend: Backend, compressions: readonly Compression[], nBlocksLog: number, into: WitnessColumns = {}, pad: Compression = paddingCompression(),
): Promise<FlockWitness> {
  if (backend.flockWitness === undefined) return generateWitness(compressions, nBlocksLog, into, pad);
  const w = witnessColumns(compressions, nBlocksLog, into);
  await backend.flockWitness(witnessInputs(compressions, pad), w.live, w.z, w.a, w.b);
  return w;
}
