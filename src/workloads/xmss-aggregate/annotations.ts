// An aggregate's witness in the two forms the tools read: the `# public_input:` / `# witness NAME:`
// annotations of a zkDSL source (the reference's reference-vm.sh and its test harness read them,
// one line per entry), and the program JSON's `witness` object (stream → entries → E words).
import { eToJson } from '../../vm/words';
import { publicWordText } from '../../vm/public-input';
import type { AggregateWitness } from './witness';

/** The annotation lines for `witness`, each ending in a newline. */
export function witnessAnnotations(witness: AggregateWitness): string {
  const lines = [`# public_input: ${publicWordText(witness.publicInput[0])}, ${publicWordText(witness.publicInput[1])}`];
  for (const [name, entries] of witness.streams) {
    for (const entry of entries) lines.push(`# witness ${name}: ${entry.map(publicWordText).join(', ')}`);
  }
  return lines.map((l) => l + '\n').join('');
}

/** `source` (the committed program, free of per-instance data) with `witness`'s annotations
 * inserted before its first line of code. */
export function annotatedProgram(source: string, witness: AggregateWitness): string {
  const lines = source.split('\n');
  const at = lines.findIndex((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  if (at < 0) throw new Error('annotatedProgram: the source has no code');
  if (lines.some((l) => /^\s*# (witness \S+:|public_input:)/.test(l))) {
    throw new Error('annotatedProgram: the source already carries witness or public-input annotations');
  }
  return [...lines.slice(0, at), witnessAnnotations(witness).trimEnd(), ...lines.slice(at)].join('\n');
}

/** The program JSON's `witness` form: stream name → entries → E words as ["c0", "c1", "c2"]. */
export function witnessJson(witness: AggregateWitness): Record<string, [string, string, string][][]> {
  const out: Record<string, [string, string, string][][]> = {};
  for (const [name, entries] of witness.streams) out[name] = entries.map((entry) => entry.map(eToJson));
  return out;
}
