// Typed errors of aggregate trees: a file that is no aggregate of this format, a child a node
// refuses before anything is proved (each naming the child), a tree of impossible sizes, a node
// program given as a module that does not load: InputErrors (the CLI's exit 2) of the
// library's one family.
import { InputProblemError } from '../../util/errors';

/** Which part of an aggregate file (version 1 or 2) is wrong. */
export type AggregateFileProblem =
  | 'truncated' // shorter than its fields say
  | 'magic' // not an aggregate file
  | 'version' // a version this build does not read
  | 'kind' // neither leaf nor node
  | 'signer-count' // n outside its kind's bounds
  | 'point' // a deferred point of the wrong length
  | 'trailing-bytes' // bytes after the proof
  | 'digest' // a program digest that is not 32 bytes of hex
  | 'proof'; // proof bytes that are no VM proof

export class AggregateFileError extends InputProblemError<AggregateFileProblem> {
  override name = 'AggregateFileError';
}

/** Why a node refuses its children. */
export type ChildProblem =
  | 'no-children' // none given
  | 'too-many-children' // more than MAX_CHILDREN
  | 'unreadable' // bytes that are no aggregate
  | 'invalid' // it does not verify for the node's message and epoch
  | 'unsupported'; // valid, but of a shape outside the node program's windows

export class ChildCheckError extends InputProblemError<ChildProblem> {
  override name = 'ChildCheckError';
  /** The child's index in the request and its name (a file name, or "child i"). */
  readonly child: number | undefined;
  readonly childName: string | undefined;

  constructor(problem: ChildProblem, message: string, child?: number, childName?: string) {
    super(problem, message);
    this.child = child;
    this.childName = childName;
  }
}

/** Why a node program given as a module (a worker's `--node-program`) is not at hand:
 * `unloadable`, the module did not load or exports no program record. */
export type NodeProgramProblem = 'unloadable';

export class NodeProgramError extends InputProblemError<NodeProgramProblem> {
  override name = 'NodeProgramError';
}

/** Which size of a tree is wrong. */
export type TreePlanProblem = 'signer-count' | 'leaf-size' | 'arity';

export class TreePlanError extends InputProblemError<TreePlanProblem> {
  override name = 'TreePlanError';
}
