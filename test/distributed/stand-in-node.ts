// A STAND-IN node program that verifies nothing (any public input, any witness), as
// test/recursion/tree.test.ts uses: the real one is programs/aggregate-node.py, not complete yet.
// Workers load it as a module (--node-program), bundled by workers.ts.
import type { NodeProgram } from '../../src/workloads/recursion/node-program';
import { compileSource } from '../../src/zkdsl/index';

const standIn: NodeProgram = {
  program: compileSource('from snark_lib import *\n\n\ndef main():\n    return\n', { file: 'stand-in.py' }).program,
  guestWitness: () => new Map(),
};
export default standIn;
