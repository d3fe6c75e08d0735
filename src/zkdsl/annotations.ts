// The annotations a program file may carry in comments, as the reference's test harness reads
// them: `# public_input: A, B` (the words m[0], m[1]) and `# witness NAME: v, ...` (one line per
// entry of stream NAME, successive lines its successive entries). Each value is a constant
// word: integer literals (128-bit words), GEN, GEN ** k, and + and * of those (the values are
// split at every comma, so f192(...) has no place here).
import type { E } from '../field/e';
import type { Expr } from './ast';
import { SourceError } from './errors';
import { Cursor, parseExpr } from './expr-parser';
import { tokenize } from './lexer';
import { ConstEval } from './lower/consteval';
import { Scope } from './lower/scope';

/** Constant words with no names in scope. */
const CONSTANTS = new ConstEval(() => new Scope(), new Map());

export interface Annotations {
  /** null when the file has no `# public_input:` line. */
  readonly publicInput: readonly [E, E] | null;
  readonly witness: ReadonlyMap<string, readonly (readonly E[])[]>;
}

export function readAnnotations(src: string): Annotations {
  let publicInput: [E, E] | null = null;
  const witness = new Map<string, E[][]>();
  src.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const at = { line: i + 1, col: raw.indexOf('#') + 1 };
    if (line.startsWith('# public_input:')) {
      if (publicInput !== null) return; // the first one counts
      const parts = line.slice('# public_input:'.length).split(',');
      if (parts.length !== 2) throw new SourceError(at, `\`# public_input:\` needs two words separated by a comma, got ${parts.length}`);
      publicInput = [constWord(parts[0], at), constWord(parts[1], at)];
    } else {
      // `# witness NAME: ...`; a comment that merely starts with the word is prose.
      const m = /^# witness\s+([A-Za-z_][A-Za-z0-9_]*)\s*:(.*)$/.exec(line);
      if (m === null) return;
      const name = m[1];
      const entry = m[2].split(',').map((v) => constWord(v, at));
      const entries = witness.get(name) ?? [];
      entries.push(entry);
      witness.set(name, entries);
    }
  });
  return { publicInput, witness };
}

function constWord(text: string, at: { line: number; col: number }): E {
  const lines = tokenize(text, at.line);
  if (lines.length !== 1) throw new SourceError(at, `annotation: expected a constant word, got ${JSON.stringify(text.trim())}`);
  const toks = lines[0].tokens.map((t) => ({ ...t, at: { line: at.line, col: at.col } }));
  const e = parseExpr(new Cursor(toks, 0, toks.length));
  const v = annotationForm(e) ? CONSTANTS.word(e) : undefined;
  if (v === undefined) throw new SourceError(at, `annotation: \`${text.trim()}\` is not a constant word (integer literals, GEN, GEN ** k, and + and * of those)`);
  return v;
}

/** The forms the reference's harness evaluates: literals, GEN, GEN ** k, + and *. */
function annotationForm(e: Expr): boolean {
  if (e.k === 'lit' || e.k === 'gen' || e.k === 'gpow') return true;
  return (e.k === 'add' || e.k === 'mul') && annotationForm(e.a) && annotationForm(e.b);
}
