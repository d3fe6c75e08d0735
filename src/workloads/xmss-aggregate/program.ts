// The one compiled aggregation program, which every aggregate is a proof of and every verifier
// pins. The bundle carries its zkDSL source (programs/aggregate-xmss.py, 13 KB, inlined as a
// string) and compiles it on first use, once per process (about 1 s; the compiled program JSON
// would be 3 MB in every bundle and takes a third of that time just to parse). The compiled
// bytecode must hash to AGGREGATE_PROGRAM_DIGEST, so a compiler change that alters the
// program cannot go unnoticed: nothing is proved or verified against any other bytecode.
import source from '../../../programs/aggregate-xmss.py';
import { bytecodeHash } from '../../vm/bytecode';
import type { Program } from '../../vm/program';
import { compileSource } from '../../zkdsl/index';

/** BLAKE2s-256 of the aggregation program's bytecode (its program JSON's `bytecode_hash`; the
 * reference compiler's output for the source, test/workloads/fixtures). */
export const AGGREGATE_PROGRAM_DIGEST = '93884a09a62226b17795edcb062755781ce3772cc183f741589ff3cbdc74bd99';

/** What the compiled program and what its compilation leaves behind keep resident in the
 * process for the rest of its life (measured: ≈ 50 MiB), for the aggregate's memory estimate. */
export const AGGREGATION_PROGRAM_BYTES = 50 * 2 ** 20;

let compiled: Program | undefined;

/** The compiled aggregation program (compiled on the first call, then the same object). */
export function aggregationProgram(): Program {
  if (compiled === undefined) {
    const { program } = compileSource(source, { file: 'programs/aggregate-xmss.py' });
    const digest = bytecodeHash(program);
    if (digest !== AGGREGATE_PROGRAM_DIGEST) {
      throw new Error(`the aggregation program compiled to bytecode ${digest}, not the pinned ${AGGREGATE_PROGRAM_DIGEST}: the compiler or the source changed`);
    }
    compiled = program;
  }
  return compiled;
}
