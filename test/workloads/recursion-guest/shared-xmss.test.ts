// The node program verifies raw signatures with the leaf program's own code (a program is one
// file, so the code is written into both): the constants, the inline functions walk, pair_arm and
// merkle_arm, the epoch's context of tweaks and the loop body that verifies one signature must be
// programs/aggregate-xmss.py's text for text, so a change to the leaf's checks cannot leave the
// node's behind. The leaf's bytecode is pinned (AGGREGATE_PROGRAM_DIGEST), so its text is the
// reference and the node follows it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_SOURCE } from './children';

const LEAF = readFileSync(new URL('../../../programs/aggregate-xmss.py', import.meta.url), 'utf8').split('\n');
const NODE = NODE_SOURCE.split('\n');

/** The lines from the one starting (trimmed) with `first` through the next one starting with
 * `last` after the one starting with `after` (default: after `first`). */
function block(lines: readonly string[], first: string, last: string, after = first): string[] {
  const a = lines.findIndex((l) => l.trim().startsWith(first));
  const from = lines.findIndex((l, i) => i >= a && l.trim().startsWith(after));
  const b = lines.findIndex((l, i) => i > from && l.trim().startsWith(last));
  expect(a, first).toBeGreaterThanOrEqual(0);
  expect(b, last).toBeGreaterThan(a);
  return lines.slice(a, b + 1);
}

const dedent = (lines: readonly string[]): string[] => {
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent));
};

const SHARED: [string, string, string, string?][] = [
  ['walk, pair_arm and merkle_arm', '# [C5] Chain j walked', 'return', '# [C7] Merkle levels'],
  ["the epoch's context of tweaks", '# [C3] e from 32 boolean bits', 'ecell = pa[0]'],
  ['the verification of one signature', '# [C4] the encoding digest', 'blake2s(mops[124:126], mops[126:128], rootb)'],
];

describe("the node's copy of the leaf's signature verification", () => {
  for (const [what, first, last, after] of SHARED) {
    it(`${what}: the leaf's text`, () => {
      const leaf = block(LEAF, first, last, after), node = block(NODE, first, last, after);
      expect(node.length).toBeGreaterThan(30);
      expect(dedent(node)).toEqual(dedent(leaf));
    });
  }

  it('the constants those read: the leaf\'s values', () => {
    const constants = (lines: readonly string[]) => new Map(lines.filter((l) => /^[A-Z][A-Z0-9_]* = /.test(l)).map((l) => l.replace(/\s*#.*$/, '').split(' = ') as [string, string]));
    const leaf = constants(LEAF), node = constants(NODE);
    const shared = ['CTX_CHAIN', 'CTX_LEAF', 'CTX_ENC', 'CTX_MERKLE', 'CTX_CHUNK', 'CTX_MSG', 'CTX_SIZE', 'X64', 'LANE', 'MERKLE_TYPE_SUB', 'Y', 'STATEMENT_TAG_0', 'STATEMENT_TAG_1', 'KEY_LIST_TAG_0', 'KEY_LIST_TAG_1'];
    for (const name of shared) expect([name, node.get(name)]).toEqual([name, leaf.get(name)]);
    // every constant the leaf declares and the node also declares agrees
    for (const [name, v] of leaf) if (node.has(name)) expect([name, node.get(name)]).toEqual([name, v]);
  });
});
