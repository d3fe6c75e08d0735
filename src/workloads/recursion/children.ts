// A node's children checked before anything is proved (docs/recursion.md §9): 1 to 16 of them,
// each read and verified natively for the node's own (message, epoch) — a child made for another
// message or epoch simply does not verify for this one. Every refusal is a ChildCheckError naming
// the child; the checked children come back with their keys and the claims their parent batches.
import { checkMessageEpoch } from '../xmss-aggregate/statement';
import { decodeTreeAggregate, type TreeAggregate } from './aggregate-file';
import { MAX_CHILDREN } from './batch';
import { AggregateFileError, ChildCheckError } from './errors';
import { type TreePrograms, type TreeVerdict, verifyTreeAggregate } from './verify';

/** A child as given: an aggregate or its file's bytes, and a name for messages (a file name). */
export interface ChildSource {
  readonly name?: string;
  readonly aggregate: TreeAggregate | Uint8Array;
}

export interface CheckedChild {
  readonly index: number;
  readonly name: string;
  readonly aggregate: TreeAggregate;
  readonly verdict: Extract<TreeVerdict, { valid: true }>;
}

export function checkChildren(request: { message: Uint8Array; epoch: number; children: readonly ChildSource[] }, programs: TreePrograms = {}): CheckedChild[] {
  const { message, epoch, children } = request;
  checkMessageEpoch(message, epoch);
  if (!Array.isArray(children) || children.length === 0) throw new ChildCheckError('no-children', 'a node needs at least one child');
  if (children.length > MAX_CHILDREN) {
    const extra = children[MAX_CHILDREN]?.name;
    const label = `child ${MAX_CHILDREN}${extra === undefined ? '' : ` (${extra})`}`;
    throw new ChildCheckError('too-many-children', `${label}: one too many: a node verifies at most ${MAX_CHILDREN} children, got ${children.length}`, MAX_CHILDREN, extra ?? `child ${MAX_CHILDREN}`);
  }
  return children.map((c, index) => {
    const name = c.name ?? `child ${index}`;
    const label = c.name === undefined ? name : `child ${index} (${c.name})`;
    let aggregate: TreeAggregate;
    try {
      aggregate = c.aggregate instanceof Uint8Array ? decodeTreeAggregate(c.aggregate) : c.aggregate;
    } catch (e) {
      if (e instanceof AggregateFileError) throw new ChildCheckError('unreadable', `${label}: not an aggregate: ${e.message}`, index, name);
      throw e;
    }
    let verdict: TreeVerdict;
    try {
      verdict = verifyTreeAggregate(aggregate, { message, epoch }, programs);
    } catch (e) {
      if (e instanceof AggregateFileError) throw new ChildCheckError('unreadable', `${label}: ${e.message}`, index, name);
      throw e;
    }
    if (!verdict.valid) throw new ChildCheckError('invalid', `${label}: does not verify for this message and epoch: ${verdict.reason}`, index, name);
    return { index, name, aggregate, verdict };
  });
}
