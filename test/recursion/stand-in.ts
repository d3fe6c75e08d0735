// A STAND-IN node program for host-side tests: it verifies nothing (any public input, any witness),
// so a node proved with it shows only that the host's statement, claims, batch, file and root
// checks fit together — never that children were verified. Passed explicitly, always.
import type { Program } from '../../src/vm/program';
import type { NodeProgram } from '../../src/workloads/recursion/node-program';
import { compileSource } from '../../src/zkdsl/index';

export const standInProgram: Program = compileSource('from snark_lib import *\n\n\ndef main():\n    return\n', { file: 'stand-in.py' }).program;
export const standInNode: NodeProgram = { program: standInProgram, guestWitness: () => new Map(), childShapeProblem: () => null };
