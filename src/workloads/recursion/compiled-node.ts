// The built-in node program: programs/aggregate-node.py, compiled when the bundle is built and
// carried packed like the aggregation program (src/workloads/xmss-aggregate/program.ts). Its
// bytecode is pinned by NODE_PROGRAM_DIGEST: every node carries that digest as H_N
// (docs/recursion.md §4.1), so a compiler change that altered the program would leave every node
// proved before it unverifiable, and must not go unnoticed. The verifier's piece: the prover's
// record (node-program.ts) adds the witness builder.
import packed from '../../../programs/aggregate-node.py?compiled';
import { pinnedProgram } from '../../vm/pinned-program';
import type { Program } from '../../vm/program';

/** BLAKE2s-256 of the node program's bytecode: H_N of every node proved by default. */
export const NODE_PROGRAM_DIGEST = 'db8355725c16c1fe4ecc0e6531510bfeef98b58257fdf83ad562f5db22d1c627';

/** The compiled node program (read on the first call, then the same object). */
export const compiledNodeProgram: () => Program = pinnedProgram('node program', packed, NODE_PROGRAM_DIGEST);
