// The recursion tests' STAND-IN node program (test/recursion/stand-in.ts: it verifies nothing;
// the built-in one is programs/aggregate-node.py) as a module's default export, the
// form a worker loads with --node-program (workers.ts bundles it).
import { standInNode } from '../recursion/stand-in';

export default standInNode;
