// A program carried packed in the bundle (compiled at build time, src/vm/program-pack.ts) whose
// bytecode is pinned by its digest: read on first use, then the same object. Every aggregate
// and node names its program by that digest, so a build whose compiler or source changed the
// bytecode must fail loudly, never prove or verify against another program.
import { bytecodeHash } from './bytecode';
import type { Program } from './program';
import { unpackProgram } from './program-pack';

/** A getter for the packed program `packed()` of `name`, checked against `digest` on first call. */
export function pinnedProgram(name: string, packed: () => string, digest: string): () => Program {
  let program: Program | undefined;
  return () => {
    if (program === undefined) {
      const unpacked = unpackProgram(packed());
      const got = bytecodeHash(unpacked);
      if (got !== digest) throw new Error(`the ${name} compiled to bytecode ${got}, not the pinned ${digest}: the build's compiler or the source changed`);
      program = unpacked;
    }
    return program;
  };
}
