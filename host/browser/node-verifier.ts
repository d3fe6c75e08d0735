// What the page loads only when it verifies a node: the built-in node program (about 7 MB packed,
// most of the page's weight otherwise) and the tree verifier. verify-part.ts imports this module
// dynamically, so the bundle makes it a chunk of its own (esbuild.config.mjs) and the other tabs
// never fetch it.
export { compiledNodeProgram } from '../../src/workloads/recursion/compiled-node';
export { verifyTreeAggregate } from '../../src/workloads/recursion/verify';
