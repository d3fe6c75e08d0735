// The reference vectors live in shared/vectors beside the repository (here and in CI's clone);
// LEANVM_VECTORS points elsewhere if needed.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = process.env.LEANVM_VECTORS ?? fileURLToPath(new URL('../../shared/vectors', import.meta.url));

/** Path of a vector file, e.g. vectorPath('flock', 'blake2s_batch_n7.proof'). */
export const vectorPath = (...parts: string[]): string => join(ROOT, ...parts);
