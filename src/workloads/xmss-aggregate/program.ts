// The one compiled aggregation program, which every aggregate is a proof of and every verifier
// pins. programs/aggregate-xmss.py is compiled when the bundle is built (esbuild.config.mjs) and
// carried packed (src/vm/program-pack.ts, ≈ 0.3 MB), so a process reads it in milliseconds
// instead of compiling it (about 1 s). Its bytecode must hash to AGGREGATE_PROGRAM_DIGEST, so a
// compiler change that alters the program cannot go unnoticed: nothing is proved or verified
// against any other bytecode (test/workloads/xmss-aggregate-program.test.ts also compiles the
// source and compares).
import packed from '../../../programs/aggregate-xmss.py?compiled';
import { pinnedProgram } from '../../vm/pinned-program';
import type { Program } from '../../vm/program';

/** BLAKE2s-256 of the aggregation program's bytecode (its program JSON's `bytecode_hash`; the
 * reference compiler's output for the source, test/workloads/fixtures). */
export const AGGREGATE_PROGRAM_DIGEST = '93884a09a62226b17795edcb062755781ce3772cc183f741589ff3cbdc74bd99';

/** What reading the program adds to the process's resident set for the rest of its life, for
 * the aggregate's memory estimate. Measured from its packed form, after two full collections on
 * either side of the first aggregationProgram() call (three processes): the resident set grew
 * 32.7–35.2 MiB, of which 12–13 MiB are live (heap 8.2–8.7, arrays 4.0) and the rest the
 * unpacking's garbage pages, which the heap keeps mapped and the prover's arrays (outside it)
 * cannot reuse. 50 MiB was the figure when the program was compiled in the process. */
export const AGGREGATION_PROGRAM_BYTES = 36 * 2 ** 20;

/** The compiled aggregation program (read on the first call, then the same object). */
export const aggregationProgram: () => Program = pinnedProgram('aggregation program', packed, AGGREGATE_PROGRAM_DIGEST);
